// The webhook's address and key, shown once right after the webhook was created (or its key replaced),
// with copy buttons. The key goes in the Authorization header; the old form, the key in the address, is
// shown folded away as legacy (addresses end up in logs). Also the signing secret's dialog.
import type { CreatedWebhook, WebhookSigningSecret } from '@shared/types/api';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { CheckIcon, DuplicateIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/notify';

/** A read-only value with a copy button. */
export function CopyField({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const { t } = useTranslation('workflows');
  const id = useId();
  const [copied, setCopied] = useState(false);

  const handleCopy = () => {
    const copy = navigator.clipboard?.writeText(value) ?? Promise.reject(new Error('clipboard unavailable'));
    copy.then(
      () => {
        setCopied(true);
        notify.success(t('webhook.toast.copied'));
      },
      () => notify.error(t('webhook.toast.copy_failed'), t('webhook.toast.copy_failed_description')),
    );
  };

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1.5 flex gap-2">
        <Input id={id} readOnly value={value} onFocus={(event) => event.target.select()} className="font-mono" />
        <Button variant="secondary" onClick={handleCopy} className="shrink-0">
          {copied ? <CheckIcon className="size-4" /> : <DuplicateIcon className="size-4" />}
          {copied ? t('webhook.created.copied') : copyLabel}
        </Button>
      </div>
    </div>
  );
}

const code = 'rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-800';

export function WebhookCreatedDialog({ webhook, onClose }: { webhook: CreatedWebhook; onClose: () => void }) {
  const { t } = useTranslation('workflows');
  return (
    <Dialog open onClose={onClose} title={t('webhook.created.title')} description={t('webhook.created.description')} size="lg">
      <div className="space-y-4">
        <CopyField label={t('webhook.created.url_label')} value={webhook.url} copyLabel={t('webhook.created.copy_url')} />
        <CopyField label={t('webhook.created.token_label')} value={webhook.token} copyLabel={t('webhook.created.copy_token')} />
        <p className="text-sm text-slate-600">
          {t('webhook.created.header_usage')} <code className={code}>{t('webhook.created.header_example')}</code>
        </p>
        <p className="text-sm text-slate-600">{t('webhook.created.usage', { input: '{{input.name}}' })}</p>
        {webhook.signed ? <p className="text-sm text-slate-600">{t('webhook.created.signed')}</p> : null}
        <details className="rounded-md border border-slate-200 p-3 text-sm text-slate-600">
          <summary className="cursor-pointer font-medium text-slate-800">{t('webhook.created.legacy_title')}</summary>
          <p className="my-2">{t('webhook.created.legacy_description')}</p>
          <CopyField label={t('webhook.created.legacy_label')} value={webhook.legacyUrl} copyLabel={t('webhook.created.copy_legacy')} />
        </details>
      </div>
      <DialogActions>
        <Button onClick={onClose}>{t('webhook.created.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export function WebhookSigningDialog({ signing, onClose }: { signing: WebhookSigningSecret; onClose: () => void }) {
  const { t } = useTranslation('workflows');
  return (
    <Dialog open onClose={onClose} title={t('webhook.signing_created.title')} description={t('webhook.signing_created.description')} size="lg">
      <div className="space-y-4">
        <CopyField label={t('webhook.signing_created.secret_label')} value={signing.signingSecret} copyLabel={t('webhook.signing_created.copy')} />
        <p className="text-sm text-slate-600">
          {t('webhook.signing_created.usage')} <code className={code}>{t('webhook.signing_created.header_example', { header: signing.header })}</code>
        </p>
      </div>
      <DialogActions>
        <Button onClick={onClose}>{t('webhook.signing_created.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
