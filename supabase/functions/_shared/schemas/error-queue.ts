// Error queue actions beyond resolve (SPEC §2: ignore and escalate with priority).
import { z } from 'zod';

export const ERROR_PRIORITIES = ['high', 'medium', 'low'] as const;
export const ERROR_STATUSES = ['pending', 'in_progress', 'resolved', 'ignored'] as const;

/** POST /api/error-queue/{id}/escalate. */
export const escalateErrorSchema = z.strictObject({
  priority: z.enum(ERROR_PRIORITIES, { message: 'priority_invalid' }).default('high'),
});
export type EscalateErrorInput = z.input<typeof escalateErrorSchema>;
