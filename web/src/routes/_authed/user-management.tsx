import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '@/features/auth/api/get-user';
import { AccessDenied } from '@/features/users/components/access-denied';
import { UserManagementScreen } from '@/features/users/components/user-management-screen';
import { useCan } from '@/lib/permissions';

export const Route = createFileRoute('/_authed/user-management')({
  staticData: { titleKey: 'pages.user_management' },
  component: UserManagementPage,
});

function UserManagementPage() {
  const user = useCurrentUser();
  const manage = useCan('user.manage');
  if (!manage.allowed) return <AccessDenied />;
  return <UserManagementScreen currentUserId={user.id} />;
}
