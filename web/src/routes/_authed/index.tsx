import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '@/features/auth/api/get-user';
import { DashboardGreeting } from '@/features/dashboard/components/dashboard-greeting';

export const Route = createFileRoute('/_authed/')({
  staticData: { titleKey: 'pages.dashboard' },
  component: DashboardPage,
});

function DashboardPage() {
  const user = useCurrentUser();
  return <DashboardGreeting fullName={user.fullName} organizationName={user.organizationName} />;
}
