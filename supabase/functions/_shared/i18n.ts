// Server-side messages in the request's language (sv or en, default sv). Two namespaces:
// `validation` (shared with the web forms, keyed by the zod schemas' messages) and `api` (server only).
import enApi from './locales/en/api.json' with { type: 'json' };
import svApi from './locales/sv/api.json' with { type: 'json' };
import enValidation from './locales/en/validation.json' with { type: 'json' };
import svValidation from './locales/sv/validation.json' with { type: 'json' };

export type Lang = 'sv' | 'en';
export const defaultLang: Lang = 'sv';

export type ApiMessageKey = keyof typeof enApi;

const api: Record<Lang, Record<ApiMessageKey, string>> = { sv: svApi, en: enApi };
const validation: Record<Lang, Record<string, string>> = { sv: svValidation, en: enValidation };

export function isLang(value: unknown): value is Lang {
  return value === 'sv' || value === 'en';
}

/** The language of the first tag of an Accept-Language header (`en-GB,en;q=0.9` → en); sv otherwise. */
export function languageFromHeader(header: string | null | undefined): Lang {
  const primary = header?.split(',')[0]?.split(';')[0]?.trim().split('-')[0]?.toLowerCase();
  return isLang(primary) ? primary : defaultLang;
}

/** A server message, with `{{name}}` placeholders filled from `vars`. */
export function t(lang: Lang, key: ApiMessageKey, vars: Record<string, string | number> = {}): string {
  return api[lang][key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** A validation message by the key a shared zod schema carries, or undefined when it is not a key. */
export function validationMessage(lang: Lang, key: string): string | undefined {
  return Object.hasOwn(validation[lang], key) ? validation[lang][key] : undefined;
}
