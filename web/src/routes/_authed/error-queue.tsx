import { createFileRoute } from '@tanstack/react-router';
import { errorQueuePagesQueryOptions } from '@/features/error-queue/api/get-error-queue';
import { ErrorQueueScreen } from '@/features/error-queue/components/error-queue-screen';
import { useRetryRun } from '@/features/flow-runs/api/retry-run';
import { useCan } from '@/lib/permissions';

export const Route = createFileRoute('/_authed/error-queue')({
  staticData: { titleKey: 'pages.error_queue' },
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(errorQueuePagesQueryOptions()),
  component: ErrorQueuePage,
});

function ErrorQueuePage() {
  const moderate = useCan('error.moderate');
  const retry = useRetryRun();
  return (
    <ErrorQueueScreen
      canModerate={moderate.allowed}
      onRetryFromStep={(item, resend, callbacks) => retry.mutate({ id: item.executionId, fromStep: item.stepIndex ?? undefined, resend }, callbacks)}
    />
  );
}
