// The audit trail reads the newest 50 activities (SPEC §7, §9) and filters them on the page.
import { queryOptions } from '@tanstack/react-query';
import type { AuditActivity } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const AUDIT_TRAIL_LIMIT = 50;

export function getRecentActivity({ limit, signal }: { limit: number; signal?: AbortSignal }): Promise<AuditActivity[]> {
  return apiGet<AuditActivity[]>(`/api/dashboard/recent-activity?limit=${limit}`, { signal });
}

export function recentActivityQueryOptions(limit = AUDIT_TRAIL_LIMIT) {
  return queryOptions({
    queryKey: [...queryKeys.auditActivities, 'recent', { limit }],
    queryFn: ({ signal }) => getRecentActivity({ limit, signal }),
  });
}
