// One saved secret: its name, when it changed and the sites it may be typed on, or a warning that runs
// cannot use it while it has none; admins and superusers also get its actions.
import type { SecretInfo } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';

type SecretRowProps = {
  secret: SecretInfo;
  canManage: boolean;
  onChangeSites: (secret: SecretInfo) => void;
  onReplace: (secret: SecretInfo) => void;
  onDelete: (name: string) => void;
};

export function SecretRow({ secret, canManage, onChangeSites, onReplace, onDelete }: SecretRowProps) {
  const { t } = useTranslation('settings');
  const actions = [
    { key: 'change_sites', variant: 'secondary', onClick: () => onChangeSites(secret) },
    { key: 'replace', variant: 'secondary', onClick: () => onReplace(secret) },
    { key: 'delete', variant: 'ghost', onClick: () => onDelete(secret.name) },
  ] as const;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0 space-y-0.5">
        <div className="flex flex-wrap items-center gap-2">
          <p className="truncate font-mono text-sm font-medium text-slate-900">{secret.name}</p>
          {secret.origins.length === 0 ? <Badge tone="amber">{t('secrets.no_sites')}</Badge> : null}
        </div>
        {secret.origins.length === 0 ? (
          <p className="text-xs text-amber-800">{t('secrets.no_sites_warning')}</p>
        ) : (
          <p className="text-xs break-all text-slate-600">{t('secrets.sites', { sites: secret.origins.join(', ') })}</p>
        )}
        <p className="text-xs text-slate-500">{t('secrets.updated', { time: formatDateTime(secret.updatedAt) })}</p>
      </div>
      {canManage ? (
        <div className="flex flex-wrap gap-2">
          {actions.map(({ key, variant, onClick }) => (
            <Button
              key={key}
              variant={variant}
              size="sm"
              aria-label={t(`secrets.${key}_named`, { name: secret.name })}
              onClick={onClick}
            >
              {t(`secrets.${key}`)}
            </Button>
          ))}
        </div>
      ) : null}
    </li>
  );
}
