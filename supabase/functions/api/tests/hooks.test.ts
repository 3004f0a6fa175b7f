// Webhooks: POST/DELETE /api/workflows/:id/webhook (the workflow's editors) and POST /api/hooks/:token,
// called by other systems without a session, an Origin or the app's content type.
import { assert, assertEquals, assertMatch } from './assert.ts';
import { API_ORIGIN, API_URL, Client, MISSING_ID, team, withDb } from './helpers.ts';
import { workflowWithSteps } from './run-fixtures.ts';

/** A call of another system: no cookies, no Origin. */
async function callHook(token: string, body?: string, headers: Record<string, string> = { 'Content-Type': 'application/json' }) {
  const response = await fetch(`${API_URL}/hooks/${token}`, { method: 'POST', headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

function storedRun(id: string) {
  return withDb(async (sql) => {
    const [row] = await sql`select workflow_id, trigger, started_by, inputs from public.runs where id = ${id}`;
    return row;
  });
}

/** A random token of the right shape that no workflow has. */
function unknownToken(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))).replaceAll('+', '-').replaceAll('/', '_').slice(0, 43);
}

Deno.test('POST /api/workflows/:id/webhook answers the URL with a new token once; the workflow then has a webhook', async () => {
  const { organizationId, member } = await team();
  const id = await workflowWithSteps(member.client, { active: true });
  const response = await member.client.post(`/workflows/${id}/webhook`);
  assertEquals(response.status, 201);
  assertEquals(Object.keys(response.body).sort(), ['createdAt', 'token', 'url']);
  assertMatch(response.body.token, /^[A-Za-z0-9_-]{43}$/);
  assertEquals(response.body.url, `${API_ORIGIN}/api/hooks/${response.body.token}`);
  const detail = (await member.client.get(`/workflows/${id}`)).body;
  assertEquals([detail.hasWebhook, detail.startMethod], [true, 'trigger']);
  assert(!JSON.stringify(detail).includes(response.body.token), 'the token is shown only when created');
  const [{ count }] = await withDb((sql) =>
    sql`select count(*)::int as count from public.workflow_webhooks
        where organization_id = ${organizationId} and token_hash = extensions.digest(${response.body.token}, 'sha256')`
  );
  assertEquals(count, 1, 'only the hash is stored');
});

Deno.test("POST /api/hooks/:token starts a webhook run whose inputs are the payload's text, number and boolean values", async () => {
  const { admin } = await team();
  const id = await workflowWithSteps(admin.client, { active: true });
  const { body: hook } = await admin.client.post(`/workflows/${id}/webhook`);

  const payload = { invoice: '1043', customer: 'Anna Lind', due: '2026-12-01' };
  const response = await callHook(hook.token, JSON.stringify(payload));
  assertEquals(response.status, 202);
  assertEquals(Object.keys(response.body), ['executionId']);
  const stored = await storedRun(response.body.executionId);
  assertEquals([stored.workflow_id, stored.trigger, stored.started_by, stored.inputs], [id, 'webhook', null, payload]);
  const run = await admin.client.get(`/runs/${response.body.executionId}`);
  assertEquals([run.body.trigger, run.body.inputs], ['webhook', payload]);

  const mixed = await callHook(hook.token, JSON.stringify({ amount: 12450.5, paid: false, note: 'x', lines: [1, 2], meta: { a: 1 }, none: null }));
  assertEquals(mixed.status, 202);
  assertEquals((await storedRun(mixed.body.executionId)).inputs, { amount: '12450.5', paid: 'false', note: 'x' });

  const empty = await callHook(hook.token);
  assertEquals([empty.status, (await storedRun(empty.body.executionId)).inputs], [202, {}]);
});

Deno.test('POST /api/hooks/:token needs no Origin or app content type, and a cross-site Origin does not stop it', async () => {
  const { admin } = await team();
  const id = await workflowWithSteps(admin.client, { active: true });
  const { body: hook } = await admin.client.post(`/workflows/${id}/webhook`);
  const crossSite = await callHook(hook.token, '{"source":"erp"}', { 'Content-Type': 'application/json', Origin: 'https://erp.example.com' });
  assertEquals(crossSite.status, 202);
  const textPlain = await callHook(hook.token, '{"source":"zapier"}', { 'Content-Type': 'text/plain' });
  assertEquals(textPlain.status, 202);
  const other = await new Client().post('/workflows', { name: 'x' }, { headers: { Origin: 'https://erp.example.com' } });
  assertEquals([other.status, other.body.code], [403, 'csrf_rejected'], 'other paths keep the CSRF check');
});

Deno.test('POST /api/hooks/:token refuses bad payloads with 400 or 413 and starts nothing', async () => {
  const { admin } = await team();
  const id = await workflowWithSteps(admin.client, { active: true });
  const { body: hook } = await admin.client.post(`/workflows/${id}/webhook`);
  const many = JSON.stringify(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, i])));
  const cases: [string, number, string][] = [
    ['{"invoice": ', 400, 'invalid_json'],
    ['[1, 2]', 400, 'validation_failed'],
    ['"text"', 400, 'validation_failed'],
    [many, 400, 'validation_failed'],
    ['{"bad name": "x"}', 400, 'validation_failed'],
    [JSON.stringify({ note: 'x'.repeat(2001) }), 400, 'validation_failed'],
    [JSON.stringify({ note: 'x'.repeat(70 * 1024) }), 413, 'payload_too_large'],
  ];
  for (const [body, status, code] of cases) {
    const response = await callHook(hook.token, body);
    assertEquals([response.status, response.body.code], [status, code], body.slice(0, 30));
  }
  const [{ count }] = await withDb((sql) => sql`select count(*)::int as count from public.runs where workflow_id = ${id}`);
  assertEquals(count, 0);
});

Deno.test('POST /api/hooks/:token answers 404 to an unknown token and to a malformed one, and 409 when the workflow is not active', async () => {
  const { admin } = await team();
  const id = await workflowWithSteps(admin.client, { active: true });
  const { body: hook } = await admin.client.post(`/workflows/${id}/webhook`);
  for (const token of [unknownToken(), 'short', `${hook.token}x`, "x' or '1'='1"]) {
    const response = await callHook(encodeURIComponent(token), '{}');
    assertEquals([response.status, response.body.code], [404, 'not_found'], token);
  }
  await admin.client.put(`/workflows/${id}`, { status: 'paused' });
  const paused = await callHook(hook.token, '{}');
  assertEquals([paused.status, paused.body.code], [409, 'workflow_not_active']);
});

Deno.test('POST /api/workflows/:id/webhook again replaces the token: the old URL answers 404, the new one starts runs', async () => {
  const { admin } = await team();
  const id = await workflowWithSteps(admin.client, { active: true });
  const { body: old } = await admin.client.post(`/workflows/${id}/webhook`);
  const { body: renewed } = await admin.client.post(`/workflows/${id}/webhook`);
  assert(old.token !== renewed.token);
  assertEquals((await callHook(old.token, '{}')).status, 404);
  assertEquals((await callHook(renewed.token, '{}')).status, 202);
});

Deno.test('DELETE /api/workflows/:id/webhook removes the URL (204); 404 when there is none', async () => {
  const { admin } = await team();
  const id = await workflowWithSteps(admin.client, { active: true });
  const { body: hook } = await admin.client.post(`/workflows/${id}/webhook`);
  const deleted = await admin.client.delete(`/workflows/${id}/webhook`);
  assertEquals([deleted.status, deleted.text], [204, '']);
  assertEquals((await callHook(hook.token, '{}')).status, 404);
  assertEquals((await admin.client.get(`/workflows/${id}`)).body.hasWebhook, false);
  assertEquals((await admin.client.delete(`/workflows/${id}/webhook`)).status, 404);
});

Deno.test("webhooks of a colleague's workflow are 403 for a member; another organisation's are 404", async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const id = await workflowWithSteps(a.admin.client, { active: true });
  const refused = await a.member.client.post(`/workflows/${id}/webhook`);
  assertEquals([refused.status, refused.body.code], [403, 'forbidden']);
  assertEquals((await a.superuser.client.post(`/workflows/${id}/webhook`)).status, 201);
  assertEquals((await a.member.client.delete(`/workflows/${id}/webhook`)).status, 403);
  for (const target of [id, MISSING_ID, 'nope']) {
    assertEquals((await b.admin.client.post(`/workflows/${target}/webhook`)).status, 404, target);
    assertEquals((await b.admin.client.delete(`/workflows/${target}/webhook`)).status, 404, target);
  }
  assertEquals((await a.admin.client.get(`/workflows/${id}`)).body.hasWebhook, true);
});

Deno.test('POST /api/hooks/:token is limited to 60 calls a minute per token (429 with Retry-After)', async () => {
  const token = unknownToken();
  const statuses: number[] = [];
  for (let i = 0; i < 61; i++) statuses.push((await callHook(token, '{}')).status);
  assertEquals(statuses.slice(0, 60), Array(60).fill(404));
  const limited = await callHook(token, '{}');
  assertEquals([limited.status, limited.body.code], [429, 'rate_limited']);
  const retryAfter = Number(limited.headers.get('retry-after'));
  assert(retryAfter > 0 && retryAfter <= 60, `Retry-After ${retryAfter}`);
  assertEquals((await callHook(unknownToken(), '{}')).status, 404, 'other tokens are not limited');
});
