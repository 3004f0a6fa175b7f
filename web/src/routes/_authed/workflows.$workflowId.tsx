import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { secretsQueryOptions } from '@/features/settings/api/get-secrets';
import { workflowQueryOptions } from '@/features/workflows/api/get-workflow';
import { WorkflowEditorError } from '@/features/workflows/components/workflow-editor-error';
import { WorkflowEditorScreen } from '@/features/workflows/components/workflow-editor-screen';
import { WorkflowEditorSkeleton } from '@/features/workflows/components/workflow-editor-skeleton';

// Loader, skeleton and error view go into the route's own chunk with the screen: route options that stay
// in the entry ship with every page, /auth and /landing included (first-load budget, docs/quality.md).
export const Route = createFileRoute('/_authed/workflows/$workflowId')({
  codeSplitGroupings: [['loader', 'pendingComponent', 'component', 'errorComponent']],
  staticData: { titleKey: 'pages.workflows' },
  loader: ({ context, params }) => context.queryClient.ensureQueryData(workflowQueryOptions(params.workflowId)),
  pendingComponent: WorkflowEditorSkeleton,
  errorComponent: WorkflowEditorError,
  component: WorkflowEditorPage,
});

// The organisation's secrets (Settings' list) tell the editor which used secrets have no sites yet; while
// they load, or if they cannot, the editor simply flags none.
function WorkflowEditorPage() {
  const { workflowId } = Route.useParams();
  const secrets = useQuery(secretsQueryOptions());
  const withoutSites = secrets.data?.filter((secret) => secret.origins.length === 0).map((secret) => secret.name) ?? [];
  return <WorkflowEditorScreen key={workflowId} workflowId={workflowId} secretsWithoutSites={withoutSites} />;
}
