import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordScreen } from '@/features/auth/components/reset-password-screen';
import { text } from '@/lib/search-params';

export const Route = createFileRoute('/reset-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: text(search.token) }),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ResetPasswordScreen token={token} onDone={() => void navigate({ to: '/auth' })} />;
}
