// GET /api/dashboard/recent-activity and GET /api/audit-activities(.csv) query parameters.
import { z } from 'zod';

export const auditQuerySchema = z.strictObject({
  limit: z.coerce.number({ message: 'limit_invalid' }).int('limit_invalid').min(1, 'limit_invalid').max(500, 'limit_invalid').default(50),
  /** Rows strictly older than this `timestamp` (keyset paging: the last row's `timestamp`). */
  before: z.iso.datetime({ offset: true, message: 'date_invalid' }).optional(),
  /** With `before`: the last row's `id`, so rows of the same instant are neither skipped nor repeated. */
  beforeId: z.uuid({ message: 'invalid_id' }).optional(),
  userId: z.uuid({ message: 'invalid_id' }).optional(),
  action: z.string().regex(/^[a-z][a-z_]{0,63}$/, 'action_invalid').optional(),
  from: z.iso.date({ message: 'date_invalid' }).optional(),
  to: z.iso.date({ message: 'date_invalid' }).optional(),
  q: z.string().trim().max(200, 'too_long').optional(),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;
