// GET /api/dashboard/stats: the tiles' figures (null where nothing was measured yet).
import { queryOptions } from '@tanstack/react-query';
import type { DashboardStats } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getDashboardStats({ signal }: { signal?: AbortSignal } = {}): Promise<DashboardStats> {
  return apiGet<DashboardStats>('/api/dashboard/stats', { signal });
}

export function dashboardStatsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.dashboardStats,
    queryFn: ({ signal }) => getDashboardStats({ signal }),
  });
}
