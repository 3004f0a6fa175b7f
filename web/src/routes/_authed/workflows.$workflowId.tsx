import { createFileRoute } from '@tanstack/react-router';
import { workflowQueryOptions } from '@/features/workflows/api/get-workflow';
import { WorkflowEditorError } from '@/features/workflows/components/workflow-editor-error';
import { WorkflowEditorScreen } from '@/features/workflows/components/workflow-editor-screen';
import { WorkflowEditorSkeleton } from '@/features/workflows/components/workflow-editor-skeleton';

export const Route = createFileRoute('/_authed/workflows/$workflowId')({
  staticData: { titleKey: 'pages.workflows' },
  loader: ({ context, params }) => context.queryClient.ensureQueryData(workflowQueryOptions(params.workflowId)),
  pendingComponent: WorkflowEditorSkeleton,
  errorComponent: WorkflowEditorError,
  component: WorkflowEditorPage,
});

function WorkflowEditorPage() {
  const { workflowId } = Route.useParams();
  return <WorkflowEditorScreen key={workflowId} workflowId={workflowId} />;
}
