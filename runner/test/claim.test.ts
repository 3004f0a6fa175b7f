// A runner takes a job only when it has a free slot (runner/src/worker.ts fetchRuns, issue 20), end to end
// through the api and the stack's runner (2 slots): two runs that waited for a person go on and hold both
// slots; a third run started meanwhile stays in the queue (its job not taken, the run pending), where another
// runner could take it and the sweep leaves it alone, instead of waiting inside this runner for a slot (where
// it was failed as runner_lost 45 s later); it runs once a slot is free.
// Needs a running stack with a runner (npm test starts one): API_URL, DB_URL.
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HumanTask } from '../../supabase/functions/_shared/types/api.ts';
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
