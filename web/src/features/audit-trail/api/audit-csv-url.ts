// The CSV export of GET /api/audit-activities.csv with the filters shown on the page.
export const AUDIT_EXPORT_LIMIT = 10_000;

export type AuditFilters = { q: string; userId: string; action: string };

export function auditCsvUrl({ q, userId, action }: AuditFilters): string {
  const params = new URLSearchParams({ limit: String(AUDIT_EXPORT_LIMIT) });
  if (q.trim()) params.set('q', q.trim());
  if (userId) params.set('userId', userId);
  if (action) params.set('action', action);
  return `/api/audit-activities.csv?${params.toString()}`;
}
