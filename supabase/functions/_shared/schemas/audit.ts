// GET /api/dashboard/recent-activity and GET /api/audit-activities(.csv) query parameters (the list's page cursor:
// api/routes/audit.ts).
import { z } from 'zod';

export const auditQuerySchema = z.strictObject({
  limit: z.coerce.number({ message: 'limit_invalid' }).int('limit_invalid').min(1, 'limit_invalid').max(500, 'limit_invalid').default(50),
  userId: z.uuid({ message: 'invalid_id' }).optional(),
  action: z.string().regex(/^[a-z][a-z_]{0,63}$/, 'action_invalid').optional(),
  from: z.iso.date({ message: 'date_invalid' }).optional(),
  to: z.iso.date({ message: 'date_invalid' }).optional(),
  q: z.string().trim().max(200, 'too_long').optional(),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;
