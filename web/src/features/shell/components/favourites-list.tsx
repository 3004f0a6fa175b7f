import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavBadges } from '../hooks/use-nav-badges';
import { isNavItemActive, navItems, type NavItem, type NavPath } from '../nav-items';
import { NavItemRow } from './nav-item-row';

type FavouritesListProps = {
  favourites: NavPath[];
  visibleItems: NavItem[];
  badges: NavBadges;
  pathname: string;
  onToggleFavourite: (path: NavPath) => void;
  onNavigate?: () => void;
};

export function FavouritesList({ favourites, visibleItems, badges, pathname, onToggleFavourite, onNavigate }: FavouritesListProps) {
  const { t } = useTranslation('shell');
  const headingId = useId();
  const items = favourites
    .map((path) => navItems.find((item) => item.to === path))
    .filter((item): item is NavItem => item !== undefined && visibleItems.includes(item));

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="px-3 py-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t('nav.favourites')}
      </h2>
      {items.length === 0 ? (
        <p className="px-3 py-1 text-xs text-slate-400">{t('nav.favourites_empty')}</p>
      ) : (
        <ul className="mt-1 space-y-1">
          {items.map((item) => (
            <NavItemRow
              key={item.to}
              item={item}
              badge={badges[item.id]}
              active={isNavItemActive(item, pathname)}
              collapsed={false}
              favourite
              onToggleFavourite={onToggleFavourite}
              onNavigate={onNavigate}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
