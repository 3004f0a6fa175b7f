// GET /api/workflows/{id}/versions: the saved versions, newest first, with who saved each and when.
import { queryOptions } from '@tanstack/react-query';
import type { WorkflowVersion } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getWorkflowVersions(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<WorkflowVersion[]> {
  return apiGet<WorkflowVersion[]>(`/api/workflows/${encodeURIComponent(id)}/versions`, { signal });
}

export function workflowVersionsQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.workflow(id), 'versions'] as const,
    queryFn: ({ signal }) => getWorkflowVersions(id, { signal }),
  });
}
