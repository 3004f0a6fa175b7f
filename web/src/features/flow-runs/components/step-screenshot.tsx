// A step's screenshot: a thumbnail that opens the picture larger in a dialog.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { runScreenshotUrl } from '../api/get-run-screenshot';

type StepScreenshotProps = {
  runId: string;
  stepResultId: string;
  /** 1-based. */
  step: number;
  description: string;
};

export function StepScreenshot({ runId, stepResultId, step, description }: StepScreenshotProps) {
  const { t } = useTranslation('flow_runs');
  const [open, setOpen] = useState(false);
  const src = runScreenshotUrl(runId, stepResultId);
  const alt = t('details.screenshot.alt', { step, description });
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('details.screenshot.open', { step })}
        className="block overflow-hidden rounded-lg ring-1 ring-slate-200 hover:ring-indigo-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <img src={src} alt={alt} loading="lazy" className="h-24 w-40 object-cover object-top" />
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('details.screenshot.title', { step })} size="lg" closeButton>
        <img src={src} alt={alt} className="w-full rounded-lg ring-1 ring-slate-200" />
      </Dialog>
    </>
  );
}
