import { queryOptions } from '@tanstack/react-query';
import type { Workflow } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getWorkflows({ signal }: { signal?: AbortSignal } = {}): Promise<Workflow[]> {
  return apiGet<Workflow[]>('/api/workflows', { signal });
}

export function workflowsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.workflows,
    queryFn: ({ signal }) => getWorkflows({ signal }),
  });
}
