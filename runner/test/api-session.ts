// The api as a browser uses it, for the runner's end-to-end tests: a cookie session against API_URL
// (the stack npm test starts), a company registered as a customer would, and following a run to its end.
import { expect } from 'vitest';

export const API_URL = (process.env.API_URL ?? 'http://127.0.0.1:55331/api').replace(/\/+$/, '');
const ORIGIN = new URL(API_URL).origin;

export type Run = { id: string; status: string; attempt: number; errorType: string | null; errorMessage: string | null; steps: Array<{ status: string; attempt: number; stepId: string }> };

export class Session {
  private cookies = new Map<string, string>();

  /** The session's cookies as a Cookie header (for requests that are not JSON, such as screenshots). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { 'Accept-Language': 'en', Origin: ORIGIN };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.cookies.size) headers.Cookie = this.cookieHeader();
    const response = await fetch(`${API_URL}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /**
   * Registers a company of its own and signs in as its admin, so a test's workflows and runs stay out of
   * the seeded demo organisation that the end-to-end specs read.
   */
  async registerCompany(name: string): Promise<void> {
    const unique = `${Date.now()}${Math.floor(Math.random() * 1e6)}`.slice(-10).padStart(10, '1');
    const slug = name.toLowerCase().replace(/[^a-z]/g, '');
    const registered = await this.request('POST', '/register', {
      email: `${slug}.${unique}@example.se`,
      fullName: `${name} Testare`,
      password: 'Testare123!',
      organizationData: {
        name: `${name} AB ${unique}`,
        organizationNumber: unique,
        address: 'Testgatan 1',
        city: 'Stockholm',
        postalCode: '11122',
        country: 'Sverige',
        email: `info.${slug}.${unique}@example.se`,
        phone: '0812345678',
      },
    });
    expect(registered.status).toBeLessThan(300);
  }

  /** A recording imported (POST /workflows/import) and activated with `settings` (say, where it may run); its id. */
  async importActive(recording: unknown, settings: Record<string, unknown> = {}): Promise<string> {
    const imported = await this.request<{ id: string }>('POST', '/workflows/import', recording);
    expect(imported.status).toBe(201);
    expect((await this.request('PUT', `/workflows/${imported.body.id}`, { status: 'active', ...settings })).status).toBe(200);
    return imported.body.id;
  }

  /** A new active workflow of this company with these steps; its id. */
  async activeWorkflow(name: string, steps: unknown[]): Promise<string> {
    const created = await this.request<{ id: string }>('POST', '/workflows', { name });
    expect(created.status).toBe(201);
    expect((await this.request('PUT', `/workflows/${created.body.id}/definition`, { definition: { version: 1, steps } })).status).toBe(200);
    expect((await this.request('PUT', `/workflows/${created.body.id}`, { status: 'active' })).status).toBe(200);
    return created.body.id;
  }

  /** Starts a run of the workflow (POST …/run); its id. */
  async startRun(workflowId: string): Promise<string> {
    const started = await this.request<{ executionId: string }>('POST', `/workflows/${workflowId}/run`, {});
    expect(started.status).toBe(202);
    return started.body.executionId;
  }

  /** Polls GET /api/runs/{id} until the run has completed or failed. */
  async runToEnd(runId: string, timeoutMs: number): Promise<Run> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { status, body } = await this.request<Run>('GET', `/runs/${runId}`);
      expect(status).toBe(200);
      if (body.status === 'completed' || body.status === 'failed') return body;
      if (Date.now() > deadline) throw new Error(`run ${runId} still ${body.status} after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
