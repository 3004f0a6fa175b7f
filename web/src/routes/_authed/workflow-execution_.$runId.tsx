import { createFileRoute } from '@tanstack/react-router';
import { runQueryOptions } from '@/features/flow-runs/api/get-run';
import { RunDetailsScreen } from '@/features/flow-runs/components/run-details-screen';

export const Route = createFileRoute('/_authed/workflow-execution_/$runId')({
  staticData: { titleKey: 'pages.workflow_execution' },
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(runQueryOptions(params.runId)),
  component: RunDetailsPage,
});

function RunDetailsPage() {
  const { runId } = Route.useParams();
  return <RunDetailsScreen runId={runId} />;
}
