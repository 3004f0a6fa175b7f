// Change only the sites a secret may be typed on (PATCH), its value untouched: how an administrator makes
// a secret saved before secrets had sites usable again, or adds a site.
import type { SecretInfo } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Form, useZodForm } from '@/components/ui/form';
import { notify } from '@/components/ui/notify';
import { TextareaField } from '@/components/ui/textarea-field';
import { useUpdateSecretSites } from '../api/update-secret-sites';
import { secretFormSchema } from '@shared/schemas/secrets';
import type { z } from 'zod';

const sitesFormSchema = secretFormSchema.pick({ origins: true });
type SitesFormInput = z.input<typeof sitesFormSchema>;
type SitesFormOutput = z.output<typeof sitesFormSchema>;

type SecretSitesDialogProps = {
  /** The secret whose sites are edited; null: closed. */
  secret: SecretInfo | null;
  onClose: () => void;
};

export function SecretSitesDialog({ secret, onClose }: SecretSitesDialogProps) {
  const { t } = useTranslation('settings');
  const name = secret?.name ?? '';
  return (
    <Dialog
      open={secret !== null}
      onClose={onClose}
      title={t('secrets.sites_dialog.title', { name })}
      description={t('secrets.sites_dialog.description', { name })}
    >
      {secret ? <SecretSitesForm secret={secret} onDone={onClose} /> : null}
    </Dialog>
  );
}

function SecretSitesForm({ secret, onDone }: { secret: SecretInfo; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const update = useUpdateSecretSites();
  const form = useZodForm(sitesFormSchema, { origins: secret.origins.join('\n') });

  const handleSubmit = ({ origins }: SitesFormOutput) =>
    update.mutate(
      { name: secret.name, origins },
      {
        onSuccess: () => {
          onDone();
          notify.success(t('secrets.toast.sites_saved'), t('secrets.toast.sites_saved_description', { name: secret.name }));
        },
      },
    );

  return (
    <Form
      form={form}
      onSubmit={handleSubmit}
      aria-label={t('secrets.sites_dialog.title', { name: secret.name })}
      className="space-y-4"
    >
      <TextareaField<SitesFormInput>
        name="origins"
        label={t('secrets.form.sites_label')}
        hint={t('secrets.form.sites_hint')}
        placeholder={t('secrets.form.sites_placeholder')}
        rows={4}
      />
      <DialogActions>
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          {t('secrets.sites_dialog.cancel')}
        </Button>
        <Button type="submit" isPending={update.isPending} pendingLabel={t('secrets.sites_dialog.saving')}>
          {t('secrets.sites_dialog.save')}
        </Button>
      </DialogActions>
    </Form>
  );
}
