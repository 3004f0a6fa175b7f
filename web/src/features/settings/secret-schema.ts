// The add/replace secret form: a name the definition format accepts in `{{secret.NAME}}`, and a
// value that is sent once and never comes back. The same rules and messages (keys of `validation`)
// as the api function's POST /api/secrets body.
import { SECRET_NAME } from '@shared/schemas/definition';
import { z } from 'zod';

/** The api function's limit (supabase/functions/api/routes/secrets.ts MAX_SECRET_LENGTH). */
export const MAX_SECRET_VALUE_LENGTH = 4000;

export const secretFormSchema = z.object({
  name: z.string().trim().regex(SECRET_NAME, 'secret_name_invalid'),
  value: z.string().min(1, 'secret_value_required').max(MAX_SECRET_VALUE_LENGTH, 'secret_value_required'),
});
export type SecretFormInput = z.input<typeof secretFormSchema>;
export type SecretFormOutput = z.output<typeof secretFormSchema>;
