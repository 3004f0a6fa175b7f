// The sidebar (SPEC §2 app shell): groups, their pages and icons. Companies and payment methods
// have routes but no place in the spec's groups; they sit under Admin so they can be reached. The
// marketplace (named in the spec's labels, route not shown) follows workflows under Automation.
import type { Action } from '@shared/permissions';
import {
  BuildingIcon,
  ClipboardListIcon,
  CreditCardIcon,
  CursorIcon,
  DashboardIcon,
  ExclamationTriangleIcon,
  type IconComponent,
  PlayCircleIcon,
  SettingsIcon,
  SparklesIcon,
  TemplatesIcon,
  UsersIcon,
  WorkflowIcon,
} from '@/components/ui/icons';

export type NavPath =
  | '/'
  | '/workflows'
  | '/marketplace'
  | '/workflow-execution'
  | '/track-trace'
  | '/error-queue'
  | '/audit-trail'
  | '/ai-prompt'
  | '/user-management'
  | '/companies'
  | '/payment-methods'
  | '/settings';

export type NavItemId =
  | 'dashboard'
  | 'workflows'
  | 'marketplace'
  | 'workflow_execution'
  | 'track_trace'
  | 'error_queue'
  | 'audit_trail'
  | 'ai_prompt'
  | 'user_management'
  | 'companies'
  | 'payment_methods'
  | 'settings';

export type NavItem = {
  id: NavItemId;
  to: NavPath;
  icon: IconComponent;
  /** Shown only to those who may take this action (the shared permission table). */
  requires?: Action;
  /** Further paths on which this entry is the current page. */
  alsoActiveOn?: string[];
};

export type NavGroupId = 'overview' | 'automation' | 'tracking' | 'ai' | 'admin';

export type NavGroup = { id: NavGroupId; items: NavItem[] };

export const navGroups: NavGroup[] = [
  { id: 'overview', items: [{ id: 'dashboard', to: '/', icon: DashboardIcon, alsoActiveOn: ['/dashboard'] }] },
  {
    id: 'automation',
    items: [
      { id: 'workflows', to: '/workflows', icon: WorkflowIcon },
      { id: 'marketplace', to: '/marketplace', icon: TemplatesIcon },
      { id: 'workflow_execution', to: '/workflow-execution', icon: PlayCircleIcon },
      { id: 'track_trace', to: '/track-trace', icon: CursorIcon },
      { id: 'error_queue', to: '/error-queue', icon: ExclamationTriangleIcon },
    ],
  },
  { id: 'tracking', items: [{ id: 'audit_trail', to: '/audit-trail', icon: ClipboardListIcon }] },
  { id: 'ai', items: [{ id: 'ai_prompt', to: '/ai-prompt', icon: SparklesIcon }] },
  {
    id: 'admin',
    items: [
      { id: 'user_management', to: '/user-management', icon: UsersIcon, requires: 'user.manage' },
      { id: 'companies', to: '/companies', icon: BuildingIcon },
      { id: 'payment_methods', to: '/payment-methods', icon: CreditCardIcon },
      { id: 'settings', to: '/settings', icon: SettingsIcon },
    ],
  },
];

export const navItems: NavItem[] = navGroups.flatMap((group) => group.items);

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (pathname === item.to || item.alsoActiveOn?.includes(pathname)) return true;
  return item.to !== '/' && pathname.startsWith(`${item.to}/`);
}
