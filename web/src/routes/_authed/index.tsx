import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCurrentUser } from '@/features/auth/api/get-user';
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';
import { OnboardingCard } from '@/features/onboarding/components/onboarding-card';

export const Route = createFileRoute('/_authed/')({
  staticData: { titleKey: 'pages.dashboard' },
  component: DashboardPage,
});

function DashboardPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  return (
    <DashboardScreen
      fullName={user.fullName}
      organizationName={user.organizationName}
      onboarding={<OnboardingCard onComplete={() => void navigate({ to: '/workflows' })} />}
    />
  );
}
