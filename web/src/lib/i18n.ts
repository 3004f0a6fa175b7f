// i18next: Swedish by default, the visitor's choice kept in localStorage and restored on load.
// No fallback language: a missing key shows the key itself (SPEC §4).
//
// Only `common` ships in the entry chunk. Every other namespace of `web/src/locales/<lng>/` (and the
// `validation` texts shared with the api function) is its own small chunk, fetched the first time a
// component asks for it (react-i18next suspends meanwhile), so a page downloads only its own texts.
import i18n, { type BackendModule, type ReadCallback, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '@/locales/en/common.json';
import svCommon from '@/locales/sv/common.json';
import { readStorage, writeStorage } from './storage';

export const LANGUAGES = ['sv', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'kollega.language';
const DEFAULT_LANGUAGE: Language = 'sv';

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

export function storedLanguage(): Language {
  const stored = readStorage(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** The language the interface is shown in right now. */
export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

export async function setLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}

type Loader = () => Promise<{ default: ResourceKey }>;
const loaders: Record<string, Loader> = {};
const register = (modules: Record<string, Loader>) => {
  for (const [path, load] of Object.entries(modules)) {
    const match = path.match(/\/(sv|en)\/([\w-]+)\.json$/);
    if (match) loaders[`${match[1]}/${match[2]}`] = load;
  }
};
register(import.meta.glob<{ default: ResourceKey }>(['../locales/*/*.json', '!../locales/*/common.json']));
register(import.meta.glob<{ default: ResourceKey }>('../../../supabase/functions/_shared/locales/*/validation.json'));

const lazyNamespaces: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language: string, namespace: string, callback: ReadCallback) => {
    const load = loaders[`${language}/${namespace}`];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

/** Sets <html lang>, only when it differs: setting it, even to the same value, restyles the whole page. */
function markDocumentLanguage(language: string) {
  if (typeof document !== 'undefined' && document.documentElement.lang !== language) document.documentElement.lang = language;
}

i18n.on('languageChanged', (language) => {
  writeStorage(LANGUAGE_STORAGE_KEY, language);
  markDocumentLanguage(language);
});

void i18n
  .use(lazyNamespaces)
  .use(initReactI18next)
  .init({
    resources: { sv: { common: svCommon }, en: { common: enCommon } },
    partialBundledLanguages: true,
    lng: storedLanguage(),
    supportedLngs: LANGUAGES,
    fallbackLng: false,
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    showSupportNotice: false,
  });

// A pre-rendered page already carries its language: then this changes nothing.
markDocumentLanguage(currentLanguage());

export { i18n };
