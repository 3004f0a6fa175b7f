import { useTranslation } from 'react-i18next';
import type { ShellUser } from '../types';

const styles: Record<ShellUser['role'], string> = {
  admin: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20',
  superuser: 'bg-violet-50 text-violet-700 ring-violet-600/20',
  user: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

export function RoleBadge({ role }: { role: ShellUser['role'] }) {
  const { t } = useTranslation('common');
  return (
    <span className={`inline-flex items-center rounded-md px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${styles[role]}`}>
      {t(`roles.${role}`)}
    </span>
  );
}
