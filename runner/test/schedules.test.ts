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

// An organisation of its own with an active and a paused workflow (one wait step each), so the runs and
// audit rows of this file stay out of the seeded demo organisation that the end-to-end specs read.
const ORG = crypto.randomUUID();
const ACTIVE = crypto.randomUUID();
const PAUSED = crypto.randomUUID();

beforeAll(async () => {
  await admin.begin(async (tx) => {
    await tx`
      insert into public.organizations (id, name, organization_number, address, city, postal_code, email, phone)
      values (${ORG}, 'Schemalagda AB', ${`S${Date.now()}`}, 'Testgatan 1', 'Stockholm', '11122', 'info@schema.example.se', '0812345678')`;
    await tx`
      insert into public.workflows (id, organization_id, created_by, name, status, is_active) values
        (${ACTIVE}, ${ORG}, null, 'Nattlig avstämning', 'active', true),
        (${PAUSED}, ${ORG}, null, 'Pausad avstämning', 'paused', false)`;
    await tx`
      insert into public.workflow_versions (organization_id, workflow_id, version, definition)
      select ${ORG}, id, 1, '{"version":1,"steps":[{"id":"s1","type":"wait","ms":1}]}'::jsonb from public.workflows where organization_id = ${ORG}`;
    await tx`update public.workflows set current_version = 1 where organization_id = ${ORG}`;
  });
});

afterAll(async () => {
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
    values (${ACTIVE}, ${ORG}, '0 7 * * 1-5', 'Europe/Stockholm', now() - interval '1 minute')`;
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
    values (${PAUSED}, ${ORG}, '*/30 * * * *', 'Europe/Stockholm', now() - interval '1 minute')`;
  const [{ before }] = await admin<{ before: number }[]>`select count(*)::int as before from public.runs where workflow_id = ${PAUSED}`;
  expect(await startDueSchedules(runnerA)).toBe(0);
  const [{ after }] = await admin<{ after: number }[]>`select count(*)::int as after from public.runs where workflow_id = ${PAUSED}`;
  expect(after).toBe(before);
  const [schedule] = await admin<{ next_run_at: Date }[]>`select next_run_at from public.workflow_schedules where workflow_id = ${PAUSED}`;
  expect(schedule.next_run_at.getTime()).toBeGreaterThan(Date.now());
});
