import { createFileRoute, redirect } from '@tanstack/react-router';
import { userQueryOptions } from '@/features/auth/api/get-user';
import { AuthScreen, type AuthView } from '@/features/auth/components/auth-screen';
import { i18n } from '@/lib/i18n';
import { oneOf } from '@/lib/search-params';

export const Route = createFileRoute('/auth')({
  validateSearch: (search: Record<string, unknown>): { view?: 'register' | 'forgot' } => ({
    view: oneOf(search.view, ['register', 'forgot']),
  }),
  // A loader rather than beforeLoad: the session check then runs while the screen's chunk downloads,
  // instead of before it (one round trip less before first paint).
  // The screen's texts are fetched at the same time.
  loader: async ({ context }) => {
    // A session that cannot be read (server down) is no session here: the forms stay usable.
    const [user] = await Promise.all([
      context.queryClient.ensureQueryData(userQueryOptions()).catch(() => null),
      i18n.loadNamespaces('auth'),
    ]);
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
