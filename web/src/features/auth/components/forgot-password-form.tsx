// Asks for a reset link by e-mail; afterwards shows 'Email sent' (SPEC §8).
import type { forgotPasswordSchema } from '@shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form, useZodForm } from '@/components/ui/form';
import { ArrowLeftIcon } from '@/components/ui/status-icons';
import { useForgotPassword } from '../api/forgot-password';
import { loadForgotPasswordSchema } from '../schemas';
import { AuthCard } from './auth-card';

type ForgotValues = z.input<typeof forgotPasswordSchema>;

type ForgotPasswordFormProps = {
  onBack: () => void;
};

export function ForgotPasswordForm({ onBack }: ForgotPasswordFormProps) {
  const { t } = useTranslation('auth');
  const form = useZodForm(loadForgotPasswordSchema, { email: '' });
  const forgot = useForgotPassword();

  const handleSubmit = (values: z.output<typeof forgotPasswordSchema>) => forgot.mutate(values);

  return (
    <AuthCard title={t('forgot.title')} description={forgot.isSuccess ? undefined : t('forgot.description')}>
      {forgot.isSuccess ? (
        <Alert variant="success" title={t('forgot.sent_title')}>
          {t('forgot.sent_description')}
        </Alert>
      ) : (
        <Form form={form} onSubmit={handleSubmit} aria-label={t('forgot.title')}>
          <Field<ForgotValues> name="email" type="email" inputMode="email" autoComplete="email" label={t('forgot.email_label')} />
          <Button type="submit" className="w-full" isPending={forgot.isPending} pendingLabel={t('forgot.submitting')}>
            {t('forgot.submit')}
          </Button>
        </Form>
      )}
      <button
        type="button"
        onClick={onBack}
        className="mt-6 inline-flex items-center gap-2 rounded text-sm font-medium text-indigo-600 hover:text-indigo-500"
      >
        <ArrowLeftIcon className="size-4" />
        {t('forgot.back')}
      </button>
    </AuthCard>
  );
}
