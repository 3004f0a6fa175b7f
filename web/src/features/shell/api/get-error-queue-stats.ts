// GET /api/error-queue/stats, for the sidebar's badge: the number of pending errors. The same query
// (key and body) as the error queue's figures, so resolving an error there updates the badge too.
import { queryOptions } from '@tanstack/react-query';
import type { ErrorQueueStats } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getErrorQueueStats({ signal }: { signal?: AbortSignal } = {}): Promise<ErrorQueueStats> {
  return apiGet<ErrorQueueStats>('/api/error-queue/stats', { signal });
}

export function errorQueueStatsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.errorQueueStats,
    queryFn: ({ signal }) => getErrorQueueStats({ signal }),
  });
}
