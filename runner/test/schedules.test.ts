// Scheduled workflows against the stack's database (DB_URL as postgres, RUNNER_DB_URL as kollega_runner):
// a due schedule starts exactly one run even when several runners tick at the same moment, its next
// time follows the cron expression in its own time zone, and a schedule of a workflow that is not
// active moves on without a run.
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nextRunAt, startDueSchedules } from '../src/schedules.ts';

const admin = postgres(process.env.DB_URL ?? 'postgresql://postgres:postgres@127.0.0.1:55322/postgres', { max: 2, onnotice: () => {} });
const runnerUrl = process.env.RUNNER_DB_URL ?? 'postgresql://kollega_runner:postgres@127.0.0.1:55322/postgres';
const runnerA = postgres(runnerUrl, { max: 2, onnotice: () => {} });
const runnerB = postgres(runnerUrl, { max: 2, onnotice: () => {} });

const ACTIVE = 'b0000000-0000-4000-8000-000000000003'; // seed: Månadsrapport driftkostnader, active, 5 steps
const PAUSED = 'b0000000-0000-4000-8000-000000000004'; // seed: Förlängning av hyresavtal, paused

beforeAll(async () => {
  await admin`delete from public.workflow_schedules where workflow_id in (${ACTIVE}, ${PAUSED})`;
});

afterAll(async () => {
  await admin`delete from public.workflow_schedules where workflow_id in (${ACTIVE}, ${PAUSED})`;
  // The seeded workflow's systems do not exist: stop the run this test started before it fails there,
  // so it leaves no error-queue item for the suites after this one.
  await admin`
    update public.runs set status = 'failed', error_type = 'stopped', finished_at = now()
    where workflow_id = ${ACTIVE} and trigger = 'schedule' and status in ('pending', 'running', 'paused')`;
  await Promise.all([admin.end(), runnerA.end(), runnerB.end()]);
});

it('next run times follow the cron expression in Europe/Stockholm, summer time included', () => {
  // 07:00 on weekdays in Stockholm is 06:00 UTC in winter and 05:00 UTC in summer.
  expect(nextRunAt('0 7 * * 1-5', 'Europe/Stockholm', new Date('2026-11-23T12:00:00Z')).toISOString()).toBe('2026-11-24T06:00:00.000Z');
  expect(nextRunAt('0 7 * * 1-5', 'Europe/Stockholm', new Date('2026-06-12T12:00:00Z')).toISOString()).toBe('2026-06-15T05:00:00.000Z');
});

it('a due schedule starts exactly one run although two runners tick at once, and moves to its next time', async () => {
  const [{ before }] = await admin<{ before: number }[]>`select count(*)::int as before from public.runs where workflow_id = ${ACTIVE} and trigger = 'schedule'`;
  await admin`
    insert into public.workflow_schedules (workflow_id, organization_id, cron, timezone, next_run_at)
    select id, organization_id, '0 7 * * 1-5', 'Europe/Stockholm', now() - interval '1 minute' from public.workflows where id = ${ACTIVE}`;
  const now = new Date();
  const [a, b] = await Promise.all([startDueSchedules(runnerA, now), startDueSchedules(runnerB, now)]);
  expect(a + b).toBe(1);
  const [{ after }] = await admin<{ after: number }[]>`select count(*)::int as after from public.runs where workflow_id = ${ACTIVE} and trigger = 'schedule'`;
  expect(after - before).toBe(1);
  const [schedule] = await admin<{ next_run_at: Date; last_run_at: Date | null }[]>`select next_run_at, last_run_at from public.workflow_schedules where workflow_id = ${ACTIVE}`;
  expect(schedule.next_run_at.toISOString()).toBe(nextRunAt('0 7 * * 1-5', 'Europe/Stockholm', now).toISOString());
  expect(schedule.last_run_at).not.toBeNull();
  // Nothing is due any more: another tick starts nothing.
  expect(await startDueSchedules(runnerA, now)).toBe(0);
});

it('a schedule of a workflow that is not active moves on without starting a run', async () => {
  await admin`
    insert into public.workflow_schedules (workflow_id, organization_id, cron, timezone, next_run_at)
    select id, organization_id, '*/30 * * * *', 'Europe/Stockholm', now() - interval '1 minute' from public.workflows where id = ${PAUSED}`;
  const [{ before }] = await admin<{ before: number }[]>`select count(*)::int as before from public.runs where workflow_id = ${PAUSED}`;
  expect(await startDueSchedules(runnerA)).toBe(0);
  const [{ after }] = await admin<{ after: number }[]>`select count(*)::int as after from public.runs where workflow_id = ${PAUSED}`;
  expect(after).toBe(before);
  const [schedule] = await admin<{ next_run_at: Date }[]>`select next_run_at from public.workflow_schedules where workflow_id = ${PAUSED}`;
  expect(schedule.next_run_at.getTime()).toBeGreaterThan(Date.now());
});
