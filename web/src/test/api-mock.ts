// A fetch stand-in for component tests: answers /api calls from a table, records the requests.
import { vi } from 'vitest';
import type { User } from '@/features/auth/api/get-user';

export type ApiCall = { method: string; path: string; body: unknown; headers: Record<string, string> };
type Handler = (call: ApiCall) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A page of a paged list (GET /api/workflows, /api/runs, …): the items and the cursor of the next page, if any. */
export function page<T>(items: T[], nextCursor: string | null = null) {
  return { items, nextCursor };
}

export const unauthorized = () => json(401, { error: 'Not signed in', code: 'unauthorized' });

export const demoUser: User = {
  id: '7d3f0c1e-0000-4000-8000-000000000001',
  email: 'anna.andersson@kollega.se',
  fullName: 'Anna Andersson',
  username: 'anna',
  role: 'admin',
  isActive: true,
  createdAt: '2025-01-15T09:30:00Z',
  organizationId: '7d3f0c1e-0000-4000-8000-0000000000aa',
  organizationName: 'Kollega Demo AB',
};

/** Replaces fetch; `routes` maps "METHOD /api/path" to a handler. Unknown calls get a 404. */
export function mockApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const call: ApiCall = { method, path, headers, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    return handler ? handler(call) : json(404, { error: 'Not found', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
