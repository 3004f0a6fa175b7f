// The sign-in form. Unlike the app's other forms it does not use react-hook-form: it is on /auth's
// first load, where the library would be a tenth of the JavaScript budget (docs/quality.md). It
// behaves as they do: the shared zod schema (fetched on the first submit) validates on submit, then
// again on every change; the first invalid field takes the focus.
import type { loginSchema } from '@shared/schemas/auth';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { LabelledInput } from '@/components/ui/labelled-input';
import { i18n } from '@/lib/i18n';
import type { ValidationKey } from '@/locales/resources';
import { useLogin } from '../api/login';
import { loadLoginSchema } from '../schemas';

type LoginValues = z.output<typeof loginSchema>;
type FieldName = keyof LoginValues;
type Errors = Partial<Record<FieldName, ValidationKey>>;
const fieldNames: readonly FieldName[] = ['email', 'password'];

type LoginFormProps = {
  onForgotPassword: () => void;
  onSuccess: () => void;
};

/** Parses the form's values with the shared schema: the values to send, or each field's first error. */
async function validate(form: HTMLFormElement): Promise<{ values: LoginValues } | { errors: Errors }> {
  const [schema] = await Promise.all([loadLoginSchema(), i18n.loadNamespaces('validation')]);
  const data = new FormData(form);
  const result = schema.safeParse(Object.fromEntries(fieldNames.map((name) => [name, String(data.get(name) ?? '')])));
  if (result.success) return { values: result.data };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0] as FieldName;
    errors[name] ??= issue.message as ValidationKey;
  }
  return { errors };
}

export function LoginForm({ onForgotPassword, onSuccess }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const tValidation = i18n.getFixedT(null, 'validation');
  const login = useLogin();
  const [errors, setErrors] = useState<Errors>({});
  const submitted = useRef(false);
  // Validations finish out of order (the first one fetches the schema); only the latest one counts.
  const latest = useRef(0);

  const check = async (form: HTMLFormElement) => {
    const run = ++latest.current;
    const result = await validate(form);
    if (run !== latest.current) return undefined;
    setErrors('errors' in result ? result.errors : {});
    return result;
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    submitted.current = true;
    const form = event.currentTarget;
    const result = await check(form);
    if (!result) return;
    if ('errors' in result) {
      const first = fieldNames.find((name) => result.errors[name]);
      const input = first && form.elements.namedItem(first);
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    login.mutate(result.values, { onSuccess });
  };

  const errorText = (name: FieldName) => (errors[name] ? tValidation(errors[name]) : undefined);

  return (
    <form
      noValidate
      aria-label={t('tabs.signin')}
      className="space-y-5"
      onSubmit={(event) => void handleSubmit(event)}
      onChange={(event) => void (submitted.current && check(event.currentTarget))}
    >
      <LabelledInput
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        label={t('login.email_label')}
        placeholder={t('login.email_placeholder')}
        error={errorText('email')}
      />
      <div>
        <LabelledInput
          name="password"
          type="password"
          autoComplete="current-password"
          label={t('login.password_label')}
          error={errorText('password')}
        />
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
    </form>
  );
}
