import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '@/features/auth/api/get-user';
import { errorQueueQueryOptions } from '@/features/error-queue/api/get-error-queue';
import { ErrorQueueScreen } from '@/features/error-queue/components/error-queue-screen';

export const Route = createFileRoute('/_authed/error-queue')({
  staticData: { titleKey: 'pages.error_queue' },
  loader: ({ context }) => void context.queryClient.prefetchQuery(errorQueueQueryOptions()),
  component: ErrorQueuePage,
});

function ErrorQueuePage() {
  const user = useCurrentUser();
  return <ErrorQueueScreen canModerate={user.role === 'admin' || user.role === 'superuser'} />;
}
