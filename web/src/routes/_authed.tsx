// Every signed-in route: the session must load (spinner meanwhile); no user → /landing (SPEC §2). The user
// is who every screen's permission checks (useCan) ask about.
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, Navigate, Outlet, redirect, useNavigate, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RouteError } from '@/components/errors/route-error';
import { FullPageSpinner } from '@/components/layouts/full-page-spinner';
import { userQueryOptions } from '@/features/auth/api/get-user';
import { useLogout } from '@/features/auth/api/logout';
import { AppShell } from '@/features/shell/components/app-shell';
import { PermissionsProvider } from '@/lib/permissions';

export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(userQueryOptions());
    if (!user) throw redirect({ to: '/landing' });
  },
  pendingComponent: FullPageSpinner,
  pendingMs: 150,
  pendingMinMs: 300,
  errorComponent: SessionError,
  component: AuthedLayout,
});

function AuthedLayout() {
  const { data: user } = useSuspenseQuery(userQueryOptions());
  const logout = useLogout();
  const navigate = useNavigate();

  if (!user) return <Navigate to="/landing" />;

  const handleLogout = () => logout.mutate(undefined, { onSuccess: () => void navigate({ to: '/landing' }) });

  return (
    <PermissionsProvider actor={user}>
      <AppShell user={user} onLogout={handleLogout}>
        <Outlet />
      </AppShell>
    </PermissionsProvider>
  );
}

function SessionError({ error }: ErrorComponentProps) {
  const { t } = useTranslation('common');
  const router = useRouter();
  return (
    <RouteError
      error={error}
      title={t('errors.session_title')}
      description={t('errors.unexpected_response')}
      onRetry={() => void router.invalidate()}
    />
  );
}
