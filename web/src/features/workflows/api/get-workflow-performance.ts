// The dashboard's flow-performance list (at most 10, most recently run first). Every change to a
// workflow invalidates it together with the workflow list (SPEC §7).
import { queryOptions } from '@tanstack/react-query';
import type { WorkflowPerformance } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getWorkflowPerformance({ signal }: { signal?: AbortSignal } = {}): Promise<WorkflowPerformance[]> {
  return apiGet<WorkflowPerformance[]>('/api/dashboard/workflow-performance', { signal });
}

export function workflowPerformanceQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.workflowPerformance,
    queryFn: ({ signal }) => getWorkflowPerformance({ signal }),
  });
}
