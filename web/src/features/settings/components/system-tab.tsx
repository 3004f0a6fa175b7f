// System information and the local data actions. The version is the build's own (package.json, injected
// by vite.config.ts); nothing here claims what the product does not keep (no backup time).
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

type SystemTabProps = {
  onExport: () => void;
  onClearCache: () => void;
  onReset: () => void;
};

const facts = ['api_version', 'data_location'] as const;

export function SystemTab({ onExport, onClearCache, onReset }: SystemTabProps) {
  const { t } = useTranslation('settings');
  return (
    <div className="space-y-8">
      <section>
        <h2 className="text-base font-semibold text-slate-900">{t('system.title')}</h2>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2">
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-500">{t('system.version')}</dt>
            <dd className="font-semibold text-slate-900">{__APP_VERSION__}</dd>
          </div>
          {facts.map((fact) => (
            <div key={fact} className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-slate-500">{t(`system.${fact}`)}</dt>
              <dd className="font-semibold text-slate-900">{t(`system.${fact}_value`)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section>
        <h2 className="text-base font-semibold text-slate-900">{t('system.actions_title')}</h2>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onExport}>
            {t('system.export')}
          </Button>
          <Button variant="secondary" onClick={onClearCache}>
            {t('system.clear_cache')}
          </Button>
          <Button variant="destructive" onClick={onReset}>
            {t('system.reset')}
          </Button>
        </div>
      </section>
    </div>
  );
}
