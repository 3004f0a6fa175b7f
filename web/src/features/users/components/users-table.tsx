import type { UserRow } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon, NoSymbolIcon, PencilIcon } from '@/components/ui/icons';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';

type UsersTableProps = {
  users: UserRow[];
  currentUserId: string;
  pendingUserId: string | null;
  onEdit: (user: UserRow) => void;
  onToggleActive: (user: UserRow) => void;
};

const roleTones = {
  admin: 'indigo',
  superuser: 'violet',
  user: 'slate',
} as const;

export function UsersTable({ users, currentUserId, pendingUserId, onEdit, onToggleActive }: UsersTableProps) {
  const { t } = useTranslation(['users', 'common']);
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table aria-label={t('table.label')} className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              {t('table.name')}
            </th>
            <th scope="col" className="px-4 py-3">
              {t('table.email')}
            </th>
            <th scope="col" className="px-4 py-3">
              {t('table.role')}
            </th>
            <th scope="col" className="px-4 py-3">
              {t('table.status')}
            </th>
            <th scope="col" className="px-4 py-3">
              {t('table.created')}
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              {t('table.actions')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((user) => {
            const isSelf = user.id === currentUserId;
            return (
              <tr key={user.id}>
                {/* Name and e-mail wrap where the table is narrower than its content (1280 px with the sidebar): the
                    actions stay in view instead of behind a horizontal scroll. */}
                <td className="px-4 py-3">
                  <span className="font-medium text-slate-900">{user.fullName}</span>
                  {isSelf ? <span className="ml-1 text-slate-500">{t('table.you')}</span> : null}
                  <span className="block text-xs text-slate-500">{user.username}</span>
                </td>
                <td className="px-4 py-3 text-slate-700 [overflow-wrap:anywhere]">{breakAfterAt(user.email)}</td>
                <td className="px-4 py-3 whitespace-nowrap">
                  <Badge tone={roleTones[user.role]}>{t(`common:roles.${user.role}`)}</Badge>
                </td>
                <td className="px-4 py-3 whitespace-nowrap">
                  <Badge tone={user.isActive ? 'green' : 'red'}>{user.isActive ? t('table.active') : t('table.inactive')}</Badge>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDate(user.createdAt)}</td>
                <td className="px-4 py-3 whitespace-nowrap">
                  <div className="flex justify-end gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t('table.edit_named', {
                        name: user.fullName,
                      })}
                      onClick={() => onEdit(user)}
                    >
                      <PencilIcon className="size-4" />
                      {t('table.edit')}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={isSelf}
                      title={isSelf ? t('table.own_account') : undefined}
                      aria-label={
                        user.isActive
                          ? t('table.deactivate_named', { name: user.fullName })
                          : t('table.activate_named', { name: user.fullName })
                      }
                      isPending={pendingUserId === user.id}
                      pendingLabel={user.isActive ? t('table.deactivate') : t('table.activate')}
                      onClick={() => onToggleActive(user)}
                    >
                      {user.isActive ? <NoSymbolIcon className="size-4" /> : <CheckCircleIcon className="size-4" />}
                      {user.isActive ? t('table.deactivate') : t('table.activate')}
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** An e-mail address that may wrap after its @ first (and anywhere, if a part is still too long). */
function breakAfterAt(email: string) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
