// Before recording: what helps a recording replay well. The recorder is the Kollega Recorder extension in a
// Chromium browser (Chrome, Edge); there is nothing to choose here.
import { useTranslation } from 'react-i18next';

const tips = ['login', 'close', 'data'] as const;

export function PrepareStep() {
  const { t } = useTranslation('onboarding');
  return (
    <div className="rounded-lg bg-slate-50 p-4">
      <p className="text-sm font-semibold text-slate-900">{t('steps.prepare.tips_title')}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600">
        {tips.map((tip) => (
          <li key={tip}>{t(`steps.prepare.tips.${tip}`)}</li>
        ))}
      </ul>
    </div>
  );
}
