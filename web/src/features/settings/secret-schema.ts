// The add/replace secret form: a name the definition format accepts in `{{secret.NAME}}`, and a
// value that is sent once and never comes back. Messages are keys of the `settings` namespace.
import { SECRET_NAME } from '@shared/schemas/definition';
import { z } from 'zod';

export const MAX_SECRET_VALUE_LENGTH = 10_000;

export const secretFormSchema = z.object({
  name: z.string().trim().regex(SECRET_NAME, 'settings:secrets.form.name_invalid'),
  value: z.string().min(1, 'settings:secrets.form.value_required').max(MAX_SECRET_VALUE_LENGTH, 'too_long'),
});
export type SecretFormInput = z.input<typeof secretFormSchema>;
export type SecretFormOutput = z.output<typeof secretFormSchema>;
