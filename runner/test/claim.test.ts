// A runner takes a job only when it has a free slot (runner/src/worker.ts fetchRuns, issue 20), end to end
// through the api and the stack's runner (2 slots): two runs that waited for a person go on and hold both
// slots; a third run started meanwhile stays in the queue (its job not taken, the run pending), where another
// runner could take it and the sweep leaves it alone, instead of waiting inside this runner for a slot (where
// it was failed as runner_lost 45 s later); it runs once a slot is free.
// The sweep (runner/src/db.ts sweepLostRuns) fails only runs a runner held: a pending run whose job a runner took
// and never claimed (killed or frozen in between: nothing of it ran) gets a new job and runs, and an attended run
// that waits for the person's browser to connect is left to the attended rules (fault suite, CI 2026-11-28).
// Needs a running stack with a runner (npm test starts one): API_URL, DB_URL.
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AttendedConnection, HumanTask } from '../../supabase/functions/_shared/types/api.ts';
import { Session } from './api-session.ts';

const admin = postgres(process.env.DB_URL ?? 'postgresql://postgres:postgres@127.0.0.1:55322/postgres', { max: 2, onnotice: () => {} });
const session = new Session();

beforeAll(async () => {
  await session.registerCompany('Platsen');
}, 180_000);

afterAll(async () => {
  await admin.end();
});

const jobState = async (runId: string) =>
  (await admin<{ state: string }[]>`select state::text from pgboss.job where name = 'run-workflow' and data ->> 'runId' = ${runId}`).map((j) => j.state);

it('a run started while both slots are busy stays in the queue until one is free, then runs', async () => {
  const busy = await session.activeWorkflow('Platsen: lång', [
    { id: 'check', type: 'manual', description: 'Kontrollera', instructions: 'Titta.' },
    { id: 'long', type: 'wait', description: 'Arbeta länge', ms: 15_000 },
  ]);
  const quick = await session.activeWorkflow('Platsen: snabb', [{ id: 'wait', type: 'wait', description: 'Snabbt', ms: 1 }]);

  const long = [await session.startRun(busy), await session.startRun(busy)];
  const tasks = async () => (await session.request<HumanTask[]>('GET', '/tasks')).body.filter((t) => long.includes(t.runId));
  await expect.poll(async () => (await tasks()).length, { timeout: 60_000, interval: 250 }).toBe(2);
  for (const task of await tasks()) expect((await session.request('POST', `/tasks/${task.id}/decide`, { done: true })).status).toBe(200);
  // Both have their slots back and work (the 15 s step).
  await expect
    .poll(async () => (await admin<{ n: number }[]>`select count(*)::int as n from public.run_steps where run_id = any(${long}) and step_id = 'long' and status = 'running'`)[0]!.n, { timeout: 30_000, interval: 200 })
    .toBe(2);

  const third = await session.startRun(quick);
  // For 3 s (well inside the 15 s step): the job stays in the queue and the run pending.
  for (let i = 0; i < 12; i++) {
    expect(await jobState(third)).toEqual(['created']);
    const [run] = await admin<{ status: string }[]>`select status::text from public.runs where id = ${third}`;
    expect(run!.status).toBe('pending');
    await new Promise((r) => setTimeout(r, 250));
  }
  const ran = await session.runToEnd(third, 60_000);
  expect({ status: ran.status, errorType: ran.errorType }).toEqual({ status: 'completed', errorType: null });
  for (const id of long) expect((await session.runToEnd(id, 60_000)).status).toBe('completed');
}, 180_000);

/** An active workflow that may run on the runners and in a person's browser. */
async function eitherWay(name: string): Promise<string> {
  const id = await session.activeWorkflow(name, [{ id: 'wait', type: 'wait', description: 'Snabbt', ms: 1 }]);
  expect((await session.request('PUT', `/workflows/${id}`, { runLocation: 'both' })).status).toBe(200);
  return id;
}

type RunRow = { status: string; error_type: string | null; runner_id: string | null };
const runRow = async (id: string) => (await admin<RunRow[]>`select status::text, error_type, runner_id from public.runs where id = ${id}`)[0]!;
/** Two sweeps of the stack's runner (one every 5 s). */
const twoSweeps = () => new Promise((r) => setTimeout(r, 11_000));

it('a run whose job a runner took and never claimed (the runner died in between) is queued again by the sweep and runs, instead of failing as runner_lost', async () => {
  const quick = await eitherWay('Platsen: förlorat jobb');
  // A run with no job in the queue (an attended start), turned into a runner's run whose job a runner took two
  // minutes ago and then died with: pending, its job active and stale, past the lease (45 s).
  const started = await session.request<AttendedConnection>('POST', `/workflows/${quick}/attended-runs`, {});
  expect(started.status).toBe(201);
  const runId = started.body.runId;
  expect(await jobState(runId)).toEqual([]);
  await admin.begin(async (tx) => {
    await tx`
      insert into pgboss.job (name, data, state, started_on, retry_limit, expire_in, policy, keep_until)
      select q.name, jsonb_build_object('runId', ${runId}::text, 'attempt', 1), 'active', now() - interval '2 minutes', 0,
             interval '4 hours', q.policy, now() + interval '14 days'
      from pgboss.queue q where q.name = 'run-workflow'`;
    await tx`update public.runs set mode = 'unattended', attended_by = null, created_at = now() - interval '2 minutes' where id = ${runId}`;
  });
  const ran = await session.runToEnd(runId, 60_000);
  expect({ status: ran.status, errorType: ran.errorType }).toEqual({ status: 'completed', errorType: null });
  // The new job is marked completed just after the run ends; the dead runner's job stays as it was.
  await expect.poll(async () => (await jobState(runId)).sort(), { timeout: 15_000, interval: 200 }).toEqual(['active', 'completed']);
}, 120_000);

it('an attended run waiting for its browser is not failed by the sweep past the lease; with no valid token for five minutes it ends as attended_not_connected', async () => {
  const quick = await eitherWay('Platsen: väntar på webbläsare');
  const started = await session.request<AttendedConnection>('POST', `/workflows/${quick}/attended-runs`, {});
  expect(started.status).toBe(201);
  const runId = started.body.runId;
  // The person takes two minutes to install the extension: past the runners' lease, inside the token's ten.
  await admin`update public.runs set created_at = now() - interval '2 minutes' where id = ${runId}`;
  await twoSweeps();
  expect(await runRow(runId)).toEqual({ status: 'pending', error_type: null, runner_id: null });
  // Nobody connected and the last token ran out over five minutes ago: ended at the next check (every 30 s).
  await admin`update public.runs set created_at = now() - interval '20 minutes' where id = ${runId}`;
  await admin`update private.attended_tokens set expires_at = now() - interval '6 minutes' where run_id = ${runId}`;
  await expect.poll(async () => (await runRow(runId)).status, { timeout: 45_000, interval: 500 }).toBe('failed');
  expect(await runRow(runId)).toEqual({ status: 'failed', error_type: 'attended_not_connected', runner_id: null });
}, 120_000);
