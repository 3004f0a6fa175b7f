// 'Redigera företag' (SPEC §2, §5): every field but the read-only organisation number; messages
// under the fields from the schema the server uses too.
import { updateOrganizationSchema } from '@shared/schemas/organizations';
import type { Organization } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form, useZodForm } from '@/components/ui/form';
import { ReadOnlyField } from '@/components/ui/read-only-field';

type CompanyValues = z.input<typeof updateOrganizationSchema>;
export type CompanyFormOutput = z.output<typeof updateOrganizationSchema>;

type CompanyFormDialogProps = {
  organization: Organization | null;
  isPending: boolean;
  onClose: () => void;
  onSubmit: (organization: Organization, values: CompanyFormOutput) => void;
};

export function CompanyFormDialog({ organization, isPending, onClose, onSubmit }: CompanyFormDialogProps) {
  const { t } = useTranslation('companies');
  return (
    <Dialog open={organization !== null} onClose={onClose} title={t('form.title')} size="lg">
      {organization ? (
        <CompanyForm
          key={organization.id}
          organization={organization}
          isPending={isPending}
          onCancel={onClose}
          onSubmit={(values) => onSubmit(organization, values)}
        />
      ) : null}
    </Dialog>
  );
}

type CompanyFormProps = {
  organization: Organization;
  isPending: boolean;
  onCancel: () => void;
  onSubmit: (values: CompanyFormOutput) => void;
};

function CompanyForm({ organization, isPending, onCancel, onSubmit }: CompanyFormProps) {
  const { t } = useTranslation('companies');
  const form = useZodForm(updateOrganizationSchema, {
    name: organization.name,
    address: organization.address,
    city: organization.city,
    postalCode: organization.postalCode,
    country: organization.country,
    email: organization.email,
    phone: organization.phone,
    domain: organization.domain ?? '',
  });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label={t('form.title')} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field<CompanyValues> autoFocus name="name" label={t('form.name_label')} autoComplete="organization" />
        <ReadOnlyField
          label={t('form.organization_number_label')}
          value={organization.organizationNumber}
          hint={t('form.organization_number_hint')}
        />
        <Field<CompanyValues> name="address" label={t('form.address_label')} autoComplete="street-address" className="sm:col-span-2" />
        <Field<CompanyValues> name="city" label={t('form.city_label')} autoComplete="address-level2" />
        <Field<CompanyValues> name="postalCode" label={t('form.postal_code_label')} autoComplete="postal-code" />
        <Field<CompanyValues> name="country" label={t('form.country_label')} autoComplete="country-name" />
        <Field<CompanyValues> name="email" type="email" inputMode="email" label={t('form.email_label')} autoComplete="email" />
        <Field<CompanyValues> name="phone" type="tel" inputMode="tel" label={t('form.phone_label')} autoComplete="tel" />
        <Field<CompanyValues> name="domain" label={t('form.domain_label')} placeholder={t('form.domain_placeholder')} />
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" isPending={isPending} pendingLabel={t('form.submitting')}>
          {t('form.submit')}
        </Button>
      </DialogActions>
    </Form>
  );
}
