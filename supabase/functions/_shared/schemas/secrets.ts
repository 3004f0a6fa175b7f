// Organisation secrets ({{secret.NAME}} in a workflow): the api function's POST /api/secrets body and the
// settings page's add/replace form. A name the definition format accepts in `{{secret.NAME}}`, and a value
// that is sent once and never comes back. Messages are keys of `validation`.
import { z } from 'zod';
import { SECRET_NAME } from './definition.ts';

/** The longest secret value, in characters. */
export const MAX_SECRET_LENGTH = 4000;

const secretValue = z.string({ message: 'secret_value_required' }).min(1, 'secret_value_required').max(
  MAX_SECRET_LENGTH,
  'secret_value_required',
);

/** POST /api/secrets. */
export const secretSchema = z.strictObject({
  name: z.string({ message: 'secret_name_invalid' }).regex(SECRET_NAME, 'secret_name_invalid'),
  value: secretValue,
});
export type SecretInput = z.input<typeof secretSchema>;

/** The settings form: the same rules, with the typed name trimmed before the check. */
export const secretFormSchema = z.object({
  name: z.string().trim().regex(SECRET_NAME, 'secret_name_invalid'),
  value: secretValue,
});
export type SecretFormInput = z.input<typeof secretFormSchema>;
export type SecretFormOutput = z.output<typeof secretFormSchema>;
