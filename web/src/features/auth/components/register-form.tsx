import type { RegisterInput, registerFormSchema } from '@shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form, useZodForm } from '@/components/ui/form';
import { ReadOnlyField } from '@/components/ui/read-only-field';
import { useRegister } from '../api/register';
import { loadRegisterSchema } from '../schemas';

type RegisterValues = z.input<typeof registerFormSchema>;

const emptyForm: RegisterValues = {
  email: '',
  fullName: '',
  password: '',
  confirmPassword: '',
  organizationName: '',
  organizationNumber: '',
  address: '',
  city: '',
  postalCode: '',
  organizationEmail: '',
  phone: '',
};

type RegisterFormProps = {
  onSuccess: () => void;
};

export function RegisterForm({ onSuccess }: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const form = useZodForm(loadRegisterSchema, emptyForm);
  const registration = useRegister();

  const handleSubmit = (payload: RegisterInput) => registration.mutate(payload, { onSuccess });

  return (
    <Form form={form} onSubmit={handleSubmit} aria-label={t('tabs.register')} className="space-y-8">
      <fieldset className="space-y-5">
        <legend className="text-base font-semibold text-slate-900">{t('register.personal_heading')}</legend>
        <Field<RegisterValues>
          name="fullName"
          autoComplete="name"
          label={t('register.full_name_label')}
          placeholder={t('register.full_name_placeholder')}
        />
        <Field<RegisterValues>
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          label={t('register.email_label')}
          placeholder={t('register.email_placeholder')}
        />
        <Field<RegisterValues>
          name="password"
          type="password"
          autoComplete="new-password"
          label={t('register.password_label')}
          hint={t('register.password_hint')}
        />
        <Field<RegisterValues>
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          label={t('register.confirm_password_label')}
        />
      </fieldset>

      <fieldset className="space-y-5 border-t border-slate-200 pt-6">
        <div>
          <legend className="text-base font-semibold text-slate-900">{t('register.company_heading')}</legend>
          <p className="mt-1 text-sm text-slate-500">{t('register.company_description')}</p>
        </div>
        <Field<RegisterValues> name="organizationName" autoComplete="organization" label={t('register.organization_name_label')} />
        <Field<RegisterValues>
          name="organizationNumber"
          inputMode="numeric"
          label={t('register.organization_number_label')}
          placeholder={t('register.organization_number_placeholder')}
        />
        <Field<RegisterValues> name="address" autoComplete="street-address" label={t('register.address_label')} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field<RegisterValues> name="postalCode" autoComplete="postal-code" inputMode="numeric" label={t('register.postal_code_label')} />
          <Field<RegisterValues> name="city" autoComplete="address-level2" label={t('register.city_label')} />
        </div>
        <ReadOnlyField label={t('register.country_label')} value={t('register.country_value')} hint={t('register.country_hint')} />
        <Field<RegisterValues>
          name="organizationEmail"
          type="email"
          inputMode="email"
          autoComplete="email"
          label={t('register.organization_email_label')}
          placeholder={t('register.organization_email_placeholder')}
        />
        <Field<RegisterValues> name="phone" type="tel" inputMode="tel" autoComplete="tel" label={t('register.phone_label')} />
      </fieldset>

      <Button type="submit" className="w-full" isPending={registration.isPending} pendingLabel={t('register.submitting')}>
        {t('register.submit')}
      </Button>
    </Form>
  );
}
