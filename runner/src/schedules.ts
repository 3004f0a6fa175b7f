// Scheduled workflows: once a minute (pg-boss cron, fired by one runner) every due, enabled schedule
// starts a run, and its next time is computed from its cron expression in its own time zone.
import { CronExpressionParser } from 'cron-parser';
import type { Sql } from './db.ts';

/** The next time after `after` that `cron` fires in `timezone`. */
export function nextRunAt(cron: string, timezone: string, after = new Date()): Date {
  return CronExpressionParser.parse(cron, { currentDate: after, tz: timezone }).next().toDate();
}

/** Starts every due schedule (each exactly once, even with several runners ticking); returns how many runs started. */
export async function startDueSchedules(sql: Sql, now = new Date()): Promise<number> {
  let started = 0;
  await sql.begin(async (tx) => {
    const due = await tx<{ workflow_id: string; cron: string; timezone: string }[]>`
      select workflow_id, cron, timezone from public.workflow_schedules
      where enabled and next_run_at <= ${now}
      order by next_run_at
      limit 100
      for update skip locked`;
    for (const s of due) {
      const [{ run_id }] = await tx<{ run_id: string | null }[]>`
        select app.start_scheduled_run(${s.workflow_id}, ${nextRunAt(s.cron, s.timezone, now)}) as run_id`;
      if (run_id) started++;
    }
  });
  return started;
}

/**
 * Run retention, on the same minute tick: deletes the finished runs older than their organisation's
 * run_retention_days (app.purge_expired_runs, at most 1000 a call); returns how many.
 */
export async function purgeExpiredRuns(sql: Sql): Promise<number> {
  const [{ deleted }] = await sql<{ deleted: number }[]>`select app.purge_expired_runs() as deleted`;
  return deleted;
}
