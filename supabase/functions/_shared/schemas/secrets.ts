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

/** How many sites one secret may be typed on. */
export const MAX_SECRET_ORIGINS = 20;

/**
 * A site as an origin (`https://bank.example`, `http://127.0.0.1:8080`): http or https, a host, an optional
 * port, nothing after it but an optional `/`. Returns the origin as browsers write it (lower-case host, no
 * default port), or null.
 */
export function parseOrigin(text: string): string | null {
  const trimmed = text.trim();
  if (!/^https?:\/\/[^/?#@\s]+\/?$/i.test(trimmed) || !URL.canParse(trimmed)) return null;
  const url = new URL(trimmed);
  if (url.username || url.password || !url.hostname) return null;
  return url.origin;
}

const originsSchema = z
  .array(z.string({ message: 'secret_origin_invalid' }).max(300, 'secret_origin_invalid'), { message: 'secret_origins_required' })
  .min(1, 'secret_origins_required')
  .max(MAX_SECRET_ORIGINS, 'secret_origins_too_many')
  .superRefine((origins, ctx) => {
    origins.forEach((origin, index) => {
      if (parseOrigin(origin) === null) ctx.addIssue({ code: 'custom', path: [index], message: 'secret_origin_invalid' });
    });
  })
  .transform((origins) => [...new Set(origins.map((o) => parseOrigin(o)!))]);

/** POST /api/secrets. */
export const secretSchema = z.strictObject({
  name: z.string({ message: 'secret_name_invalid' }).regex(SECRET_NAME, 'secret_name_invalid'),
  value: secretValue,
  origins: originsSchema,
});

/** PATCH /api/secrets/{name}: the sites of an existing secret, its value untouched. */
export const secretOriginsSchema = z.strictObject({ origins: originsSchema });
export type SecretInput = z.input<typeof secretSchema>;

/** The settings form: the same rules, with the typed name trimmed and the sites one per line. */
export const secretFormSchema = z.object({
  name: z.string().trim().regex(SECRET_NAME, 'secret_name_invalid'),
  value: secretValue,
  origins: z.string().transform((text) => text.split(/[\s,]+/).filter(Boolean)).pipe(originsSchema),
});
export type SecretFormInput = z.input<typeof secretFormSchema>;
export type SecretFormOutput = z.output<typeof secretFormSchema>;
