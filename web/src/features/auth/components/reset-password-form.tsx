// The new-password form of /reset-password. Errors show in an alert (SPEC §8): missing token,
// the server's `error`, else 'Failed to reset password'; a network failure 'An error occurred'.
import { Link } from '@tanstack/react-router';
import type { resetPasswordFormSchema } from '@shared/schemas/auth';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form, useZodForm } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { useResetPassword } from '../api/reset-password';
import { loadResetPasswordFormSchema } from '../schemas';
import { AuthCard } from './auth-card';

export const RESET_REDIRECT_DELAY_MS = 3000;

type ResetValues = z.input<typeof resetPasswordFormSchema>;

type ResetPasswordFormProps = {
  token: string;
  /** Called RESET_REDIRECT_DELAY_MS after a successful reset. */
  onDone: () => void;
};

export function ResetPasswordForm({ token, onDone }: ResetPasswordFormProps) {
  const { t } = useTranslation('auth');
  const form = useZodForm(loadResetPasswordFormSchema, { password: '', confirmPassword: '' });
  const reset = useResetPassword();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const finish = useEffectEvent(onDone);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => finish(), RESET_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [done]);

  const handleSubmit = ({ password }: z.output<typeof resetPasswordFormSchema>) => {
    setError(null);
    if (!token.trim()) {
      setError(t('reset.errors.missing_token'));
      return;
    }
    reset.mutate(
      { token, password, language: currentLanguage() },
      {
        onSuccess: (result) => (result.ok ? setDone(true) : setError(result.error ?? t('reset.errors.failed'))),
        onError: (failure) =>
          setError(failure instanceof ApiError ? (failure.serverMessage ?? t('reset.errors.failed')) : t('reset.errors.network')),
      },
    );
  };

  if (done) {
    return (
      <AuthCard title={t('reset.success_title')}>
        <Alert variant="success">{t('reset.success_description')}</Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} description={t('reset.description')}>
      <Form form={form} onSubmit={handleSubmit} aria-label={t('reset.title')}>
        {error ? <Alert variant="error">{error}</Alert> : null}
        <Field<ResetValues>
          name="password"
          type="password"
          autoComplete="new-password"
          label={t('reset.password_label')}
          hint={t('reset.password_hint')}
        />
        <Field<ResetValues> name="confirmPassword" type="password" autoComplete="new-password" label={t('reset.confirm_password_label')} />
        <Button type="submit" className="w-full" isPending={reset.isPending} pendingLabel={t('reset.submitting')}>
          {t('reset.submit')}
        </Button>
      </Form>
      <Link to="/auth" className="mt-6 inline-block rounded text-sm font-medium text-indigo-600 hover:text-indigo-500">
        {t('reset.back_to_login')}
      </Link>
    </AuthCard>
  );
}
