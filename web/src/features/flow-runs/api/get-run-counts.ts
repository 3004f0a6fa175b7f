// GET /api/runs/counts: the organisation's runs by status, and their total.
import { queryOptions } from '@tanstack/react-query';
import type { RunCounts } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getRunCounts({ signal }: { signal?: AbortSignal } = {}): Promise<RunCounts> {
  return apiGet<RunCounts>('/api/runs/counts', { signal });
}

export function runCountsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.runCounts,
    queryFn: ({ signal }) => getRunCounts({ signal }),
  });
}
