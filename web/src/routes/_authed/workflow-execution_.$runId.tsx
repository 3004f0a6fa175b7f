import { createFileRoute } from '@tanstack/react-router';
import { RunDetailsScreen } from '@/features/flow-runs/components/run-details-screen';

// No loader, as on /workflow-execution: route options ship with every page (first-load budget).
export const Route = createFileRoute('/_authed/workflow-execution_/$runId')({
  staticData: { titleKey: 'pages.workflow_execution' },
  component: RunDetailsPage,
});

function RunDetailsPage() {
  const { runId } = Route.useParams();
  return <RunDetailsScreen runId={runId} />;
}
