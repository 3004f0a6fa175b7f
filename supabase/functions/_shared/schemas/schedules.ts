// Workflow schedules (PUT /api/workflows/{id}/schedule): a 5-field cron expression in an IANA time zone,
// firing at most every MIN_SCHEDULE_INTERVAL_MINUTES. Messages are keys of `validation`. The web imports
// only the types (cron-parser stays out of the app bundle).
import { CronExpressionParser } from 'cron-parser';
import { z } from 'zod';

/** The most often a schedule may fire. */
export const MIN_SCHEDULE_INTERVAL_MINUTES = 5;
export const DEFAULT_TIMEZONE = 'Europe/Stockholm';

/** The canonical name of an IANA time zone (`europe/stockholm` → `Europe/Stockholm`), or null when there is none. */
function canonicalTimeZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * The shortest time in minutes between two firings of a cron expression, from its minute and hour fields
 * (wall-clock time; a schedule firing at 23:58 and 00:01 counts as 3 minutes apart whatever its days).
 */
function shortestInterval(minutes: number[], hours: number[]): number {
  let gap = Infinity;
  for (let i = 1; i < minutes.length; i++) gap = Math.min(gap, minutes[i] - minutes[i - 1]);
  const across = (hourGap: number) => hourGap * 60 - minutes[minutes.length - 1] + minutes[0];
  for (let i = 1; i < hours.length; i++) gap = Math.min(gap, across(hours[i] - hours[i - 1]));
  return Math.min(gap, across(24 - hours[hours.length - 1] + hours[0]));
}

/** PUT /api/workflows/{id}/schedule: a 5-field cron expression (null removes the schedule) in an IANA time zone. */
export const scheduleBodySchema = z
  .strictObject({
    cron: z.string({ message: 'cron_invalid' }).max(100, 'cron_invalid').transform((s) => s.trim().split(/\s+/).join(' '))
      .nullable(),
    timezone: z.string({ message: 'timezone_invalid' }).max(64, 'timezone_invalid')
      .transform((zone, ctx) => {
        const canonical = canonicalTimeZone(zone);
        if (!canonical) ctx.addIssue({ code: 'custom', message: 'timezone_invalid' });
        return canonical ?? z.NEVER;
      })
      .default(DEFAULT_TIMEZONE),
    enabled: z.boolean().default(true),
    /** Fixed values of the workflow's declared inputs for every run the schedule starts (checked by the api). */
    inputs: z.record(z.string(), z.unknown(), { message: 'invalid_input' }).default({}),
  })
  .transform((input, ctx) => {
    if (input.cron === null) return { ...input, cron: null, nextRunAt: null };
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', path: ['cron'], message });
      return z.NEVER;
    };
    if (input.cron.split(' ').length !== 5) return fail('cron_invalid');
    let nextRunAt: Date;
    try {
      const expression = CronExpressionParser.parse(input.cron, { tz: input.timezone, currentDate: new Date() });
      const numbers = (values: readonly unknown[]) =>
        values.filter((v): v is number => typeof v === 'number').sort((a, b) => a - b);
      const interval = shortestInterval(numbers(expression.fields.minute.values), numbers(expression.fields.hour.values));
      if (interval < MIN_SCHEDULE_INTERVAL_MINUTES) return fail('cron_too_frequent');
      nextRunAt = expression.next().toDate();
    } catch {
      return fail('cron_invalid');
    }
    return { ...input, cron: input.cron, nextRunAt: input.enabled ? nextRunAt : null };
  });

/** The body as the web sends it (`cron: null` removes the schedule). */
export type ScheduleInput = z.input<typeof scheduleBodySchema>;
