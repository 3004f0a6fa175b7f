// Waiting holds nothing (AUTOMATION "Trust: Once.", issue 20 item 4), end to end through the api and the stack's
// real runner process: a run that signed in to a test site (a session cookie, and a value in localStorage) and
// then waits at a manual step is parked: paused, held by no runner, its page closed (the page asks the server
// every 200 ms while it is open, so this is observable), its browser state kept encrypted (the cookie's value is
// not in the stored bytes). The person's "done" starts attempt 2 at the manual step: the page is opened again
// signed in (the cookie and localStorage restored; the sign-in is not repeated), and the invoice is approved
// exactly once.
// Needs a running stack with a runner (npm test starts one): API_URL, DB_URL.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HumanTask } from '../../supabase/functions/_shared/types/api.ts';
import { Session } from './api-session.ts';

const admin = postgres(process.env.DB_URL ?? 'postgresql://postgres:postgres@127.0.0.1:55322/postgres', { max: 2, onnotice: () => {} });
const session = new Session();

const SESSION_ID = `sess-${Math.random().toString(36).slice(2)}`;
let server: Server;
let origin: string;
const requests: Array<{ method: string; path: string; at: number; signedIn: boolean }> = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const signedIn = (req: IncomingMessage) => (req.headers.cookie ?? '').split(/;\s*/).includes(`sid=${SESSION_ID}`);
const page = (title: string, body: string) =>
  `<!doctype html><html lang="sv"><head><title>${title}</title></head><body>${body}</body></html>`;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    requests.push({ method: req.method ?? 'GET', path, at: Date.now(), signedIn: signedIn(req) });
    const html = (status: number, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers });
      res.end(body);
    };
    if (path.startsWith('/ping')) return html(200, 'ok');
    if (path === '/login' && req.method === 'POST') {
      return html(303, '', { location: '/hem', 'set-cookie': `sid=${SESSION_ID}; Path=/; HttpOnly; SameSite=Lax` });
    }
    if (path === '/login') {
      return html(200, page('Logga in', '<h1>Logga in</h1><form method="post" action="/login"><button id="login">Logga in</button></form>'));
    }
    if (path === '/hem') {
      return html(200, page('Hem', `<h1>Välkommen</h1><script>localStorage.setItem('vy', 'kompakt')</script>`));
    }
    if (path === '/faktura') {
      if (!signedIn(req)) return html(200, page('Logga in först', '<h1>Logga in först</h1>'));
      return html(200, page('Faktura 1042', `<h1>Faktura 1042</h1><p id="vy"></p>
<form method="post" action="/attestera"><button id="attest">Attestera</button></form>
<script>document.getElementById('vy').textContent = 'Vy: ' + localStorage.getItem('vy');
setInterval(() => fetch('/ping/' + Date.now()).catch(() => {}), 200);</script>`));
    }
    if (path === '/attestera' && req.method === 'POST') {
      return html(200, page('Attesterad', signedIn(req) ? '<h1 id="done">Attesterad</h1>' : '<h1>Logga in först</h1>'));
    }
    html(404, page('Saknas', '<h1>Saknas</h1>'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await session.registerCompany('Parkering');
}, 180_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await admin.end();
});

it('a run waiting for a person is parked holding nothing, and resumes signed in from its browser state; the invoice is approved once', async () => {
  const workflowId = await session.activeWorkflow('Parkering: attestera faktura', [
    { id: 'open-login', type: 'navigate', description: 'Öppna inloggningen', url: `${origin}/login` },
    { id: 'login', type: 'click', description: 'Logga in', selectors: ['#login'], assertedEvents: [{ type: 'navigation', url: `${origin}/hem` }] },
    { id: 'open-invoice', type: 'navigate', description: 'Öppna fakturan', url: `${origin}/faktura` },
    { id: 'check', type: 'manual', description: 'Kontrollera fakturan', instructions: 'Jämför fakturan med ordern.' },
    { id: 'view', type: 'waitForElement', description: 'Vyn är kompakt', selectors: ['text/Vy: kompakt'] },
    { id: 'attest', type: 'click', description: 'Attestera', selectors: ['#attest'] },
    { id: 'done', type: 'waitForElement', description: 'Attesterad', selectors: ['#done'] },
  ]);
  const runId = await session.startRun(workflowId);

  const openTask = async () => (await session.request<HumanTask[]>('GET', '/tasks')).body.find((t) => t.runId === runId && t.status === 'open');
  await expect.poll(openTask, { timeout: 60_000, interval: 250 }).toBeTruthy();
  // Parked: paused for the task, held by no runner, with an encrypted browser state.
  await expect
    .poll(async () => (await admin<{ runner_id: string | null }[]>`select runner_id from public.runs where id = ${runId}`)[0]!.runner_id, { timeout: 15_000, interval: 200 })
    .toBeNull();
  const [parked] = await admin<{ status: string; requires_manual_intervention: boolean; attempt: number; start_step: number; state: Buffer | null; paused_at: Date | null }[]>`
    select status::text, requires_manual_intervention, attempt, start_step, browser_state as state, paused_at from public.runs where id = ${runId}`;
  expect(parked).toMatchObject({ status: 'paused', requires_manual_intervention: true, attempt: 1, start_step: 3 });
  expect(parked!.paused_at).not.toBeNull();
  expect(parked!.state).not.toBeNull();
  expect(parked!.state!.includes(SESSION_ID)).toBe(false);
  expect(parked!.state!.includes('kompakt')).toBe(false);
  // Its page is closed: no request from it a second after it was let go of (it asked every 200 ms while open).
  const parkedAt = Date.now();
  await sleep(3_000);
  expect(requests.filter((r) => r.path.startsWith('/ping/') && r.at > parkedAt)).toEqual([]);

  const task = (await openTask())!;
  expect((await session.request('POST', `/tasks/${task.id}/decide`, { done: true })).status).toBe(200);
  const run = await session.runToEnd(runId, 90_000);
  expect({ status: run.status, error: run.errorMessage }).toEqual({ status: 'completed', error: null });
  expect(run.attempt).toBe(2);
  expect(run.steps.map((s) => [s.attempt, s.stepId, s.status])).toEqual([
    [1, 'open-login', 'passed'],
    [1, 'login', 'passed'],
    [1, 'open-invoice', 'passed'],
    [1, 'check', 'skipped'],
    // Attempt 2 opens the invoice page again (signed in from the restored cookie), takes the person's "done".
    [2, 'open-invoice', 'passed'],
    [2, 'check', 'passed'],
    [2, 'view', 'passed'],
    [2, 'attest', 'passed'],
    [2, 'done', 'passed'],
  ]);
  // Signed in once; approved once, signed in.
  expect(requests.filter((r) => r.method === 'POST' && r.path === '/login')).toHaveLength(1);
  expect(requests.filter((r) => r.method === 'POST' && r.path === '/attestera').map((r) => r.signedIn)).toEqual([true]);
  // The run's browser state is not kept once it has ended.
  expect((await admin`select browser_state from public.runs where id = ${runId}`)[0]!.browser_state).toBeNull();
}, 180_000);
