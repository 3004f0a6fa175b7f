// Svenska / English. The choice is kept in localStorage by lib/i18n.
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES, setLanguage } from '@/lib/i18n';
import { CheckIcon, ChevronDownIcon, GlobeIcon } from './icons';

type LanguageSwitcherProps = {
  /** subtle: on light backgrounds; inverse: on dark ones; compact: globe and language code only. */
  variant?: 'subtle' | 'inverse' | 'compact';
};

const buttonStyles = {
  subtle: 'text-slate-700 hover:bg-slate-100',
  inverse: 'text-white hover:bg-white/10',
  compact: 'text-slate-600 hover:bg-slate-100',
};

export function LanguageSwitcher({ variant = 'subtle' }: LanguageSwitcherProps) {
  const { t } = useTranslation('common');
  const language = currentLanguage();
  const name = t(`language.${language}`);

  return (
    <Menu>
      <MenuButton
        aria-label={`${t('language.change')}: ${name}`}
        className={`inline-flex items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-medium transition-colors focus:outline-none data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-indigo-600 ${buttonStyles[variant]}`}
      >
        <GlobeIcon className="size-5" />
        {variant === 'compact' ? (
          <span className="uppercase">{language}</span>
        ) : (
          <span>{name}</span>
        )}
        <ChevronDownIcon className="size-4 opacity-70" />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 6 }}
        className="z-50 w-44 rounded-xl bg-white p-1 text-sm shadow-lg ring-1 ring-slate-900/10 focus:outline-none"
      >
        {LANGUAGES.map((option) => (
          <MenuItem key={option}>
            <button
              type="button"
              lang={option}
              onClick={() => void setLanguage(option)}
              className="flex w-full items-center justify-between rounded-lg px-3 py-2 text-left text-slate-700 data-focus:bg-indigo-50 data-focus:text-indigo-700"
            >
              {t(`language.${option}`)}
              {option === language ? <CheckIcon className="size-4 text-indigo-600" /> : null}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
