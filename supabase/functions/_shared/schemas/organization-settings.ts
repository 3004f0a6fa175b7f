// PUT /api/organization-settings (admins) and the settings screen's form: what the organisation's settings
// drive (supabase/migrations/20261127300000_create_organization_settings.sql). Absent fields keep their value.
import { z } from 'zod';
import { registerSchema } from './auth.ts';
import { AI_THRESHOLD_DEFAULT } from './definition.ts';

export const MAX_RETRY_ATTEMPTS = 5;
export const RETRY_BACKOFF_SECONDS = { min: 10, max: 3600 } as const;
export const RUN_RETENTION_DAYS = { min: 7, max: 3650 } as const;
/** How long a run may wait for a person or stay paused before it ends as waited_too_long (hours). */
export const PAUSE_LIMIT_HOURS = { min: 1, max: 720, default: 24 } as const;
/** At most this many of the organisation's runs on the same site at once (20261128300100_site_cap.sql). */
export const SITE_CONCURRENCY = { min: 1, max: 100, default: 4 } as const;

export const organizationSettingsSchema = z.strictObject({
  aiThresholdDefault: z.number().int('threshold_invalid').min(1, 'threshold_invalid').max(100, 'threshold_invalid'),
  retryAttempts: z.number().int('retry_attempts_invalid').min(0, 'retry_attempts_invalid').max(MAX_RETRY_ATTEMPTS, 'retry_attempts_invalid'),
  retryBackoffSeconds: z
    .number()
    .int('retry_backoff_invalid')
    .min(RETRY_BACKOFF_SECONDS.min, 'retry_backoff_invalid')
    .max(RETRY_BACKOFF_SECONDS.max, 'retry_backoff_invalid'),
  /** null: finished runs are kept. */
  runRetentionDays: z
    .number()
    .int('retention_invalid')
    .min(RUN_RETENTION_DAYS.min, 'retention_invalid')
    .max(RUN_RETENTION_DAYS.max, 'retention_invalid')
    .nullable(),
  /** Absent: unchanged (24 for an organisation that never saved its settings). */
  pauseLimitHours: z
    .number()
    .int('pause_limit_invalid')
    .min(PAUSE_LIMIT_HOURS.min, 'pause_limit_invalid')
    .max(PAUSE_LIMIT_HOURS.max, 'pause_limit_invalid')
    .optional(),
  /** Absent: unchanged (4 for an organisation that never saved its settings). */
  siteConcurrency: z
    .number()
    .int('site_concurrency_invalid')
    .min(SITE_CONCURRENCY.min, 'site_concurrency_invalid')
    .max(SITE_CONCURRENCY.max, 'site_concurrency_invalid')
    .optional(),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;

/** An organisation that never saved its settings has these (the table's column defaults). */
export const DEFAULT_ORGANIZATION_SETTINGS: OrganizationSettings = {
  aiThresholdDefault: AI_THRESHOLD_DEFAULT,
  retryAttempts: 0,
  retryBackoffSeconds: 60,
  runRetentionDays: null,
  pauseLimitHours: PAUSE_LIMIT_HOURS.default,
  siteConcurrency: SITE_CONCURRENCY.default,
};

/** PUT /api/user/profile: what a person changes of their own profile. */
export const updateProfileSchema = z.strictObject({
  fullName: registerSchema.shape.fullName,
});
