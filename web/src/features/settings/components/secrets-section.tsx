// Settings → Automation → Secrets: the organisation's secret names with when they changed; admins
// and superusers add, replace and delete them, plain users only see the names.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notify';
import { SkeletonList } from '@/components/ui/skeleton-list';
import { formatDateTime } from '@/lib/format';
import { useDeleteSecret } from '../api/delete-secret';
import { secretsQueryOptions } from '../api/get-secrets';
import { SecretForm } from './secret-form';

const SECRET_SKELETON_COUNT = 3;

export function SecretsSection({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('settings');
  const secrets = useQuery(secretsQueryOptions());
  const remove = useDeleteSecret();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [replace, setReplace] = useState<{ name: string; at: number } | null>(null);

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
      {secrets.isPending ? (
        <SkeletonList count={SECRET_SKELETON_COUNT} label={t('secrets.loading')} itemClassName="h-12 rounded-lg" />
      ) : secrets.isError ? (
        <LoadError title={t('secrets.load_error')} error={secrets.error} retryLabel={t('secrets.retry')} onRetry={() => void secrets.refetch()} />
      ) : secrets.data.length === 0 ? (
        <p className="text-sm text-slate-500">{t('secrets.empty')}</p>
      ) : (
        <ul aria-label={t('secrets.list_label')} className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
          {secrets.data.map((secret) => (
            <li key={secret.name} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="truncate font-mono text-sm font-medium text-slate-900">{secret.name}</p>
                <p className="text-xs text-slate-500">{t('secrets.updated', { time: formatDateTime(secret.updatedAt) })}</p>
              </div>
              {canManage ? (
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('secrets.replace_named', { name: secret.name })}
                    onClick={() => setReplace({ name: secret.name, at: Date.now() })}
                  >
                    {t('secrets.replace')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('secrets.delete_named', { name: secret.name })}
                    onClick={() => setDeleting(secret.name)}
                  >
                    {t('secrets.delete')}
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canManage ? (
        <SecretForm existing={secrets.data?.map((secret) => secret.name) ?? []} replace={replace} />
      ) : (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600 ring-1 ring-slate-200 ring-inset">{t('secrets.read_only')}</p>
      )}
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
