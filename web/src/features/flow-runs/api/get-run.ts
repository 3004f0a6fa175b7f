// GET /api/runs/{id}: one run with the steps of all its attempts, oldest first.
import { queryOptions } from '@tanstack/react-query';
import type { RunDetail } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getRun(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<RunDetail> {
  return apiGet<RunDetail>(`/api/runs/${encodeURIComponent(id)}`, { signal });
}

export function runQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.run(id),
    queryFn: ({ signal }) => getRun(id, { signal }),
  });
}
