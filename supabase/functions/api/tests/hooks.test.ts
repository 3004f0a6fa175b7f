// Webhooks: POST/DELETE /api/workflows/:id/webhook and PUT/DELETE …/webhook/signing (the workflow's
// editors), POST /api/hooks with `Authorization: Bearer <token>` and the legacy POST /api/hooks/:token,
// called by other systems without a session, an Origin or the app's content type. Signatures
// (X-Kollega-Signature), and the limits kept in Postgres that refuse calls when they cannot be checked.
import { assert, assertEquals, assertMatch } from './assert.ts';
import { API_ORIGIN, API_URL, Client, MISSING_ID, auditRows, team, withDb } from './helpers.ts';
import { workflowWithSteps } from './run-fixtures.ts';

/** Each test file's calls come from their own client address (the per-address limit counts in Postgres). */
const address = () => new Client().address;
const caller = address();

async function post(url: string, body: string | undefined, headers: Record<string, string>) {
  const response = await fetch(url, { method: 'POST', headers: { 'X-Forwarded-For': caller, ...headers }, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** A call of another system in the legacy form, the token in the path: no cookies, no Origin. */
function callHook(token: string, body?: string, headers: Record<string, string> = { 'Content-Type': 'application/json' }) {
  return post(`${API_URL}/hooks/${token}`, body, headers);
}

/** A call of another system with the token in `Authorization: Bearer`. */
function callBearer(token: string, body?: string, headers: Record<string, string> = {}) {
  return post(`${API_URL}/hooks`, body, { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...headers });
}

/** `sha256=<hex>` of the HMAC-SHA256 of `body` under `secret`, as a caller computes it. */
async function sign(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)));
  return `sha256=${Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

async function runCount(workflowId: string): Promise<number> {
  const [{ count }] = await withDb((sql) => sql`select count(*)::int as count from public.runs where workflow_id = ${workflowId}`);
  return count;
}

function storedRun(id: string) {
  return withDb(async (sql) => {
    const [row] = await sql`select workflow_id, trigger, started_by, inputs from public.runs where id = ${id}`;
    return row;
  });
}

/** A workflow whose declared inputs a webhook payload fills: an invoice (required), a customer, a due date, an amount, a flag, a note. */
function invoiceDefinition() {
  return {
    version: 1,
    inputs: [
      { name: 'invoice', label: 'Faktura', type: 'text', required: true },
      { name: 'customer', label: 'Kund', type: 'text', required: false },
      { name: 'due', label: 'Förfallodag', type: 'date', required: false },
      { name: 'amount', label: 'Belopp', type: 'number', required: false },
      { name: 'paid', label: 'Betald', type: 'text', required: false },
    ],
    steps: [{ id: 's1', type: 'change', description: 'Faktura', selectors: ['#f'], value: '{{input.invoice}} {{input.customer}} {{input.due}} {{input.amount}} {{input.paid}}' }],
  };
}
const NO_VALUES = { customer: '', due: '', amount: '', paid: '' };

/** A random token of the right shape that no workflow has. */
function unknownToken(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))).replaceAll('+', '-').replaceAll('/', '_').slice(0, 43);
}

Deno.test('POST /api/workflows/:id/webhook answers the fixed URL and a new token once (the legacy URL beside); the workflow then has a webhook', async () => {
  const { organizationId, member } = await team();
  const id = await workflowWithSteps(member.client, { active: true });
  const response = await member.client.post(`/workflows/${id}/webhook`);
  assertEquals(response.status, 201);
  assertEquals(Object.keys(response.body).sort(), ['createdAt', 'legacyUrl', 'signed', 'token', 'url']);
  assertMatch(response.body.token, /^[A-Za-z0-9_-]{43}$/);
  assertEquals(response.body.url, `${API_ORIGIN}/api/hooks`, 'the token is not in the URL');
  assertEquals(response.body.legacyUrl, `${API_ORIGIN}/api/hooks/${response.body.token}`);
  assertEquals(response.body.signed, false);
  const detail = (await member.client.get(`/workflows/${id}`)).body;
  assertEquals([detail.hasWebhook, detail.webhookSigned, detail.startMethod], [true, false, 'trigger']);
  assert(!JSON.stringify(detail).includes(response.body.token), 'the token is shown only when created');
  const [{ count }] = await withDb((sql) =>
    sql`select count(*)::int as count from public.workflow_webhooks
        where organization_id = ${organizationId} and token_hash = extensions.digest(${response.body.token}, 'sha256')`
  );
  assertEquals(count, 1, 'only the hash is stored');
});

Deno.test("POST /api/hooks/:token starts a webhook run with the payload's values of the declared inputs (numbers and booleans as text, others left out)", async () => {
  const { admin } = await team();
  const id = await workflowWithSteps(admin.client, { active: true, definition: invoiceDefinition() });
  const { body: hook } = await admin.client.post(`/workflows/${id}/webhook`);

  const payload = { invoice: '1043', customer: 'Anna Lind', due: '2026-12-01' };
  const response = await callHook(hook.token, JSON.stringify(payload));
  assertEquals(response.status, 202);
  assertEquals(Object.keys(response.body), ['executionId']);
  const stored = await storedRun(response.body.executionId);
  assertEquals([stored.workflow_id, stored.trigger, stored.started_by, stored.inputs], [id, 'webhook', null, { ...NO_VALUES, ...payload }]);
  const run = await admin.client.get(`/runs/${response.body.executionId}`);
  assertEquals([run.body.trigger, run.body.inputs], ['webhook', { ...NO_VALUES, ...payload }]);

  const mixed = await callHook(hook.token, JSON.stringify({ invoice: 7, amount: 12450.5, paid: false, note: 'x', lines: [1, 2], none: null }));
  assertEquals(mixed.status, 202);
  assertEquals((await storedRun(mixed.body.executionId)).inputs, { ...NO_VALUES, invoice: '7', amount: '12450.5', paid: 'false' });
});

Deno.test('POST /api/hooks/:token refuses a payload that does not fit the declared inputs with 400 naming the field, in the caller\'s language', async () => {
  const { admin } = await team();
  const id = await workflowWithSteps(admin.client, { active: true, definition: invoiceDefinition() });
  const { body: hook } = await admin.client.post(`/workflows/${id}/webhook`);
  const object = await callHook(hook.token, JSON.stringify({ invoice: { number: '1043' } }));
  assertEquals([object.status, object.body.code, object.body.error, object.body.fields], [400, 'input_not_text',
    'Indata invoice måste vara text, ett tal eller sant/falskt, inte ett objekt eller en lista.',
    { 'inputs.invoice': 'Indata invoice måste vara text, ett tal eller sant/falskt, inte ett objekt eller en lista.' }]);
  const english = await callHook(hook.token, JSON.stringify({ invoice: '1', amount: 'many' }), { 'Content-Type': 'application/json', 'Accept-Language': 'en' });
  assertEquals([english.status, english.body.error], [400, 'The run input amount must be a number, such as 1234 or 1 234,50.']);
  const missing = await callBearer(hook.token, '{}', { 'Accept-Language': 'en' });
  assertEquals([missing.status, missing.body.error], [400, 'The run input invoice was not given, and it has no default value.']);
  assertEquals(await runCount(id), 0);
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
    ['{"user": ["x"]}', 400, 'input_not_text'],
    [JSON.stringify({ user: 'x'.repeat(2001) }), 400, 'input_too_long'],
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

Deno.test('POST /api/hooks is limited to 60 calls a minute per token, in both forms together (429 with Retry-After)', async () => {
  const token = unknownToken();
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) statuses.push((await callHook(token, '{}')).status);
  for (let i = 0; i < 30; i++) statuses.push((await callBearer(token, '{}')).status);
  assertEquals(statuses, [...Array(30).fill(404), ...Array(30).fill(401)]);
  for (const limited of [await callHook(token, '{}'), await callBearer(token, '{}', { 'Accept-Language': 'en' })]) {
    assertEquals([limited.status, limited.body.code], [429, 'webhook_rate_limited']);
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert(retryAfter > 0 && retryAfter <= 60, `Retry-After ${retryAfter}`);
  }
  const english = await callBearer(token, '{}', { 'Accept-Language': 'en' });
  assertMatch(english.body.error, /^Too many calls to the webhook in the last minute\. Wait \d+ seconds and try again\.$/);
  assertMatch((await callHook(token, '{}')).body.error, /^För många anrop till webhooken den senaste minuten\. Vänta \d+ sekunder/);
  assertEquals((await callHook(unknownToken(), '{}')).status, 404, 'other tokens are not limited');
  const [{ calls }] = await withDb((sql) =>
    sql`select calls from private.webhook_calls where key = 'token:' || encode(extensions.digest(${token}, 'sha256'), 'hex')`
  );
  assert(calls >= 61, 'counted in Postgres (every api instance sees the same count), under the hash of the token');
});

Deno.test('POST /api/hooks is limited per client address too, whatever the token', async () => {
  const { admin } = await team();
  const id = await workflowWithSteps(admin.client, { active: true });
  const { body: hook } = await admin.client.post(`/workflows/${id}/webhook`);
  const busy = address();
  await withDb((sql) => sql`insert into private.webhook_calls (key, window_start, calls) values (${`address:${busy}`}, now(), 600)`);
  const limited = await callBearer(hook.token, '{}', { 'X-Forwarded-For': busy });
  assertEquals([limited.status, limited.body.code], [429, 'webhook_rate_limited']);
  assert(Number(limited.headers.get('retry-after')) > 0);
  assertEquals((await callBearer(hook.token, '{}')).status, 202, 'the same token from another address');
  assertEquals(await runCount(id), 1);
});

Deno.test('POST /api/hooks counts against the organisation\'s starts per minute (with "Kör nu"): past it 429 run_start_limited, nothing started', async () => {
  const { organizationId, admin } = await team();
  await withDb((sql) => sql`update public.organizations set run_starts_per_minute = 2 where id = ${organizationId}`);
  const id = await workflowWithSteps(admin.client, { active: true });
  const { body: hook } = await admin.client.post(`/workflows/${id}/webhook`);
  assertEquals((await admin.client.post(`/workflows/${id}/run`, {})).status, 202);
  assertEquals((await callBearer(hook.token, '{}')).status, 202);
  const limited = await callBearer(hook.token, '{}', { 'Accept-Language': 'en' });
  assertEquals([limited.status, limited.body.code], [429, 'run_start_limited']);
  assert(Number(limited.headers.get('retry-after')) > 0);
  assertEquals(await runCount(id), 2);
});

Deno.test('POST /api/hooks fails closed: when the limit cannot be checked the call is refused (503), and no run starts', async () => {
  const { admin } = await team();
  const id = await workflowWithSteps(admin.client, { active: true });
  const { body: hook } = await admin.client.post(`/workflows/${id}/webhook`);
  // The token's counter locked by another transaction: the check times out (lock_timeout) instead of answering.
  // Only its row: the tests of other files call webhooks meanwhile (a whole-table lock refused theirs too).
  const [{ key }] = await withDb((sql) =>
    sql<{ key: string }[]>`
      insert into private.webhook_calls (key, window_start, calls)
      values ('token:' || encode(extensions.digest(${hook.token}, 'sha256'), 'hex'), now(), 0)
      returning key`
  );
  const refused = await withDb((sql) =>
    sql.begin(async (tx) => {
      await tx`select 1 from private.webhook_calls where key = ${key} for update`;
      return Promise.all([callBearer(hook.token, '{"a":"1"}'), callHook(hook.token, '{"a":"1"}', { 'Accept-Language': 'en' })]);
    })
  );
  for (const response of refused) {
    assertEquals([response.status, response.body.code], [503, 'webhook_limit_unavailable']);
    assert(Number(response.headers.get('retry-after')) > 0);
  }
  assertEquals(refused[0].body.error, 'Kollega kan inte ta emot webhook-anrop just nu. Försök igen om en stund.');
  assertEquals(refused[1].body.error, 'Kollega cannot take webhook calls right now. Try again in a little while.');
  assertEquals(await runCount(id), 0);
  assertEquals((await callBearer(hook.token, '{}')).status, 202, 'and works again once the check answers');
});

Deno.test('POST /api/hooks takes the token in Authorization: Bearer and starts a run with the payload as inputs', async () => {
  const { admin } = await team();
  const id = await workflowWithSteps(admin.client, { active: true, definition: invoiceDefinition() });
  const { body: hook } = await admin.client.post(`/workflows/${id}/webhook`);
  const payload = { invoice: '1043', customer: 'Anna Lind' };
  const response = await callBearer(hook.token, JSON.stringify(payload), { Origin: 'https://erp.example.com' });
  assertEquals(response.status, 202);
  const stored = await storedRun(response.body.executionId);
  assertEquals([stored.workflow_id, stored.trigger, stored.started_by, stored.inputs], [id, 'webhook', null, { ...NO_VALUES, ...payload }]);
  assertEquals((await callBearer(hook.token, '{"invoice":"1"}', { 'Content-Type': 'text/plain' })).status, 202);
  assertEquals((await callHook(hook.token, '{"invoice":"2"}')).status, 202, 'the legacy form still works');
});

Deno.test('POST /api/hooks without a token, or with a wrong one, is 401 with a translated message and a Bearer challenge', async () => {
  const { admin } = await team();
  const id = await workflowWithSteps(admin.client, { active: true });
  const { body: hook } = await admin.client.post(`/workflows/${id}/webhook`);
  const cases: [Record<string, string>, string][] = [
    [{}, 'webhook_token_missing'],
    [{ Authorization: `Basic ${btoa(`x:${hook.token}`)}` }, 'webhook_token_missing'],
    [{ Authorization: 'Bearer' }, 'webhook_token_missing'],
    [{ Authorization: 'Bearer short' }, 'webhook_token_invalid'],
    [{ Authorization: `Bearer ${unknownToken()}` }, 'webhook_token_invalid'],
    [{ Authorization: `Bearer ${hook.token}x` }, 'webhook_token_invalid'],
  ];
  for (const [headers, code] of cases) {
    const response = await post(`${API_URL}/hooks`, '{}', { 'Content-Type': 'application/json', ...headers });
    assertEquals([response.status, response.body.code], [401, code], JSON.stringify(headers));
    assertMatch(response.headers.get('www-authenticate') ?? '', /^Bearer /);
  }
  const sv = await post(`${API_URL}/hooks`, '{}', {});
  assertEquals(sv.body.error, 'Anropet saknar webhookens nyckel. Skicka den i rubriken Authorization: Bearer <nyckel>.');
  const en = await post(`${API_URL}/hooks`, '{}', { 'Accept-Language': 'en', Authorization: `Bearer ${unknownToken()}` });
  assertEquals(en.body.error, 'The webhook key is not right. Check that it was copied correctly, or create a new address in Kollega.');
  assertEquals(await runCount(id), 0);
});

Deno.test('signing: with a signing secret on, unsigned or wrongly signed calls are refused 401 (both forms); a signed call starts the run', async () => {
  const { organizationId, admin } = await team();
  const id = await workflowWithSteps(admin.client, { active: true, definition: invoiceDefinition() });
  const { body: hook } = await admin.client.post(`/workflows/${id}/webhook`);
  const on = await admin.client.put(`/workflows/${id}/webhook/signing`);
  assertEquals(on.status, 200);
  assertMatch(on.body.signingSecret, /^whsec_[A-Za-z0-9_-]{43}$/);
  assertEquals(on.body.header, 'X-Kollega-Signature');
  const detail = (await admin.client.get(`/workflows/${id}`)).body;
  assertEquals([detail.hasWebhook, detail.webhookSigned], [true, true]);
  assert(!JSON.stringify(detail).includes(on.body.signingSecret), 'the secret is shown only when made');
  assertEquals((await auditRows(organizationId, 'webhook_signing_on')).length, 1);

  const body = '{"invoice":"1043"}';
  const good = await sign(on.body.signingSecret, body);
  const refusals: [Record<string, string>, string][] = [
    [{}, 'webhook_signature_missing'],
    [{ 'X-Kollega-Signature': await sign(on.body.signingSecret, '{"invoice":"9999"}') }, 'webhook_signature_invalid'],
    [{ 'X-Kollega-Signature': await sign('whsec_wrong', body) }, 'webhook_signature_invalid'],
    [{ 'X-Kollega-Signature': good.slice('sha256='.length) }, 'webhook_signature_invalid'],
    [{ 'X-Kollega-Signature': good.slice(0, -1) + (good.endsWith('0') ? '1' : '0') }, 'webhook_signature_invalid'],
    [{ 'X-Kollega-Signature': 'sha256=' }, 'webhook_signature_invalid'],
  ];
  for (const [headers, code] of refusals) {
    for (const response of [await callBearer(hook.token, body, headers), await callHook(hook.token, body, { 'Content-Type': 'application/json', ...headers })])
      assertEquals([response.status, response.body.code], [401, code], JSON.stringify(headers));
  }
  const sv = await callBearer(hook.token, body);
  assertMatch(sv.body.error, /^Den här webhooken kräver en signatur\./);
  const en = await callBearer(hook.token, body, { 'X-Kollega-Signature': await sign('whsec_wrong', body), 'Accept-Language': 'en' });
  assertMatch(en.body.error, /^The signature does not match the call's body\./);
  assertEquals(await runCount(id), 0);

  const signed = await callBearer(hook.token, body, { 'X-Kollega-Signature': good });
  assertEquals(signed.status, 202);
  assertEquals((await storedRun(signed.body.executionId)).inputs, { ...NO_VALUES, invoice: '1043' });
  assertEquals((await callBearer(hook.token, body, { 'X-Kollega-Signature': good.toUpperCase().replace('SHA256=', 'sha256=') })).status, 202);

  // A new secret replaces the old one; turning signing off lets unsigned calls in again.
  const renewed = await admin.client.put(`/workflows/${id}/webhook/signing`);
  assert(renewed.body.signingSecret !== on.body.signingSecret);
  assertEquals((await callBearer(hook.token, body, { 'X-Kollega-Signature': good })).status, 401);
  assertEquals((await callBearer(hook.token, body, { 'X-Kollega-Signature': await sign(renewed.body.signingSecret, body) })).status, 202);
  // Replacing the token keeps signing on.
  const { body: replaced } = await admin.client.post(`/workflows/${id}/webhook`);
  assertEquals(replaced.signed, true);
  assertEquals((await callBearer(replaced.token, body)).status, 401);
  assertEquals((await admin.client.delete(`/workflows/${id}/webhook/signing`)).status, 204);
  assertEquals((await admin.client.get(`/workflows/${id}`)).body.webhookSigned, false);
  assertEquals((await callBearer(replaced.token, body)).status, 202);
  assertEquals((await auditRows(organizationId, 'webhook_signing_off')).length, 1);
});

Deno.test("signing is for the workflow's editors: a member 403 on a colleague's workflow, another organisation 404, no webhook 404", async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const id = await workflowWithSteps(a.admin.client, { active: true });
  assertEquals((await a.admin.client.put(`/workflows/${id}/webhook/signing`)).status, 404, 'no webhook yet');
  await a.admin.client.post(`/workflows/${id}/webhook`);
  const refused = await a.member.client.put(`/workflows/${id}/webhook/signing`);
  assertEquals([refused.status, refused.body.code], [403, 'forbidden']);
  assertEquals((await a.member.client.delete(`/workflows/${id}/webhook/signing`)).status, 403);
  for (const target of [id, MISSING_ID, 'nope']) {
    assertEquals((await b.admin.client.put(`/workflows/${target}/webhook/signing`)).status, 404, target);
    assertEquals((await b.admin.client.delete(`/workflows/${target}/webhook/signing`)).status, 404, target);
  }
  assertEquals((await a.admin.client.get(`/workflows/${id}`)).body.webhookSigned, false);
  const [{ secret }] = await withDb((sql) => sql`select signing_secret as secret from public.workflow_webhooks where workflow_id = ${id}`);
  assertEquals(secret, null);
});
