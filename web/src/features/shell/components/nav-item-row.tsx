import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { StarIcon, StarSolidIcon } from '@/components/ui/icons';
import { Tooltip } from '@/components/ui/tooltip';
import type { NavItem, NavPath } from '../nav-items';

type NavItemRowProps = {
  item: NavItem;
  /** A count shown beside the entry (pending errors); nothing at 0. */
  badge?: number;
  active: boolean;
  collapsed: boolean;
  favourite: boolean;
  onToggleFavourite: (path: NavPath) => void;
  onNavigate?: () => void;
};

export function NavItemRow({ item, badge, active, collapsed, favourite, onToggleFavourite, onNavigate }: NavItemRowProps) {
  const { t } = useTranslation('shell');
  const label = t(`nav.items.${item.id}`);
  const Icon = item.icon;
  const StarGlyph = favourite ? StarSolidIcon : StarIcon;
  // Icons only, or a badge: say it in words ("Felkö, 3 nya"; "Flödesstatus, 2 väntar på beslut").
  const accessibleName = badge
    ? t(item.id === 'workflow_execution' ? 'nav.waiting_label' : 'nav.badge_label', { page: label, count: badge })
    : collapsed
      ? label
      : undefined;

  return (
    <li className="group/item relative flex items-center">
      <Tooltip content={label} enabled={collapsed}>
        <Link
          to={item.to}
          onClick={onNavigate}
          aria-current={active ? 'page' : undefined}
          aria-label={accessibleName}
          className={`relative flex w-full items-center gap-3 rounded-lg py-2 text-sm font-medium transition-colors ${
            collapsed ? 'justify-center px-2' : 'pr-9 pl-3'
          } ${active ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`}
        >
          <Icon className={`size-5 shrink-0 ${active ? 'text-indigo-600' : 'text-slate-400 group-hover/item:text-slate-600'}`} />
          {collapsed ? null : <span className="min-w-0 flex-1 truncate">{label}</span>}
          {badge ? (
            <span
              aria-hidden="true"
              className={`inline-flex items-center justify-center rounded-full bg-red-500 font-semibold text-white ${
                collapsed ? 'absolute top-1 right-1 size-4 text-[10px]' : 'min-w-5 px-1.5 py-0.5 text-xs'
              }`}
            >
              {badge}
            </span>
          ) : null}
        </Link>
      </Tooltip>
      {collapsed ? null : (
        <button
          type="button"
          onClick={() => onToggleFavourite(item.to)}
          aria-pressed={favourite}
          aria-label={t(favourite ? 'nav.remove_favourite' : 'nav.add_favourite', { page: label })}
          className={`absolute right-1.5 rounded-md p-1 transition-opacity hover:bg-slate-200 focus-visible:opacity-100 ${
            favourite
              ? 'text-amber-400 opacity-100'
              : 'text-slate-400 opacity-0 group-hover/item:opacity-100 [@media(hover:none)]:opacity-100'
          }`}
        >
          <StarGlyph className="size-4" />
        </button>
      )}
    </li>
  );
}
