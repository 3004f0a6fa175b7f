// The workflow's webhook: create one, replace its key (the old one stops working) or delete it; turn
// signing on (a signing secret, shown once), renew the secret, or turn it off. Disabled, with the reason, for
// those who may not change the workflow.
import type { CreatedWebhook, WebhookSigningSecret, WorkflowDetail } from '@shared/types/api';
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
import { useDisableWebhookSigning, useEnableWebhookSigning } from '../api/webhook-signing';
import { WebhookCreatedDialog, WebhookSigningDialog } from './webhook-created-dialog';

type Confirming = 'regenerate' | 'delete' | 'renew_signing' | 'disable_signing';

export function WebhookCard({ workflow }: { workflow: WorkflowDetail }) {
  const { t } = useTranslation('workflows');
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  const enableSigning = useEnableWebhookSigning();
  const disableSigning = useDisableWebhookSigning();
  const change = useCan('workflow.webhook', workflow);
  const reasonId = useId();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [signing, setSigning] = useState<WebhookSigningSecret | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  /** Closes the confirmation, then shows what the change gave. */
  const done = <T,>(then: (value: T) => void) => ({
    onSuccess: (value: T) => {
      setConfirming(null);
      then(value);
    },
  });
  const handleCreate = () => create.mutate(workflow.id, done(setCreated));
  const handleDelete = () => remove.mutate(workflow.id, done(() => notify.success(t('webhook.toast.deleted'))));
  const handleEnableSigning = () => enableSigning.mutate(workflow.id, done(setSigning));
  const handleDisableSigning = () => disableSigning.mutate(workflow.id, done(() => notify.success(t('webhook.toast.signing_off'))));

  const dialog = (kind: Confirming, onConfirm: () => void, isPending: boolean) => (
    <ConfirmDialog
      open={confirming === kind}
      title={t(`webhook.${kind}_dialog.title`)}
      description={t(`webhook.${kind}_dialog.description`)}
      confirmLabel={t(`webhook.${kind}_dialog.confirm`)}
      cancelLabel={t('webhook.cancel')}
      pendingLabel={t(`webhook.${kind}_dialog.pending`)}
      isPending={isPending}
      onConfirm={onConfirm}
      onClose={() => setConfirming(null)}
    />
  );

  return (
    <Card title={t('webhook.title')}>
      <p className="text-sm text-slate-600">{t('webhook.description')}</p>
      <p className="mt-3 text-sm font-medium text-slate-900">{workflow.hasWebhook ? t('webhook.active') : t('webhook.none')}</p>
      {workflow.hasWebhook ? (
        <>
          <p className="mt-2 text-sm text-slate-600">{workflow.webhookSigned ? t('webhook.signing_on') : t('webhook.signing_off')}</p>
          <p className="mt-2 text-sm text-slate-600">{t('webhook.limits')}</p>
        </>
      ) : null}
      {change.allowed ? null : <PermissionNote id={reasonId} reason={change.reason} className="mt-3" />}
      <fieldset disabled={!change.allowed} aria-describedby={change.allowed ? undefined : reasonId} className="mt-4 flex min-w-0 flex-wrap gap-2">
        {workflow.hasWebhook ? (
          <>
            <Button variant="secondary" size="sm" onClick={() => setConfirming('regenerate')}>
              {t('webhook.regenerate')}
            </Button>
            {workflow.webhookSigned ? (
              <>
                <Button variant="secondary" size="sm" onClick={() => setConfirming('renew_signing')}>
                  {t('webhook.renew_signing')}
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setConfirming('disable_signing')}>
                  {t('webhook.disable_signing')}
                </Button>
              </>
            ) : (
              <Button
                variant="secondary"
                size="sm"
                onClick={handleEnableSigning}
                isPending={enableSigning.isPending}
                pendingLabel={t('webhook.creating')}
              >
                {t('webhook.enable_signing')}
              </Button>
            )}
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
      {dialog('regenerate', handleCreate, create.isPending)}
      {dialog('delete', handleDelete, remove.isPending)}
      {dialog('renew_signing', handleEnableSigning, enableSigning.isPending)}
      {dialog('disable_signing', handleDisableSigning, disableSigning.isPending)}
      {created ? <WebhookCreatedDialog webhook={created} onClose={() => setCreated(null)} /> : null}
      {signing ? <WebhookSigningDialog signing={signing} onClose={() => setSigning(null)} /> : null}
    </Card>
  );
}
