// A run a decision stopped (status `stopped`, docs/automation.md "Runs"): which step's decision, what the
// runner says was chosen and by whom, and the way to where it is reviewed (the error queue).
import type { Run } from '@shared/types/api';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button-styles';
import { StopIcon } from '@/components/ui/icons';

export function RunStoppedBox({ run }: { run: Pick<Run, 'errorMessage' | 'failedStep'> }) {
  const { t } = useTranslation('flow_runs');
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
      <span className="flex min-w-0 gap-2">
        <StopIcon className="size-5 shrink-0 text-amber-600" />
        <span className="min-w-0">
          <span className="block font-semibold">
            {run.failedStep !== null ? t('run.stopped_title', { step: run.failedStep + 1 }) : t('status.stopped')}
          </span>
          <span className="block">{t('run.stopped_description')}</span>
        </span>
      </span>
      <Link to="/error-queue" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        {t('run.stopped_review')}
      </Link>
    </div>
  );
}
