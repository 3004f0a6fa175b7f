// Automatic retries never send twice (AUTOMATION "Trust: Once."), end to end through the api and the stack's real
// runner process. With the organisation's automatic retries on, a run that fails for a technical reason (a
// timeout) is retried from the failed step, and the retry first runs the steps since the page's last navigate
// again. The runner records on each step's row that the page sent data after it (a POST), and a retry that would
// run such a step again is withheld: the run stays failed for a person, the audit trail says why, and the form was
// saved once. The same failure after a click that only read (a GET) is retried.
// Needs a running stack with a runner (npm test starts one): API_URL, DB_URL.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Session } from './api-session.ts';

const admin = postgres(process.env.DB_URL ?? 'postgresql://postgres:postgres@127.0.0.1:55322/postgres', { max: 2, onnotice: () => {} });
const session = new Session();
let server: Server;
let origin: string;
const requests: Array<{ method: string; path: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    requests.push({ method: req.method ?? 'GET', path });
    if (path.startsWith('/spara/') || path.startsWith('/sok/')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"ok":true}');
    }
    if (path.startsWith('/formular/')) {
      // "Spara" posts the form with fetch; "Sök" only reads (GET). Neither shows what the next step waits for.
      const key = path.slice('/formular/'.length);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(`<!doctype html><html lang="sv"><head><title>Formulär</title></head><body><h1>Formulär</h1>
        <button id="spara" onclick="fetch('/spara/${key}', { method: 'POST', body: 'x' })">Spara</button>
        <button id="sok" onclick="fetch('/sok/${key}')">Sök</button></body></html>`);
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await session.registerCompany('Omstart');
  const saved = await session.request('PUT', '/organization-settings', {
    aiThresholdDefault: 95, retryAttempts: 1, retryBackoffSeconds: 600, runRetentionDays: null, pauseLimitHours: 24, siteConcurrency: 4,
  });
  expect(saved.status).toBe(200);
}, 180_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await admin.end();
});

type Row = { status: string; attempt: number; error_type: string | null };
const runRow = async (id: string) => (await admin<Row[]>`select status::text, attempt, error_type from public.runs where id = ${id}`)[0]!;

/** Opens the form, clicks `button`, then waits 2 s for a receipt that never shows: a timeout (a technical failure). */
async function runThatTimesOut(name: string, key: string, button: string): Promise<string> {
  const workflowId = await session.activeWorkflow(name, [
    { id: 'open', type: 'navigate', description: 'Öppna formuläret', url: `${origin}/formular/${key}` },
    { id: 'act', type: 'click', description: 'Klicka', selectors: [button] },
    { id: 'check', type: 'waitForExpression', description: 'Kvitto visas', expression: "document.querySelector('#kvitto') !== null", timeout: 2_000 },
  ]);
  return session.startRun(workflowId);
}

it('a timeout after a step that saved on the same page is not retried automatically (the retry would save again); saved once, the audit trail says why', async () => {
  const key = `spara${Date.now()}`;
  const runId = await runThatTimesOut('Omstart: sparat', key, '#spara');
  await expect.poll(async () => (await runRow(runId)).status, { timeout: 60_000, interval: 250 }).toBe('failed');
  expect(await runRow(runId)).toEqual({ status: 'failed', attempt: 1, error_type: 'timeout' });
  const steps = await admin<{ step_id: string; sent_data: boolean }[]>`select step_id, sent_data from public.run_steps where run_id = ${runId} order by seq`;
  expect(steps).toEqual([{ step_id: 'open', sent_data: false }, { step_id: 'act', sent_data: true }, { step_id: 'check', sent_data: false }]);
  const [audit] = await admin<{ step: string; sent: string }[]>`
    select metadata ->> 'step' as step, metadata ->> 'sentStep' as sent from public.audit_activities where action = 'run_retry_withheld' and execution_id = ${runId}`;
  expect(audit).toEqual({ step: '3', sent: '2' });
  // Still attempt 1 a moment later, and the site received one save.
  await new Promise((r) => setTimeout(r, 1_000));
  expect((await runRow(runId)).attempt).toBe(1);
  expect(requests.filter((r) => r.method === 'POST' && r.path === `/spara/${key}`)).toHaveLength(1);
}, 120_000);

it('the same timeout after a click that only read (a GET) is retried automatically from the failed step', async () => {
  const key = `sok${Date.now()}`;
  const runId = await runThatTimesOut('Omstart: sökt', key, '#sok');
  await expect.poll(async () => (await runRow(runId)).attempt, { timeout: 60_000, interval: 250 }).toBe(2);
  expect((await runRow(runId)).status).toBe('pending');
  expect((await admin`select 1 from public.run_steps where run_id = ${runId} and sent_data`).length).toBe(0);
  expect((await admin`select 1 from public.audit_activities where action = 'run_retried_automatically' and execution_id = ${runId}`).length).toBe(1);
}, 120_000);
