import { useTranslation } from 'react-i18next';

const tips = ['login', 'close', 'data'] as const;

// Before recording: tips. (The recording runs in the browser the Kollega Recorder extension is installed in,
// Chrome or Edge, and records every action the same way: there is no browser or mode to choose.)
export function PrepareStep() {
  const { t } = useTranslation('onboarding');
  return (
    <div className="space-y-5">
      <div className="rounded-lg bg-slate-50 p-4">
        <p className="text-sm font-semibold text-slate-900">{t('steps.prepare.tips_title')}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600">
          {tips.map((tip) => (
            <li key={tip}>{t(`steps.prepare.tips.${tip}`)}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
