import { useTranslation } from 'react-i18next';
import { MenuIcon } from '@/components/ui/icons';
import { LanguageSwitcher } from '@/components/ui/language-switcher';
import type { ShellUser } from '../types';
import { AvatarMenu } from './avatar-menu';
import { NotificationBell } from './notification-bell';
import { TopSearch } from './top-search';

type TopBarProps = {
  title?: string;
  user: ShellUser;
  onOpenSidebar: () => void;
  onLogout: () => void;
};

export function TopBar({ title, user, onOpenSidebar, onLogout }: TopBarProps) {
  const { t } = useTranslation('shell');
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:gap-3 sm:px-6 lg:px-8">
      <button
        type="button"
        onClick={onOpenSidebar}
        aria-label={t('nav.open_menu')}
        className="-ml-1 rounded-lg p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
      >
        <MenuIcon className="size-6" />
      </button>
      <p className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900 sm:text-lg">{title}</p>
      <TopSearch />
      <LanguageSwitcher variant="compact" />
      <NotificationBell />
      <AvatarMenu user={user} onLogout={onLogout} />
    </header>
  );
}
