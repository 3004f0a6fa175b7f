// GET /api/audit-activities?q=&userId=&action=&limit=&cursor=: the organisation's activities, newest first, a
// page at a time, searched (details and action code) and filtered by user and action on the server, so the
// filters apply to the whole trail and not only to the pages loaded.
import type { AuditActivity } from '@shared/types/api';
import { pagedQueryOptions } from '@/lib/paging';
import { queryKeys } from '@/lib/query-keys';

export const AUDIT_PAGE_SIZE = 50;

export type AuditFilters = { q: string; userId: string; action: string };

export function auditActivitiesQueryOptions(filters: AuditFilters = { q: '', userId: '', action: '' }) {
  return pagedQueryOptions<AuditActivity, readonly unknown[]>([...queryKeys.auditActivities, 'pages', filters], '/api/audit-activities', {
    ...filters,
    limit: AUDIT_PAGE_SIZE,
  });
}
