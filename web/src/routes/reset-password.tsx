import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ResetPasswordScreen } from '@/features/auth/components/reset-password-screen';

const searchSchema = z.object({
  // The router parses search values as JSON, so an all-digit token arrives as a number.
  token: z.union([z.string(), z.number()]).transform(String).optional().catch(undefined),
});

export const Route = createFileRoute('/reset-password')({
  validateSearch: searchSchema,
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ResetPasswordScreen token={token} onDone={() => void navigate({ to: '/auth' })} />;
}
