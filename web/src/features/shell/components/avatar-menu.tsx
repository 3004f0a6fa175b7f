// The top bar's avatar (initials) with settings and log out.
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LogoutIcon, SettingsIcon } from '@/components/ui/icons';
import type { ShellUser } from '../types';
import { Avatar } from './avatar';
import { RoleBadge } from './role-badge';

type AvatarMenuProps = {
  user: ShellUser;
  onLogout: () => void;
};

const itemClasses =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900';

export function AvatarMenu({ user, onLogout }: AvatarMenuProps) {
  const { t } = useTranslation('shell');
  return (
    <Menu>
      <MenuButton aria-label={t('user_menu.label', { name: user.fullName })} className="rounded-full">
        <Avatar fullName={user.fullName} email={user.email} />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 8 }}
        className="z-50 w-64 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-900/10 focus:outline-none"
      >
        <div className="border-b border-slate-100 px-3 pt-2 pb-3">
          <p className="truncate text-sm font-semibold text-slate-900">{user.fullName}</p>
          <p className="truncate text-xs text-slate-500">{user.email}</p>
          <p className="mt-1.5">
            <RoleBadge role={user.role} />
          </p>
        </div>
        <div className="pt-1">
          <MenuItem>
            <Link to="/settings" className={itemClasses}>
              <SettingsIcon className="size-5 text-slate-400" />
              {t('user_menu.settings')}
            </Link>
          </MenuItem>
          <MenuItem>
            <button type="button" onClick={onLogout} className={itemClasses}>
              <LogoutIcon className="size-5 text-slate-400" />
              {t('user_menu.logout')}
            </button>
          </MenuItem>
        </div>
      </MenuItems>
    </Menu>
  );
}
