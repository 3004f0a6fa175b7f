// "Peka ut" in the step dialog of an element step: the page to open (the workflow's address at that point,
// editable), the button that opens it through Kollega Recorder, what is going on while the person points,
// and the element picked (its name and picture; its selectors stay under "Avancerat"). Without the extension
// it says so and links to the install page.
import type { PickedElement } from '@extension/pick-protocol';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useElementPicker } from '../hooks/use-element-picker';

type PickElementFieldProps = {
  /** The page to open first. */
  url: string;
  /** What was picked in this dialog (its name and picture), if anything. */
  picked: { label: string; thumbnail?: string } | null;
  onPicked: (element: PickedElement) => void;
};

export function PickElementField({ url: initialUrl, picked, onPicked }: PickElementFieldProps) {
  const { t } = useTranslation('workflows');
  const { installed, state, pick, cancel } = useElementPicker(onPicked);
  const [url, setUrl] = useState(initialUrl);
  const [missing, setMissing] = useState(false);
  const urlId = useId();
  const hintId = useId();

  if (!installed)
    return (
      <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
        <p>{t('pick.no_extension')}</p>
        <Link to="/recorder-extension" className="mt-1 inline-block font-semibold text-indigo-700 underline hover:text-indigo-600">
          {t('pick.install')}
        </Link>
      </div>
    );

  const handlePick = () => {
    const address = url.trim();
    setMissing(address === '');
    if (address) pick(/^https?:\/\//i.test(address) ? address : `https://${address}`);
  };

  const message =
    state === 'picking' ? t('pick.picking') : state === 'idle' ? null : state === 'cancelled' ? t('pick.cancelled') : t(`pick.${state}`);

  return (
    <div className="space-y-3 rounded-lg bg-indigo-50/60 p-3 ring-1 ring-indigo-100">
      <p className="text-sm text-slate-700">{t('pick.description')}</p>
      <div>
        <label htmlFor={urlId} className="block text-sm font-medium text-slate-800">
          {t('pick.url_label')}
        </label>
        <Input
          id={urlId}
          type="url"
          inputMode="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          aria-describedby={hintId}
          invalid={missing}
          className="mt-1"
        />
        <p id={hintId} className={`mt-1 text-xs ${missing ? 'text-red-700' : 'text-slate-500'}`}>
          {missing ? t('pick.url_missing') : t('pick.url_hint')}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {state === 'picking' ? (
          <Button variant="secondary" size="sm" onClick={cancel}>
            {t('pick.cancel')}
          </Button>
        ) : (
          <Button size="sm" onClick={handlePick}>
            {picked ? t('pick.button_again') : t('pick.button')}
          </Button>
        )}
        <p role="status" className="text-sm text-slate-700">
          {message ?? (picked ? (picked.label ? t('pick.picked', { name: picked.label }) : t('pick.picked_unnamed')) : null)}
        </p>
      </div>
      {picked?.thumbnail && state !== 'picking' ? (
        <img src={picked.thumbnail} alt={t('pick.thumbnail')} className="max-h-24 rounded border border-slate-200 bg-white" />
      ) : null}
    </div>
  );
}
