import { useTranslation } from 'react-i18next';
import { BROWSERS, type OnboardingDraft, RECORDING_MODES } from '../model';
import { ChoiceGroup } from './choice-group';

type PrepareStepProps = {
  draft: OnboardingDraft;
  onChange: (patch: Partial<OnboardingDraft>) => void;
};

const tips = ['login', 'close', 'data'] as const;

export function PrepareStep({ draft, onChange }: PrepareStepProps) {
  const { t } = useTranslation('onboarding');
  return (
    <div className="space-y-5">
      <ChoiceGroup
        legend={t('steps.prepare.browser_label')}
        name="onboarding-browser"
        value={draft.browser}
        options={BROWSERS.map((value) => ({ value, label: t(`values.browser.${value}`) }))}
        onChange={(browser) => onChange({ browser })}
      />
      <ChoiceGroup
        legend={t('steps.prepare.mode_label')}
        name="onboarding-mode"
        value={draft.recordingMode}
        options={RECORDING_MODES.map((value) => ({
          value,
          label: t(`values.mode.${value}`),
          description: t(`values.mode.${value}_description`),
        }))}
        onChange={(recordingMode) => onChange({ recordingMode })}
      />
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
