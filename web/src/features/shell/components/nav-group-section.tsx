import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '@/components/ui/icons';
import type { NavBadges } from '../hooks/use-nav-badges';
import { isNavItemActive, type NavGroup, type NavPath } from '../nav-items';
import { NavItemRow } from './nav-item-row';

type NavGroupSectionProps = {
  group: NavGroup;
  badges: NavBadges;
  pathname: string;
  collapsed: boolean;
  isFavourite: (path: NavPath) => boolean;
  onToggleFavourite: (path: NavPath) => void;
  onNavigate?: () => void;
};

export function NavGroupSection({ group, badges, pathname, collapsed, isFavourite, onToggleFavourite, onNavigate }: NavGroupSectionProps) {
  const { t } = useTranslation('shell');
  const rows = group.items.map((item) => (
    <NavItemRow
      key={item.to}
      item={item}
      badge={badges[item.id]}
      active={isNavItemActive(item, pathname)}
      collapsed={collapsed}
      favourite={isFavourite(item.to)}
      onToggleFavourite={onToggleFavourite}
      onNavigate={onNavigate}
    />
  ));

  if (collapsed) {
    return <ul className="space-y-1 border-t border-slate-100 pt-2 first:border-t-0 first:pt-0">{rows}</ul>;
  }

  return (
    <Disclosure as="div" defaultOpen>
      <DisclosureButton className="group flex w-full items-center justify-between rounded-md px-3 py-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase hover:text-slate-700">
        {t(`nav.groups.${group.id}`)}
        <ChevronDownIcon className="size-4 transition-transform group-data-open:rotate-180" />
      </DisclosureButton>
      <DisclosurePanel as="ul" className="mt-1 space-y-1">
        {rows}
      </DisclosurePanel>
    </Disclosure>
  );
}
