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
    { id: 'field', type: 'waitForElement', description: 'Fältet {{input.falt}} finns', selectors: ['aria/{{input.falt}}'], timeout: 1500 },
  ]);
  const rows = ['Namn', 'E-post', 'Finns inte', 'Belopp (kr)', 'Meddelande'].map((falt) => ({ falt }));
  const started = await session.request<{ batchId: string }>('POST', `/workflows/${workflowId}/batches`, { rows, concurrency: 2 });
  expect(started.status).toBe(202);

  const first = await batchToEnd(started.body.batchId, 90_000);
  expect(first.counts).toMatchObject({ total: 5, completed: 4, failed: 1 });
  expect(first.items.map((i) => i.status)).toEqual(['completed', 'completed', 'failed', 'completed', 'completed']);
  expect(first.items[2].error).toBeTruthy();
  // The run of a row says what it used: its step with the row's value, its card the row's input.
  const run = await session.request<{ steps: { stepId: string; used: { selectors?: string[] } | null }[] }>('GET', `/runs/${first.items[3].runId}`);
  expect(run.body.steps.find((step) => step.stepId === 'field')?.used?.selectors).toEqual(['aria/Belopp (kr)']);
  // The failed row's run card and step say the value that row used, not the template.
  const failedRun = await session.request<{ currentStepDescription: string | null; steps: { stepId: string; description: string }[] }>('GET', `/runs/${first.items[2].runId}`);
  expect(failedRun.body.currentStepDescription).toBe('Fältet Finns inte finns');
  expect(failedRun.body.steps.find((step) => step.stepId === 'field')?.description).toBe('Fältet Finns inte finns');
  const listed = await session.request<{ items: { id: string; inputsShown: unknown[] }[] }>('GET', `/runs?workflowId=${workflowId}`);
  expect(listed.body.items.find((r) => r.id === first.items[3].runId)?.inputsShown).toEqual([{ name: 'falt', label: '', value: 'Belopp (kr)' }]);

  const retried = await session.request<{ retried: number }>('POST', `/batches/${started.body.batchId}/retry-failed`);
  expect([retried.status, retried.body.retried]).toEqual([200, 1]);
  const second = await batchToEnd(started.body.batchId, 60_000);
  expect(second.items.map((i) => i.status)).toEqual(['completed', 'completed', 'failed', 'completed', 'completed']);
  const changed = second.items.filter((item, index) => item.runId !== first.items[index].runId).map((i) => i.index);
  expect(changed).toEqual([2]);
  const runs = await session.request<{ items: unknown[] }>('GET', `/runs?workflowId=${workflowId}`);
  expect(runs.body.items.length).toBe(6);
});

it('reads a table into the run\'s output, which only its organisation reads, and starts a batch of another workflow over its rows', async () => {
  const reader = await session.activeWorkflow('Läs fakturor', [
    { id: 'open', type: 'navigate', url: `${sites.origin}/table/` },
    { id: 'read', type: 'extract_table', selectors: ['#invoices'], variable: 'fakturor', maxRows: 3 },
  ]);
  const run = await session.runToEnd(await session.startRun(reader), 60_000);
  expect(run.status, `${run.errorType}: ${run.errorMessage}`).toBe('completed');
  type Step = { id: string; stepId: string; table: unknown };
  const detail = await session.request<{ steps: Step[] }>('GET', `/runs/${run.id}`);
  const step = detail.body.steps.find((s) => s.stepId === 'read')!;
  expect(step.table).toEqual({ variable: 'fakturor', columns: ['Fakturanr', 'Leverantör', 'Förfallodag', 'Belopp', 'Status', 'F'], rowCount: 3, pages: 1, capped: true });
  const table = await session.request<{ columns: string[]; rows: string[][] }>('GET', `/runs/${run.id}/steps/${step.id}/table`);
  expect(table.body.rows).toHaveLength(3);
  expect(table.body.rows[0]).toEqual([expect.stringMatching(/^10\d\d$/), expect.any(String), expect.any(String), expect.stringMatching(/kr$/), 'Ej attesterad', 'Attestera']);
  const outsider = new Session();
  await outsider.registerCompany('Utomstående');
  expect((await outsider.request('GET', `/runs/${run.id}/steps/${step.id}/table`)).status).toBe(404);

  const checker = await session.activeWorkflow('Kontrollera faktura', [
    { id: 'open', type: 'navigate', url: `${sites.origin}/table/` },
    { id: 'find', type: 'waitForElement', selectors: ['text/{{input.faktura}}'], timeout: 3000 },
  ]);
  const rows = table.body.rows.map((row) => Object.fromEntries(table.body.columns.map((column, i) => [column, row[i]])));
  const started = await session.request<{ batchId: string }>('POST', `/workflows/${checker}/batches`, { rows, mapping: { faktura: 'Fakturanr' }, concurrency: 3 });
  expect(started.status).toBe(202);
  expect((await batchToEnd(started.body.batchId, 90_000)).counts).toMatchObject({ total: 3, completed: 3 });
});
