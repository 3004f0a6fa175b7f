import { createFileRoute, redirect } from '@tanstack/react-router';
import { userQueryOptions } from '@/features/auth/api/get-user';
import { AuthScreen, type AuthView } from '@/features/auth/components/auth-screen';
import { oneOf } from '@/lib/search-params';

export const Route = createFileRoute('/auth')({
  validateSearch: (search: Record<string, unknown>): { view?: 'register' | 'forgot' } => ({
    view: oneOf(search.view, ['register', 'forgot']),
  }),
  beforeLoad: async ({ context }) => {
    // A session that cannot be read (server down) is no session here: the forms stay usable.
    const user = await context.queryClient.ensureQueryData(userQueryOptions()).catch(() => null);
    if (user) throw redirect({ to: '/dashboard' });
  },
  component: AuthPage,
});

function AuthPage() {
  const { view } = Route.useSearch();
  const navigate = Route.useNavigate();

  const handleViewChange = (next: AuthView) => void navigate({ search: next === 'signin' ? {} : { view: next } });

  return (
    <AuthScreen
      view={view ?? 'signin'}
      onViewChange={handleViewChange}
      onAuthenticated={() => void navigate({ to: '/dashboard' })}
    />
  );
}
