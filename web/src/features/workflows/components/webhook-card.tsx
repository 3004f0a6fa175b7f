// The workflow's webhook: create one, replace its address (the old one stops working) or delete it;
// disabled, with the reason, for those who may not change the workflow.
import type { CreatedWebhook, WorkflowDetail } from '@shared/types/api';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/notify';
import { PermissionNote } from '@/components/ui/permission-note';
import { useCan } from '@/lib/permissions';
import { useCreateWebhook } from '../api/create-webhook';
import { useDeleteWebhook } from '../api/delete-webhook';
import { WebhookCreatedDialog } from './webhook-created-dialog';

export function WebhookCard({ workflow }: { workflow: WorkflowDetail }) {
  const { t } = useTranslation('workflows');
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  const change = useCan('workflow.webhook', workflow);
  const reasonId = useId();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [confirming, setConfirming] = useState<'regenerate' | 'delete' | null>(null);

  const handleCreate = () =>
    create.mutate(workflow.id, {
      onSuccess: (webhook) => {
        setConfirming(null);
        setCreated(webhook);
      },
    });

  const handleDelete = () =>
    remove.mutate(workflow.id, {
      onSuccess: () => {
        setConfirming(null);
        notify.success(t('webhook.toast.deleted'));
      },
    });

  return (
    <Card title={t('webhook.title')}>
      <p className="text-sm text-slate-600">{t('webhook.description')}</p>
      <p className="mt-3 text-sm font-medium text-slate-900">{workflow.hasWebhook ? t('webhook.active') : t('webhook.none')}</p>
      {change.allowed ? null : <PermissionNote id={reasonId} reason={change.reason} className="mt-3" />}
      <fieldset disabled={!change.allowed} aria-describedby={change.allowed ? undefined : reasonId} className="mt-4 flex min-w-0 flex-wrap gap-2">
        {workflow.hasWebhook ? (
          <>
            <Button variant="secondary" size="sm" onClick={() => setConfirming('regenerate')}>
              {t('webhook.regenerate')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setConfirming('delete')}>
              {t('webhook.delete')}
            </Button>
          </>
        ) : (
          <Button size="sm" onClick={handleCreate} isPending={create.isPending} pendingLabel={t('webhook.creating')}>
            {t('webhook.create')}
          </Button>
        )}
      </fieldset>
      <ConfirmDialog
        open={confirming === 'regenerate'}
        title={t('webhook.regenerate_dialog.title')}
        description={t('webhook.regenerate_dialog.description')}
        confirmLabel={t('webhook.regenerate_dialog.confirm')}
        cancelLabel={t('webhook.regenerate_dialog.cancel')}
        pendingLabel={t('webhook.regenerate_dialog.pending')}
        isPending={create.isPending}
        onConfirm={handleCreate}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        title={t('webhook.delete_dialog.title')}
        description={t('webhook.delete_dialog.description')}
        confirmLabel={t('webhook.delete_dialog.confirm')}
        cancelLabel={t('webhook.delete_dialog.cancel')}
        pendingLabel={t('webhook.delete_dialog.pending')}
        isPending={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setConfirming(null)}
      />
      {created ? <WebhookCreatedDialog webhook={created} onClose={() => setCreated(null)} /> : null}
    </Card>
  );
}
