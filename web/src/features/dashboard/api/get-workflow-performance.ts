// GET /api/dashboard/workflow-performance: the organisation's workflows, most recently run first (≤ 10).
import type { WorkflowPerformance } from '@shared/types/api';
import { queryOptions } from '@tanstack/react-query';
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
