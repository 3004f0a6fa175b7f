// The webhook's URL, shown once right after it was created, with a copy button.
import type { CreatedWebhook } from '@shared/types/api';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { CheckIcon, DuplicateIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/notify';

type WebhookCreatedDialogProps = {
  webhook: CreatedWebhook;
  onClose: () => void;
};

export function WebhookCreatedDialog({ webhook, onClose }: WebhookCreatedDialogProps) {
  const { t } = useTranslation('workflows');
  const id = useId();
  const [copied, setCopied] = useState(false);

  const handleCopy = () => {
    const copy = navigator.clipboard?.writeText(webhook.url) ?? Promise.reject(new Error('clipboard unavailable'));
    copy.then(
      () => {
        setCopied(true);
        notify.success(t('webhook.toast.copied'));
      },
      () => notify.error(t('webhook.toast.copy_failed'), t('webhook.toast.copy_failed_description')),
    );
  };

  return (
    <Dialog open onClose={onClose} title={t('webhook.created.title')} description={t('webhook.created.description')} size="lg">
      <div className="space-y-4">
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            {t('webhook.created.url_label')}
          </label>
          <div className="mt-1.5 flex gap-2">
            <Input id={id} readOnly value={webhook.url} onFocus={(event) => event.target.select()} className="font-mono" />
            <Button variant="secondary" onClick={handleCopy}>
              {copied ? <CheckIcon className="size-4" /> : <DuplicateIcon className="size-4" />}
              {copied ? t('webhook.created.copied') : t('webhook.created.copy')}
            </Button>
          </div>
        </div>
        <p className="text-sm text-slate-600">{t('webhook.created.usage', { input: '{{input.name}}' })}</p>
      </div>
      <DialogActions>
        <Button onClick={onClose}>{t('webhook.created.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
