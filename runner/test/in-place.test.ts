// Runs kept in place (AUTOMATION "Trust: Once."), end to end through the api and the stack's real runner process.
// A run that waits for a person (a decision, a pause) is parked holding nothing, and its next attempt opens the
// page again and replays the steps on it (parked.test.ts). When one of those steps already sent data to the site
// (a form saved with fetch on the same page), that replay would save it a second time: such a run stays in place
// instead (its runner keeps its browser, slot and lease; its page stays open, observable through the page's pings
// every 200 ms), and the person's decision or resume goes on in the same page and attempt. The form is saved once.
// Needs a running stack with a runner (npm test starts one): API_URL, DB_URL.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HumanTask } from '../../supabase/functions/_shared/types/api.ts';
import { Session } from './api-session.ts';

const admin = postgres(process.env.DB_URL ?? 'postgresql://postgres:postgres@127.0.0.1:55322/postgres', { max: 2, onnotice: () => {} });
const session = new Session();
let server: Server;
let origin: string;
const requests: Array<{ method: string; path: string; at: number }> = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    requests.push({ method: req.method ?? 'GET', path, at: Date.now() });
    if (path.startsWith('/ping/')) {
      res.writeHead(204);
      return res.end();
    }
    if (req.method === 'POST' && path.startsWith('/spara/')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"ok":true}');
    }
    if (path.startsWith('/formular/')) {
      // Saves with fetch and says so on the same page (no navigation): a replay of the click would save again.
      const key = path.slice('/formular/'.length);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(`<!doctype html><html lang="sv"><head><title>Formulär</title></head><body><h1>Formulär</h1>
        <button id="spara" onclick="fetch('/spara/${key}', { method: 'POST', body: 'x' }).then(() => { document.querySelector('#klart').textContent = 'Sparat'; })">Spara</button>
        <p id="klart"></p><script>setInterval(() => fetch('/ping/${key}').catch(() => {}), 200);</script></body></html>`);
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await session.registerCompany('På plats');
}, 180_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await admin.end();
});

type Row = { status: string; attempt: number; runner_id: string | null; requires_manual_intervention: boolean };
const runRow = async (id: string) =>
  (await admin<Row[]>`select status::text, attempt, runner_id, requires_manual_intervention from public.runs where id = ${id}`)[0]!;
const saves = (key: string) => requests.filter((r) => r.method === 'POST' && r.path === `/spara/${key}`).length;
const pingsSince = (key: string, at: number) => requests.filter((r) => r.path === `/ping/${key}` && r.at > at).length;

it('a decision after the page saved keeps the run in place: its page stays open, the decision goes on in the same attempt, saved once', async () => {
  const key = `beslut${Date.now()}`;
  const workflowId = await session.activeWorkflow('På plats: beslut efter sparat', [
    { id: 'open', type: 'navigate', description: 'Öppna formuläret', url: `${origin}/formular/${key}` },
    { id: 'save', type: 'click', description: 'Spara', selectors: ['#spara'] },
    { id: 'check', type: 'manual', description: 'Kontrollera', instructions: 'Stämmer det som sparades?' },
    { id: 'done', type: 'waitForElement', description: 'Sparat visas', selectors: ['text/Sparat'] },
  ]);
  const runId = await session.startRun(workflowId);
  const openTask = async () => (await session.request<HumanTask[]>('GET', '/tasks')).body.find((t) => t.runId === runId && t.status === 'open');
  await expect.poll(openTask, { timeout: 60_000, interval: 250 }).toBeTruthy();
  // Waiting for the person, still held by its runner (not parked), its page still open.
  await sleep(2_000);
  expect(await runRow(runId)).toMatchObject({ status: 'paused', attempt: 1, requires_manual_intervention: true });
  expect((await runRow(runId)).runner_id).not.toBeNull();
  const waitingAt = Date.now();
  await sleep(1_500);
  expect(pingsSince(key, waitingAt)).toBeGreaterThan(2);

  const task = (await openTask())!;
  expect((await session.request('POST', `/tasks/${task.id}/decide`, { done: true })).status).toBe(200);
  const run = await session.runToEnd(runId, 60_000);
  expect({ status: run.status, error: run.errorMessage, attempt: run.attempt }).toEqual({ status: 'completed', error: null, attempt: 1 });
  expect(run.steps.map((s) => [s.attempt, s.stepId, s.status])).toEqual([
    [1, 'open', 'passed'],
    [1, 'save', 'passed'],
    [1, 'check', 'passed'],
    [1, 'done', 'passed'],
  ]);
  expect(saves(key)).toBe(1);
}, 180_000);

it('a pause after the page saved keeps the run in place, and a resume goes on in the same page and attempt; saved once', async () => {
  const key = `paus${Date.now()}`;
  const workflowId = await session.activeWorkflow('På plats: paus efter sparat', [
    { id: 'open', type: 'navigate', description: 'Öppna formuläret', url: `${origin}/formular/${key}` },
    { id: 'save', type: 'click', description: 'Spara', selectors: ['#spara'] },
    { id: 'review', type: 'wait', description: 'Granska', ms: 3_000 },
    { id: 'done', type: 'waitForElement', description: 'Sparat visas', selectors: ['text/Sparat'] },
  ]);
  const runId = await session.startRun(workflowId);
  await expect
    .poll(async () => (await admin`select 1 from public.run_steps where run_id = ${runId} and step_id = 'review' and status = 'running'`).length, { timeout: 60_000, interval: 200 })
    .toBe(1);
  expect((await session.request('POST', `/runs/${runId}/pause`)).status).toBe(200);
  // The wait is not cut short (a new attempt would save again): it ends, and the run waits before step 4, in place.
  await expect
    .poll(async () => (await admin`select 1 from public.run_steps where run_id = ${runId} and step_id = 'review' and status = 'passed'`).length, { timeout: 15_000, interval: 200 })
    .toBe(1);
  await sleep(2_000);
  const row = await runRow(runId);
  expect(row).toMatchObject({ status: 'paused', attempt: 1, requires_manual_intervention: false });
  expect(row.runner_id).not.toBeNull();
  const pausedAt = Date.now();
  await sleep(1_500);
  expect(pingsSince(key, pausedAt)).toBeGreaterThan(2);
  expect((await admin`select 1 from public.run_steps where run_id = ${runId} and step_id = 'done'`).length).toBe(0);

  expect((await session.request('POST', `/runs/${runId}/resume`)).status).toBe(200);
  const run = await session.runToEnd(runId, 60_000);
  expect({ status: run.status, error: run.errorMessage, attempt: run.attempt }).toEqual({ status: 'completed', error: null, attempt: 1 });
  expect(run.steps.map((s) => [s.attempt, s.stepId, s.status])).toEqual([
    [1, 'open', 'passed'],
    [1, 'save', 'passed'],
    [1, 'review', 'passed'],
    [1, 'done', 'passed'],
  ]);
  expect(saves(key)).toBe(1);
}, 180_000);
