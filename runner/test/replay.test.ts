// The hard cases end to end, as a user would do them: each Chrome Recorder recording is imported through
// the api (POST /api/workflows/import), the workflow activated and run (POST …/run), the run followed
// through GET /api/runs/{id} until it ends, executed by the stack's real runner in Chromium. A case
// passes only if the run completed AND the test page received exactly the expected result.
// Needs a running stack with a runner (npm test starts one): API_URL, APP_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASES, loadRecording } from './cases.ts';
import { startSites, type Sites } from './sites/server.ts';

const API_URL = (process.env.API_URL ?? 'http://127.0.0.1:55331/api').replace(/\/+$/, '');
const ORIGIN = new URL(API_URL).origin;

class Session {
  private cookies = new Map<string, string>();

  async request<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { 'Accept-Language': 'en', Origin: ORIGIN };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(`${API_URL}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }
}

type Run = { id: string; status: string; errorType: string | null; errorMessage: string | null; steps: Array<{ status: string }> };

let sites: Sites;
const session = new Session();

beforeAll(async () => {
  sites = await startSites();
  // A company of its own, registered as a customer would: the cases' workflows and runs stay out of the
  // seeded demo organisation that the end-to-end specs read.
  const unique = `${Date.now()}${Math.floor(Math.random() * 1e6)}`.slice(-10).padStart(10, '1');
  const registered = await session.request('POST', '/register', {
    email: `replay.${unique}@example.se`,
    fullName: 'Replay Testare',
    password: 'Replay123!',
    organizationData: {
      name: `Replay AB ${unique}`,
      organizationNumber: unique,
      address: 'Testgatan 1',
      city: 'Stockholm',
      postalCode: '11122',
      country: 'Sverige',
      email: `info.replay.${unique}@example.se`,
      phone: '0812345678',
    },
  });
  expect(registered.status).toBeLessThan(300);
});

afterAll(async () => {
  await sites?.close();
});

async function runToEnd(runId: string, timeoutMs: number): Promise<Run> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await session.request<Run>('GET', `/runs/${runId}`);
    expect(status).toBe(200);
    if (body.status === 'completed' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`run ${runId} still ${body.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('hard cases replayed by the runner through import → activate → run → GET /api/runs/{id}', () => {
  for (const testCase of CASES) {
    it(`${testCase.id}: ${testCase.title}`, async () => {
      sites.reset();
      const imported = await session.request<{ id: string }>('POST', '/workflows/import', loadRecording(testCase.id, sites.origin));
      expect(imported.status).toBe(201);
      const activated = await session.request('PUT', `/workflows/${imported.body.id}`, { status: 'active' });
      expect(activated.status).toBe(200);
      const started = await session.request<{ executionId: string }>('POST', `/workflows/${imported.body.id}/run`, {});
      expect(started.status).toBe(202);

      const run = await runToEnd(started.body.executionId, 90_000);
      expect({ status: run.status, error: run.errorMessage }).toEqual({ status: 'completed', error: null });
      expect(run.steps.every((s) => s.status === 'passed')).toBe(true);
      // The page's last request may land a moment after the last step.
      await expect.poll(() => sites.results(testCase.id).at(-1), { timeout: 5_000 }).toEqual(testCase.expected);
    });
  }
});
