import type { loginSchema } from '@shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form, useZodForm } from '@/components/ui/form';
import { useLogin } from '../api/login';
import { loadLoginSchema } from '../schemas';

type LoginValues = z.input<typeof loginSchema>;

type LoginFormProps = {
  onForgotPassword: () => void;
  onSuccess: () => void;
};

export function LoginForm({ onForgotPassword, onSuccess }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const form = useZodForm(loadLoginSchema, { email: '', password: '' });
  const login = useLogin();

  const handleSubmit = (values: z.output<typeof loginSchema>) => login.mutate(values, { onSuccess });

  return (
    <Form form={form} onSubmit={handleSubmit} aria-label={t('tabs.signin')}>
      <Field<LoginValues>
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        label={t('login.email_label')}
        placeholder={t('login.email_placeholder')}
      />
      <div>
        <Field<LoginValues> name="password" type="password" autoComplete="current-password" label={t('login.password_label')} />
        <div className="mt-2 flex justify-end">
          <button
            type="button"
            onClick={onForgotPassword}
            className="rounded text-sm font-medium text-indigo-600 hover:text-indigo-500"
          >
            {t('login.forgot_link')}
          </button>
        </div>
      </div>
      <Button type="submit" className="w-full" isPending={login.isPending} pendingLabel={t('login.submitting')}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
