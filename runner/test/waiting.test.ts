// Runs waiting for a person hold nothing (the runner parks them, runner/src/worker.ts), end to end through the
// api and the stack's runner (2 slots, 2 per organisation): with two runs of one company waiting at a manual
// step, held by no runner, a third run of the same company still runs to the end at once; the two go on as a
// new attempt from the manual step, and complete, when a person marks their steps done. Needs a running stack
// with a runner (npm test starts one): API_URL.
import { beforeAll, expect, it } from 'vitest';
import type { HumanTask } from '../../supabase/functions/_shared/types/api.ts';
import { Session } from './api-session.ts';

const session = new Session();

beforeAll(async () => {
  await session.registerCompany('Vantan');
});

/** An active workflow with this definition. */
async function activeWorkflow(name: string, steps: unknown[]): Promise<string> {
  const created = await session.request<{ id: string }>('POST', '/workflows', { name });
  expect(created.status).toBe(201);
  const saved = await session.request('PUT', `/workflows/${created.body.id}/definition`, { definition: { version: 1, steps } });
  expect(saved.status).toBe(200);
  expect((await session.request('PUT', `/workflows/${created.body.id}`, { status: 'active' })).status).toBe(200);
  return created.body.id;
}

async function start(workflowId: string): Promise<string> {
  const started = await session.request<{ executionId: string }>('POST', `/workflows/${workflowId}/run`, {});
  expect(started.status).toBe(202);
  return started.body.executionId;
}

const openTasks = async (runIds: string[]) =>
  (await session.request<HumanTask[]>('GET', '/tasks')).body.filter((task) => runIds.includes(task.runId));

it('two runs waiting for a person leave the runner free for a third, and go on once the person has acted', async () => {
  const manual = await activeWorkflow('Kvittokontroll', [
    { id: 'check', type: 'manual', description: 'Kontrollera kvittot', instructions: 'Jämför kvittot med fakturan.' },
    { id: 'after', type: 'wait', ms: 1 },
  ]);
  const quick = await activeWorkflow('Snabbkoll', [{ id: 'wait', type: 'wait', ms: 1 }]);

  const waiting = [await start(manual), await start(manual)];
  await expect.poll(async () => (await openTasks(waiting)).length, { timeout: 60_000, interval: 250 }).toBe(2);

  // Both of the runner's slots were taken by the waiting runs before slots.ts; this run would stay queued.
  const other = await session.runToEnd(await start(quick), 30_000);
  expect(other.status).toBe('completed');
  for (const id of waiting) expect((await session.request<{ status: string }>('GET', `/runs/${id}`)).body.status).toBe('paused');

  for (const task of await openTasks(waiting)) {
    expect((await session.request('POST', `/tasks/${task.id}/decide`, { done: true })).status).toBe(200);
  }
  for (const id of waiting) {
    const run = await session.runToEnd(id, 30_000);
    expect({ status: run.status, error: run.errorMessage }).toEqual({ status: 'completed', error: null });
    // Attempt 1 let go of the run at the manual step; attempt 2 took the person's "done" there and went on.
    expect(run.steps.map((s) => [s.attempt, s.stepId, s.status])).toEqual([[1, 'check', 'skipped'], [2, 'check', 'passed'], [2, 'after', 'passed']]);
  }
});
