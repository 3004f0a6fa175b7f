// A batch through the api and the runner, as a person would start one: five rows, one of which fails (its label
// is not on the page). Every row ends; retry-failed then runs exactly that one row again, as a new run, and the
// completed rows keep the runs they had.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Session } from './api-session.ts';
import { startSites, type Sites } from './sites/server.ts';

type Batch = {
  status: string;
  counts: { total: number; completed: number; failed: number; pending: number; running: number };
  items: { index: number; status: string; runId: string | null; error: string | null }[];
};

let sites: Sites;
const session = new Session();

beforeAll(async () => {
  sites = await startSites();
  await session.registerCompany('Listor');
});

afterAll(async () => {
  await sites?.close();
});

async function batchToEnd(id: string, timeoutMs: number): Promise<Batch> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await session.request<Batch>('GET', `/batches/${id}`);
    expect(status).toBe(200);
    if (body.status === 'completed') return body;
    if (Date.now() > deadline) {
      const stuck = body.items.filter((i) => i.status === 'running' && i.runId);
      const runs = await Promise.all(stuck.map((i) => session.request('GET', `/runs/${i.runId}`).then((r) => r.body)));
      throw new Error(`batch ${id} still ${body.status} after ${timeoutMs} ms: ${JSON.stringify(body.counts)}; runs under way: ${JSON.stringify(runs)}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}

it('runs every row of a batch, and retry-failed runs exactly the failed row again', async () => {
  const workflowId = await session.activeWorkflow('Fältkontroll', [
    { id: 'open', type: 'navigate', description: 'Öppna formuläret', url: `${sites.origin}/form/` },
    { id: 'field', type: 'waitForElement', description: 'Fältet finns', selectors: ['aria/{{input.falt}}'], timeout: 1500 },
  ]);
  const rows = ['Namn', 'E-post', 'Finns inte', 'Belopp (kr)', 'Meddelande'].map((falt) => ({ falt }));
  const started = await session.request<{ batchId: string }>('POST', `/workflows/${workflowId}/batches`, { rows, concurrency: 2 });
  expect(started.status).toBe(202);

  const first = await batchToEnd(started.body.batchId, 90_000);
  expect(first.counts).toMatchObject({ total: 5, completed: 4, failed: 1 });
  expect(first.items.map((i) => i.status)).toEqual(['completed', 'completed', 'failed', 'completed', 'completed']);
  expect(first.items[2].error).toBeTruthy();

  const retried = await session.request<{ retried: number }>('POST', `/batches/${started.body.batchId}/retry-failed`);
  expect([retried.status, retried.body.retried]).toEqual([200, 1]);
  const second = await batchToEnd(started.body.batchId, 60_000);
  expect(second.items.map((i) => i.status)).toEqual(['completed', 'completed', 'failed', 'completed', 'completed']);
  const changed = second.items.filter((item, index) => item.runId !== first.items[index].runId).map((i) => i.index);
  expect(changed).toEqual([2]);
  const runs = await session.request<unknown[]>('GET', `/runs?workflowId=${workflowId}`);
  expect(runs.body.length).toBe(6);
});
