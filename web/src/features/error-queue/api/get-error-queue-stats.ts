// GET /api/error-queue/stats: pending count, resolved today, average resolution time and automatic
// recovery (the last two null until something was measured).
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
