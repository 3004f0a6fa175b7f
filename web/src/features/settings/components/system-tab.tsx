// System information: only what the build knows (its version, from package.json through vite.config.ts), and
// dropping the lists this browser has cached.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/notify';

export function SystemTab() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();

  const handleClearCache = () => {
    // Cached lists no screen shows right now (the session stays): fetched again when next shown.
    queryClient.removeQueries({ type: 'inactive' });
    notify.success(t('toast.cache_cleared'), t('toast.cache_cleared_description'));
  };

  return (
    <div className="space-y-8">
      <section>
        <h2 className="text-base font-semibold text-slate-900">{t('system.title')}</h2>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2">
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-500">{t('system.version')}</dt>
            <dd className="font-semibold text-slate-900">{__APP_VERSION__}</dd>
          </div>
        </dl>
      </section>
      <section>
        <h2 className="text-base font-semibold text-slate-900">{t('system.actions_title')}</h2>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={handleClearCache}>
            {t('system.clear_cache')}
          </Button>
        </div>
      </section>
    </div>
  );
}
