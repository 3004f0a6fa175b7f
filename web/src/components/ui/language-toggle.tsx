// Svenska | English as two pressed/unpressed buttons, for the public pages. It needs no menu library,
// which keeps the first download of /landing and /auth within budget (docs/quality.md); the app
// shell uses the menu-style LanguageSwitcher.
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES, setLanguage } from '@/lib/i18n';
import { GlobeIcon } from './status-icons';

type LanguageToggleProps = {
  /** subtle: on light backgrounds; inverse: on dark ones. */
  variant?: 'subtle' | 'inverse';
};

export function LanguageToggle({ variant = 'subtle' }: LanguageToggleProps) {
  const { t } = useTranslation('common');
  const language = currentLanguage();
  const inverse = variant === 'inverse';
  return (
    <div role="group" aria-label={t('language.label')} className="inline-flex items-center gap-1">
      <GlobeIcon className={`size-5 ${inverse ? 'text-white/80' : 'text-slate-500'}`} />
      <div className={`inline-flex rounded-lg p-0.5 ${inverse ? 'bg-white/10' : 'bg-slate-100'}`}>
        {LANGUAGES.map((option) => {
          const pressed = option === language;
          return (
            <button
              key={option}
              type="button"
              lang={option}
              aria-pressed={pressed}
              onClick={() => void setLanguage(option)}
              className={`rounded-md px-2.5 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
                pressed
                  ? inverse ? 'bg-white text-indigo-700 shadow-sm' : 'bg-white text-slate-900 shadow-sm'
                  : inverse ? 'text-white/80 hover:text-white' : 'text-slate-600 hover:text-slate-900'
              }`}
            >
              {t(`language.${option}`)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
