// Automation: the organisation's settings (what they drive is said beside each), the AI provider and the secrets.
import { OrganizationSettingsForm } from './organization-settings-form';
import { AiProviderSection } from './ai-provider-section';
import { SecretsSection } from './secrets-section';

type AutomationTabProps = {
  /** Admins change the organisation's settings; others see them. */
  canManageSettings: boolean;
  /** Admins and superusers add, replace and delete secrets; others see their names. */
  canManageSecrets: boolean;
};

export function AutomationTab({ canManageSettings, canManageSecrets }: AutomationTabProps) {
  return (
    <div className="space-y-8">
      <OrganizationSettingsForm canManage={canManageSettings} />
      <div className="border-t border-slate-100 pt-8">
        <AiProviderSection />
      </div>
      <div className="border-t border-slate-100 pt-8">
        <SecretsSection canManage={canManageSecrets} />
      </div>
    </div>
  );
}
