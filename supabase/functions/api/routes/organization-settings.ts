// The organisation's settings (supabase/migrations/20261127300000_create_organization_settings.sql): members
// read them (the defaults when none were saved), admins change them; and a person's own profile name.
import { Hono } from 'hono';
import { DEFAULT_ORGANIZATION_SETTINGS, type OrganizationSettings, organizationSettingsSchema, PAUSE_LIMIT_HOURS, SITE_CONCURRENCY, updateProfileSchema } from '../../_shared/schemas/organization-settings.ts';
import { HttpError } from '../../_shared/http.ts';
import { type AppEnv, readJson, requireSession } from '../middleware.ts';
import { asCaller, requirePermission } from '../resource.ts';

const SETTINGS_COLUMNS = `ai_threshold_default as "aiThresholdDefault", retry_attempts as "retryAttempts",
  retry_backoff_seconds as "retryBackoffSeconds", run_retention_days as "runRetentionDays", pause_limit_hours as "pauseLimitHours",
  site_concurrency as "siteConcurrency"`;

export const organizationSettingsRoutes = new Hono<AppEnv>();

organizationSettingsRoutes.get('/organization-settings', requireSession, async (c) => {
  const [row] = await asCaller(c, (tx) => tx<OrganizationSettings[]>`select ${tx.unsafe(SETTINGS_COLUMNS)} from public.organization_settings`);
  return c.json(row ?? DEFAULT_ORGANIZATION_SETTINGS);
});

organizationSettingsRoutes.put('/organization-settings', requireSession, async (c) => {
  const input = await readJson(c, organizationSettingsSchema);
  const row = await asCaller(c, async (tx) => {
    await requirePermission(tx, 'organization.settings');
    // Update the row, or create it on the first save (the organisation is the caller's by the column default).
    const [updated] = await tx<OrganizationSettings[]>`
      update public.organization_settings
      set ai_threshold_default = ${input.aiThresholdDefault}, retry_attempts = ${input.retryAttempts},
          retry_backoff_seconds = ${input.retryBackoffSeconds}, run_retention_days = ${input.runRetentionDays},
          pause_limit_hours = coalesce(${input.pauseLimitHours ?? null}::integer, pause_limit_hours),
          site_concurrency = coalesce(${input.siteConcurrency ?? null}::integer, site_concurrency)
      returning ${tx.unsafe(SETTINGS_COLUMNS)}`;
    if (updated) return updated;
    const [created] = await tx<OrganizationSettings[]>`
      insert into public.organization_settings (ai_threshold_default, retry_attempts, retry_backoff_seconds, run_retention_days, pause_limit_hours,
                                                site_concurrency)
      values (${input.aiThresholdDefault}, ${input.retryAttempts}, ${input.retryBackoffSeconds}, ${input.runRetentionDays},
              ${input.pauseLimitHours ?? PAUSE_LIMIT_HOURS.default}, ${input.siteConcurrency ?? SITE_CONCURRENCY.default})
      returning ${tx.unsafe(SETTINGS_COLUMNS)}`;
    return created;
  });
  return c.json(row);
});

/** One's own full name (RLS lets a person update their own profile; e-mail, role and username stay an admin's). */
organizationSettingsRoutes.put('/user/profile', requireSession, async (c) => {
  const { fullName } = await readJson(c, updateProfileSchema);
  const [row] = await asCaller(c, (tx) =>
    tx<{ fullName: string }[]>`update public.profiles set full_name = ${fullName} where id = (select auth.uid()) returning full_name as "fullName"`
  );
  if (!row) throw new HttpError(401, 'account_disabled');
  return c.json(row);
});
