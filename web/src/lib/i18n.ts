// i18next: Swedish by default, the visitor's choice kept in localStorage and restored on load.
// No fallback language: a missing key shows the key itself (SPEC §4).
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageSchema, type Language } from '@shared/schemas/auth';
import { namespaces, resources } from '@/locales/resources';
import { readStorage, writeStorage } from './storage';

export const LANGUAGE_STORAGE_KEY = 'kollega.language';
const DEFAULT_LANGUAGE: Language = 'sv';
export const LANGUAGES = languageSchema.options;

export function storedLanguage(): Language {
  const parsed = languageSchema.safeParse(readStorage(LANGUAGE_STORAGE_KEY));
  return parsed.success ? parsed.data : DEFAULT_LANGUAGE;
}

/** The language the interface is shown in right now. */
export function currentLanguage(): Language {
  const parsed = languageSchema.safeParse(i18n.resolvedLanguage ?? i18n.language);
  return parsed.success ? parsed.data : DEFAULT_LANGUAGE;
}

export async function setLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  writeStorage(LANGUAGE_STORAGE_KEY, language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  supportedLngs: LANGUAGES,
  fallbackLng: false,
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage();

export { i18n };
