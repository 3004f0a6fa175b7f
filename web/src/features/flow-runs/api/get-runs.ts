// GET /api/runs?status=&workflowId=&limit=: the organisation's runs, newest first.
import { queryOptions } from '@tanstack/react-query';
import type { Run, RunStatus } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type RunFilters = { status?: RunStatus; workflowId?: string; limit?: number };

export function getRuns(filters: RunFilters = {}, { signal }: { signal?: AbortSignal } = {}): Promise<Run[]> {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.workflowId) params.set('workflowId', filters.workflowId);
  if (filters.limit !== undefined) params.set('limit', String(filters.limit));
  const query = params.toString();
  return apiGet<Run[]>(query ? `/api/runs?${query}` : '/api/runs', { signal });
}

export function runsQueryOptions(filters: RunFilters = {}) {
  return queryOptions({
    queryKey: [...queryKeys.runs, 'list', filters] as const,
    queryFn: ({ signal }) => getRuns(filters, { signal }),
  });
}
