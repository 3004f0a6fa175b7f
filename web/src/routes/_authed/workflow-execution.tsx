import type { RunStatus } from '@shared/types/api';
import { createFileRoute } from '@tanstack/react-router';
import { FlowManagementScreen } from '@/features/flow-runs/components/flow-management-screen';
import { RUN_STATUSES } from '@/features/flow-runs/run-statuses';
import { useDuplicateWorkflow } from '@/features/workflows/api/duplicate-workflow';
import { oneOf } from '@/lib/search-params';

// No loader: route options ship with every page (first-load budget, docs/quality.md), and the screen's
// skeletons cover the first fetch, which it repeats every second anyway while runs are under way.
export const Route = createFileRoute('/_authed/workflow-execution')({
  staticData: { titleKey: 'pages.workflow_execution' },
  // An unknown status is ignored (all runs), never an error.
  validateSearch: (search: Record<string, unknown>): { status?: RunStatus } => ({ status: oneOf(search.status, RUN_STATUSES) }),
  component: FlowManagementPage,
});

function FlowManagementPage() {
  const { status } = Route.useSearch();
  const navigate = Route.useNavigate();
  const duplicate = useDuplicateWorkflow();

  return (
    <FlowManagementScreen
      status={status}
      onStatusChange={(next) => void navigate({ search: next ? { status: next } : {} })}
      onCopyToNewFlow={(workflowId, onCopied) => duplicate.mutate(workflowId, { onSuccess: onCopied })}
    />
  );
}
