// One workflow with its current definition, the secrets it lacks, its schedule and whether it has a webhook.
import { queryOptions } from '@tanstack/react-query';
import type { WorkflowDetail } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getWorkflow(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<WorkflowDetail> {
  return apiGet<WorkflowDetail>(`/api/workflows/${encodeURIComponent(id)}`, { signal });
}

export function workflowQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.workflow(id),
    queryFn: ({ signal }) => getWorkflow(id, { signal }),
  });
}
