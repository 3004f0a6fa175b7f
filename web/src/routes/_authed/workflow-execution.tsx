import type { RunStatus } from '@shared/types/api';
import { createFileRoute } from '@tanstack/react-router';
import { runCountsQueryOptions } from '@/features/flow-runs/api/get-run-counts';
import { runsQueryOptions } from '@/features/flow-runs/api/get-runs';
import { FlowManagementScreen } from '@/features/flow-runs/components/flow-management-screen';
import { RUN_STATUSES, RUNS_PAGE_SIZE } from '@/features/flow-runs/model';
import { useDuplicateWorkflow } from '@/features/workflows/api/duplicate-workflow';
import { oneOf } from '@/lib/search-params';

export const Route = createFileRoute('/_authed/workflow-execution')({
  staticData: { titleKey: 'pages.workflow_execution' },
  // An unknown status is ignored (all runs), never an error.
  validateSearch: (search: Record<string, unknown>): { status?: RunStatus } => ({ status: oneOf(search.status, RUN_STATUSES) }),
  loaderDeps: ({ search }) => ({ status: search.status }),
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(runsQueryOptions({ status: deps.status, limit: RUNS_PAGE_SIZE }));
    void context.queryClient.prefetchQuery(runCountsQueryOptions());
  },
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
