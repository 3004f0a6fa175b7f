// The sidebar's bottom menu: who is signed in (name, e-mail, role) with settings, language, log out.
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ChevronUpDownIcon, GlobeIcon, LogoutIcon, SettingsIcon } from '@/components/ui/icons';
import { currentLanguage, setLanguage } from '@/lib/i18n';
import type { ShellUser } from '../types';
import { Avatar } from './avatar';
import { RoleBadge } from './role-badge';

type UserMenuProps = {
  user: ShellUser;
  collapsed: boolean;
  onLogout: () => void;
  onNavigate?: () => void;
};

const itemClasses =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900';

export function UserMenu({ user, collapsed, onLogout, onNavigate }: UserMenuProps) {
  const { t } = useTranslation(['shell', 'common']);
  const other = currentLanguage() === 'sv' ? 'en' : 'sv';

  return (
    <Menu>
      <MenuButton
        aria-label={t('user_menu.label', { name: user.fullName })}
        className={`flex w-full items-center gap-3 rounded-lg p-2 text-left hover:bg-slate-100 data-open:bg-slate-100 ${collapsed ? 'justify-center' : ''}`}
      >
        <Avatar fullName={user.fullName} email={user.email} />
        {collapsed ? null : (
          <>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-semibold text-slate-900">{user.fullName}</span>
              <span className="block truncate text-xs text-slate-500">{user.email}</span>
              <span className="mt-1 block">
                <RoleBadge role={user.role} />
              </span>
            </span>
            <ChevronUpDownIcon className="size-5 shrink-0 text-slate-400" />
          </>
        )}
      </MenuButton>
      <MenuItems
        anchor={{ to: collapsed ? 'right end' : 'top start', gap: 8 }}
        className="z-50 w-60 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-900/10 focus:outline-none"
      >
        <MenuItem>
          <Link to="/settings" onClick={onNavigate} className={itemClasses}>
            <SettingsIcon className="size-5 text-slate-400" />
            {t('user_menu.settings')}
          </Link>
        </MenuItem>
        <MenuItem>
          <button
            type="button"
            onClick={() => void setLanguage(other)}
            className={itemClasses}
          >
            <GlobeIcon className="size-5 text-slate-400" />
            {t('user_menu.switch_language', { language: t(`common:language.${other}`) })}
          </button>
        </MenuItem>
        <MenuItem>
          <button type="button" onClick={onLogout} className={itemClasses}>
            <LogoutIcon className="size-5 text-slate-400" />
            {t('user_menu.logout')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
