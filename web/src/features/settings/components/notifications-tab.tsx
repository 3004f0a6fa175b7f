// Notifieringar: what the bell tells (always: the person's own failed runs, tasks for them or their role, their
// finished batches) and the one thing a person chooses: an e-mail when a run of theirs fails, in the app's
// language at the time they turn it on.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/ui/notify';
import { Spinner } from '@/components/ui/spinner';
import { SwitchField } from '@/components/ui/switch-field';
import { notificationPreferencesQueryOptions } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';

export function NotificationsTab() {
  const { t } = useTranslation('settings');
  const preferences = useQuery(notificationPreferencesQueryOptions());
  const save = useUpdateNotificationPreferences();

  const handleChange = (emailRunFailed: boolean) =>
    save.mutate({ emailRunFailed }, { onSuccess: () => notify.success(t(emailRunFailed ? 'toast.email_on' : 'toast.email_off')) });

  return (
    <section aria-labelledby="notifications-title" className="space-y-4">
      <div>
        <h2 id="notifications-title" className="text-base font-semibold text-slate-900">
          {t('notifications.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('notifications.bell')}</p>
      </div>
      {preferences.isPending ? (
        <Spinner label={t('notifications.loading')} />
      ) : preferences.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('notifications.error')}
        </p>
      ) : (
        <SwitchField
          label={t('notifications.email_run_failed')}
          description={t('notifications.email_run_failed_description')}
          checked={save.isPending ? (save.variables?.emailRunFailed ?? preferences.data.emailRunFailed) : preferences.data.emailRunFailed}
          onChange={handleChange}
        />
      )}
    </section>
  );
}
