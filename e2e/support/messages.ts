// The app's own texts for the specs that follow them (web/src/locales), so a changed wording changes the
// spec with it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Lang = 'sv' | 'en';
export type Messages = Record<string, unknown>;

export function messages(language: Lang, namespace: string): Messages {
  return JSON.parse(readFileSync(join(import.meta.dirname, `../../web/src/locales/${language}/${namespace}.json`), 'utf8')) as Messages;
}

/** The text of `key` (dotted path) with its {{placeholders}} filled in, as i18next shows it. */
export function text(bundle: Messages, key: string, values: Record<string, string | number> = {}): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Messages | undefined)?.[part], bundle);
  if (typeof found !== 'string') throw new Error(`no message ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}
