import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SwitchField } from '@/components/ui/switch-field';
import type { Preferences } from '../model';

type NotificationsTabProps = {
  notifications: Preferences['notifications'];
  onChange: (notifications: Preferences['notifications']) => void;
  onSave: () => void;
};

const keys = ['email', 'errors', 'success', 'weekly'] as const;

export function NotificationsTab({ notifications, onChange, onSave }: NotificationsTabProps) {
  const { t } = useTranslation('settings');
  return (
    <section className="space-y-2">
      <h2 className="text-base font-semibold text-slate-900">{t('notifications.title')}</h2>
      <div className="divide-y divide-slate-100">
        {keys.map((key) => (
          <SwitchField
            key={key}
            label={t(`notifications.${key}`)}
            description={t(`notifications.${key}_description`)}
            checked={notifications[key]}
            onChange={(checked) => onChange({ ...notifications, [key]: checked })}
          />
        ))}
      </div>
      <Button onClick={onSave}>{t('notifications.save')}</Button>
    </section>
  );
}
