// What the sidebar holds, on the desktop and in the drawer alike: logo, favourites, groups, user menu.
import { can } from '@shared/permissions';
import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ChevronDoubleLeftIcon, ChevronDoubleRightIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { useActor } from '@/lib/permissions';
import { useFavourites } from '../hooks/use-favourites';
import { useNavBadges } from '../hooks/use-nav-badges';
import { navGroups } from '../nav-items';
import type { ShellUser } from '../types';
import { FavouritesList } from './favourites-list';
import { NavGroupSection } from './nav-group-section';
import { UserMenu } from './user-menu';

type SidebarContentProps = {
  user: ShellUser;
  collapsed: boolean;
  /** Desktop only: switch between full width and icons. */
  onToggleCollapsed?: () => void;
  onLogout: () => void;
  /** Called when a link is followed (the drawer closes). */
  onNavigate?: () => void;
};

export function SidebarContent({ user, collapsed, onToggleCollapsed, onLogout, onNavigate }: SidebarContentProps) {
  const { t } = useTranslation('shell');
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { favourites, isFavourite, toggle } = useFavourites();
  const badges = useNavBadges();
  const actor = useActor();
  const groups = navGroups
    .map((group) => ({ ...group, items: group.items.filter((item) => !item.requires || can(actor, item.requires)) }))
    .filter((group) => group.items.length > 0);
  const visibleItems = groups.flatMap((group) => group.items);

  return (
    <div className="flex h-full flex-col bg-white">
      <div className={`flex h-16 shrink-0 items-center border-b border-slate-200 ${collapsed ? 'justify-center px-2' : 'justify-between px-4'}`}>
        <Link to="/dashboard" onClick={onNavigate} aria-label={t('nav.home')} className="rounded-lg">
          <Logo size="sm" variant={collapsed ? 'minimal' : 'default'} />
        </Link>
        {onToggleCollapsed && !collapsed ? (
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-label={t('nav.collapse')}
            className="rounded-lg p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-600"
          >
            <ChevronDoubleLeftIcon className="size-5" />
          </button>
        ) : null}
      </div>
      <nav aria-label={t('nav.label')} className="flex-1 space-y-4 overflow-y-auto px-3 py-4">
        {collapsed ? null : (
          <FavouritesList
            favourites={favourites}
            visibleItems={visibleItems}
            badges={badges}
            pathname={pathname}
            onToggleFavourite={toggle}
            onNavigate={onNavigate}
          />
        )}
        {groups.map((group) => (
          <NavGroupSection
            key={group.id}
            group={group}
            badges={badges}
            pathname={pathname}
            collapsed={collapsed}
            isFavourite={isFavourite}
            onToggleFavourite={toggle}
            onNavigate={onNavigate}
          />
        ))}
      </nav>
      {onToggleCollapsed && collapsed ? (
        <div className="flex justify-center border-t border-slate-200 py-2">
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-label={t('nav.expand')}
            className="rounded-lg p-2 text-slate-400 hover:bg-slate-100 hover:text-slate-600"
          >
            <ChevronDoubleRightIcon className="size-5" />
          </button>
        </div>
      ) : null}
      <div className="shrink-0 border-t border-slate-200 p-3">
        <UserMenu user={user} collapsed={collapsed} onLogout={onLogout} onNavigate={onNavigate} />
      </div>
    </div>
  );
}
