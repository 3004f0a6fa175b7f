import { useTranslation } from 'react-i18next';
import { BellIcon, MenuIcon, SearchIcon } from '@/components/ui/icons';
import { LanguageSwitcher } from '@/components/ui/language-switcher';
import type { ShellUser } from '../types';
import { AvatarMenu } from './avatar-menu';

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
      <form role="search" className="relative hidden md:block" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="top-bar-search" className="sr-only">
          {t('top_bar.search_label')}
        </label>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <input
          id="top-bar-search"
          type="search"
          placeholder={t('top_bar.search_placeholder')}
          className="w-56 rounded-lg border-0 bg-slate-100 py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:bg-white focus:ring-2 focus:ring-indigo-600 focus:outline-none lg:w-72"
        />
      </form>
      <LanguageSwitcher variant="compact" />
      <button
        type="button"
        aria-label={t('top_bar.notifications')}
        aria-describedby="top-bar-notifications-unread"
        className="relative rounded-lg p-2 text-slate-600 hover:bg-slate-100"
      >
        <BellIcon className="size-6" />
        <span className="absolute top-2 right-2 size-2 rounded-full bg-red-500 ring-2 ring-white" />
      </button>
      <span id="top-bar-notifications-unread" className="sr-only">
        {t('top_bar.notifications_unread')}
      </span>
      <AvatarMenu user={user} onLogout={onLogout} />
    </header>
  );
}
