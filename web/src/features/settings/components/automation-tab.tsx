import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SelectInput } from '@/components/ui/select-input';
import { SwitchField } from '@/components/ui/switch-field';
import { CONFIDENCE_OPTIONS, type Preferences, RETRY_OPTIONS } from '../model';
import { AiProviderSection } from './ai-provider-section';
import { SecretsSection } from './secrets-section';

type AutomationTabProps = {
  automation: Preferences['automation'];
  onChange: (automation: Preferences['automation']) => void;
  onSave: () => void;
  /** Admins and superusers add, replace and delete secrets; others see their names. */
  canManageSecrets: boolean;
};

export function AutomationTab({ automation, onChange, onSave, canManageSecrets }: AutomationTabProps) {
  const { t } = useTranslation('settings');
  return (
    <div className="space-y-8">
    <section className="space-y-4">
      <h2 className="text-base font-semibold text-slate-900">{t('automation.title')}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput
          label={t('automation.confidence')}
          hint={t('automation.confidence_hint')}
          value={String(automation.confidence)}
          options={CONFIDENCE_OPTIONS.map((value) => ({ value: String(value), label: t('automation.confidence_option', { value }) }))}
          onChange={(value) => onChange({ ...automation, confidence: Number(value) as Preferences['automation']['confidence'] })}
        />
        <SelectInput
          label={t('automation.retries')}
          value={String(automation.retries)}
          options={RETRY_OPTIONS.map((value) => ({ value: String(value), label: String(value) }))}
          onChange={(value) => onChange({ ...automation, retries: Number(value) as Preferences['automation']['retries'] })}
        />
      </div>
      <SwitchField
        label={t('automation.recovery')}
        description={t('automation.recovery_description')}
        checked={automation.recovery}
        onChange={(recovery) => onChange({ ...automation, recovery })}
      />
      <Button onClick={onSave}>{t('automation.save')}</Button>
    </section>
    <div className="border-t border-slate-100 pt-8">
      <AiProviderSection />
    </div>
    <div className="border-t border-slate-100 pt-8">
      <SecretsSection canManage={canManageSecrets} />
    </div>
    </div>
  );
}
