// Shortcuts (SPEC §2 dashboard, corrected by issue 23): test mode, AI assistant, scheduling (schedules are set
// on a workflow, so the workflow list), team management (the user management page, admins only: anyone else
// would meet "Åtkomst nekad", so they do not see it), reports.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button-styles';
import { Card } from '@/components/ui/card';
import { ClockIcon, CursorIcon, type IconComponent, SparklesIcon, UsersIcon } from '@/components/ui/icons';

type QuickAction = {
  key: 'test_mode' | 'ai_assistant' | 'scheduling' | 'team';
  to: '/track-trace' | '/ai-prompt' | '/workflows' | '/user-management';
  icon: IconComponent;
  adminOnly?: boolean;
};

const actions: QuickAction[] = [
  { key: 'test_mode', to: '/track-trace', icon: CursorIcon },
  { key: 'ai_assistant', to: '/ai-prompt', icon: SparklesIcon },
  { key: 'scheduling', to: '/workflows', icon: ClockIcon },
  { key: 'team', to: '/user-management', icon: UsersIcon, adminOnly: true },
];

export function QuickActions({ canManageUsers }: { canManageUsers: boolean }) {
  const { t } = useTranslation('dashboard');
  const shown = actions.filter((action) => canManageUsers || !action.adminOnly);
  return (
    <Card title={t('quick_actions.title')}>
      <ul className="grid gap-2">
        {shown.map(({ key, to, icon: Icon }) => (
          <li key={key}>
            <Link to={to} className="flex items-center gap-3 rounded-lg p-2 hover:bg-slate-50">
              <span className="rounded-lg bg-indigo-50 p-2 text-indigo-600">
                <Icon className="size-5" />
              </span>
              <span>
                <span className="block text-sm font-semibold text-slate-900">{t(`quick_actions.${key}`)}</span>
                <span className="block text-xs text-slate-500">{t(`quick_actions.${key}_description`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/workflow-execution" className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-4 w-full' })}>
        {t('quick_actions.reports')}
      </Link>
    </Card>
  );
}
