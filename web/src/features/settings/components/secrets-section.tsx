// Settings → Automation → Secrets: the organisation's secret names with their sites and when they changed,
// and a notice while some have no sites (runs cannot use those); admins and superusers add, replace and
// delete them and change their sites, plain users only see them.
import type { SecretInfo } from '@shared/types/api';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notify';
import { SkeletonList } from '@/components/ui/skeleton-list';
import { useDeleteSecret } from '../api/delete-secret';
import { secretsQueryOptions } from '../api/get-secrets';
import { SecretForm } from './secret-form';
import { SecretRow } from './secret-row';
import { SecretSitesDialog } from './secret-sites-dialog';

const SECRET_SKELETON_COUNT = 3;

export function SecretsSection({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('settings');
  const secrets = useQuery(secretsQueryOptions());
  const remove = useDeleteSecret();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [replace, setReplace] = useState<{ name: string; origins: string[]; at: number } | null>(null);
  const [changingSites, setChangingSites] = useState<SecretInfo | null>(null);
  const withoutSites = secrets.data?.filter((secret) => secret.origins.length === 0).length ?? 0;

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSuccess: () => {
        setDeleting(null);
        notify.success(t('secrets.toast.deleted'));
      },
    });
  };

  return (
    <section aria-labelledby="settings-secrets-title" className="space-y-4">
      <div>
        <h2 id="settings-secrets-title" className="text-base font-semibold text-slate-900">
          {t('secrets.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('secrets.description', { reference: '{{secret.NAME}}' })}</p>
      </div>
      {withoutSites > 0 ? (
        <Alert variant="warning" title={t('secrets.no_sites_notice.title', { count: withoutSites })}>
          {canManage
            ? t('secrets.no_sites_notice.manage', { count: withoutSites })
            : t('secrets.no_sites_notice.read_only', { count: withoutSites })}
        </Alert>
      ) : null}
      {secrets.isPending ? (
        <SkeletonList count={SECRET_SKELETON_COUNT} label={t('secrets.loading')} itemClassName="h-12 rounded-lg" />
      ) : secrets.isError ? (
        <LoadError title={t('secrets.load_error')} error={secrets.error} retryLabel={t('secrets.retry')} onRetry={() => void secrets.refetch()} />
      ) : secrets.data.length === 0 ? (
        <p className="text-sm text-slate-500">{t('secrets.empty')}</p>
      ) : (
        <ul aria-label={t('secrets.list_label')} className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
          {secrets.data.map((secret) => (
            <SecretRow
              key={secret.name}
              secret={secret}
              canManage={canManage}
              onChangeSites={setChangingSites}
              onReplace={({ name, origins }) => setReplace({ name, origins, at: Date.now() })}
              onDelete={setDeleting}
            />
          ))}
        </ul>
      )}
      {canManage ? (
        <SecretForm existing={secrets.data?.map((secret) => secret.name) ?? []} replace={replace} />
      ) : (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600 ring-1 ring-slate-200 ring-inset">{t('secrets.read_only')}</p>
      )}
      <SecretSitesDialog secret={changingSites} onClose={() => setChangingSites(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('secrets.delete_dialog.title')}
        description={t('secrets.delete_dialog.description', { name: deleting ?? '' })}
        confirmLabel={t('secrets.delete_dialog.confirm')}
        cancelLabel={t('secrets.delete_dialog.cancel')}
        pendingLabel={t('secrets.delete_dialog.deleting')}
        isPending={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
