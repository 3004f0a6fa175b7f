// /api/workflows: list, create, edit, delete, duplicate, run (RLS: members create; creator, superuser
// and admin change; nobody reaches another organisation's workflows). Definitions, import and export:
// definitions.test.ts; runs: runs.test.ts; schedules: schedules.test.ts; webhooks: hooks.test.ts.
import { assert, assertEquals, assertMatch } from './assert.ts';
import { auditRows, Client, MISSING_ID, team, withDb } from './helpers.ts';
import { CLICK_DEFINITION, definition, workflowWithSteps } from './run-fixtures.ts';

const WORKFLOW_KEYS = [
  'category', 'createdAt', 'createdBy', 'description', 'hasLoginStep', 'id', 'isActive', 'lastRunAt', 'manualSeconds', 'name', 'runCount', 'runLocation', 'startMethod',
  'status', 'successRate', 'updatedAt',
];

const newWorkflow = (name = 'Hyresavier') => ({ name, description: 'Skickar avier', category: 'Fastighetsadministration', startMethod: 'scheduled' });

Deno.test('POST /api/workflows creates a draft workflow of the caller and audits it', async () => {
  const { organizationId, member } = await team();
  const response = await member.client.post('/workflows', newWorkflow());
  assertEquals(response.status, 201);
  assertEquals(Object.keys(response.body).sort(), WORKFLOW_KEYS);
  assertEquals(response.body.name, 'Hyresavier');
  assertEquals(response.body.status, 'draft');
  assertEquals(response.body.isActive, false);
  assertEquals(response.body.createdBy, member.id);
  assertEquals(response.body.runCount, 0);
  assertEquals(response.body.successRate, null);
  const [audit] = await auditRows(organizationId, 'workflow_created');
  assertEquals([audit.details, audit.user_id, audit.workflow_id], ['Hyresavier', member.id, response.body.id]);
});

Deno.test('POST /api/workflows applies the defaults of description, category and start method', async () => {
  const { member } = await team();
  const response = await member.client.post('/workflows', { name: '  Bara namn  ' });
  assertEquals(response.status, 201);
  assertEquals([response.body.name, response.body.description, response.body.category, response.body.startMethod], ['Bara namn', '', 'Övrigt', 'manual']);
});

Deno.test('POST /api/workflows refuses a blank name with the Swedish message of SPEC §5', async () => {
  const { member } = await team();
  const swedish = member.client.clone('sv');
  const response = await swedish.post('/workflows', { name: '   ' });
  assertEquals(response.status, 400);
  assertEquals(response.body.code, 'validation_failed');
  assertEquals(response.body.fields, { name: 'Namn krävs' });
});

Deno.test('POST /api/workflows refuses unknown fields, wrong types, bad categories and malformed JSON, creating nothing', async () => {
  const { organizationId, member } = await team();
  const cases: [unknown, string][] = [
    [{ ...newWorkflow(), organizationId: crypto.randomUUID() }, 'organizationId'],
    [{ ...newWorkflow(), status: 'active' }, 'status'],
    [{ name: 42 }, 'name'],
    [{ name: 'x', category: 'Sport' }, 'category'],
    [{ name: 'x', startMethod: 'cron' }, 'startMethod'],
    [{ name: 'x'.repeat(201) }, 'name'],
  ];
  for (const [body, field] of cases) {
    const response = await member.client.post('/workflows', body);
    assertEquals(response.status, 400, JSON.stringify(body).slice(0, 80));
    assert(response.body.fields[field], `${field} is reported`);
  }
  const malformed = await member.client.post('/workflows', '{"name": ');
  assertEquals([malformed.status, malformed.body.code], [400, 'invalid_json']);
  const array = await member.client.post('/workflows', '[]');
  assertEquals(array.status, 400);
  const [{ count }] = await withDb((sql) => sql`select count(*)::int as count from public.workflows where organization_id = ${organizationId}`);
  assertEquals(count, 0);
});

Deno.test('POST /api/workflows answers 413 to an oversize body and 401 without a session', async () => {
  const { member } = await team();
  const big = await member.client.post('/workflows', { name: 'x', description: 'y'.repeat(70 * 1024) });
  assertEquals([big.status, big.body.code], [413, 'payload_too_large']);
  const anonymous = await new Client().post('/workflows', newWorkflow());
  assertEquals(anonymous.status, 401);
});

Deno.test('GET /api/workflows lists the organisation newest first, never another organisation, and filters by name', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  for (const name of ['Första flödet', 'Andra 100%_flödet', 'Tredje flödet']) {
    assertEquals((await a.member.client.post('/workflows', newWorkflow(name))).status, 201);
  }
  assertEquals((await b.admin.client.post('/workflows', newWorkflow('Främmande flöde'))).status, 201);

  const list = await a.superuser.client.get('/workflows');
  assertEquals(list.status, 200);
  assertEquals(list.body.items.map((w: { name: string }) => w.name), ['Tredje flödet', 'Andra 100%_flödet', 'Första flödet']);

  const filtered = await a.member.client.get(`/workflows?q=${encodeURIComponent('100%_')}`);
  assertEquals(filtered.body.items.map((w: { name: string }) => w.name), ['Andra 100%_flödet']);
  const percent = await a.member.client.get(`/workflows?q=${encodeURIComponent('%')}`);
  assertEquals(percent.body.items.length, 1, '% is taken literally');

  const other = await b.admin.client.get('/workflows');
  assertEquals(other.body.items.map((w: { name: string }) => w.name), ['Främmande flöde']);
});

Deno.test('GET /api/workflows refuses unknown query parameters with 400', async () => {
  const { member } = await team();
  const response = await member.client.get('/workflows?organizationId=x');
  assertEquals(response.status, 400);
  assertEquals(response.body.fields, { organizationId: 'Unknown field' });
});

Deno.test('PUT /api/workflows/:id lets the creator edit and start a workflow; status active makes it active', async () => {
  const { organizationId, member } = await team();
  const { body: created } = await member.client.post('/workflows', newWorkflow());
  const response = await member.client.put(`/workflows/${created.id}`, { name: 'Nytt namn', status: 'active' });
  assertEquals(response.status, 200);
  assertEquals([response.body.name, response.body.status, response.body.isActive], ['Nytt namn', 'active', true]);
  assertEquals(response.body.description, created.description, 'fields not sent stay');
  const paused = await member.client.put(`/workflows/${created.id}`, { status: 'paused' });
  assertEquals([paused.body.status, paused.body.isActive], ['paused', false]);
  const [audit] = await auditRows(organizationId, 'workflow_updated');
  assertEquals(audit.metadata?.changedFields, ['is_active', 'status']);
});

Deno.test("PUT /api/workflows/:id refuses a member editing a colleague's workflow with 403; superusers and admins may", async () => {
  const { admin, superuser, member } = await team();
  const { body: created } = await admin.client.post('/workflows', newWorkflow());
  const refused = await member.client.put(`/workflows/${created.id}`, { name: 'Kapat' });
  assertEquals([refused.status, refused.body.code], [403, 'forbidden']);
  assertEquals((await superuser.client.put(`/workflows/${created.id}`, { name: 'Av superanvändaren' })).status, 200);
  const [{ name }] = await withDb((sql) => sql`select name from public.workflows where id = ${created.id}`);
  assertEquals(name, 'Av superanvändaren');
});

Deno.test("PUT /api/workflows/:id answers 404 for another organisation's workflow, a missing or a malformed id, and changes nothing", async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const { body: foreign } = await b.member.client.post('/workflows', newWorkflow('B:s flöde'));
  for (const id of [foreign.id, MISSING_ID, 'not-a-uuid', "1' or '1'='1"]) {
    const response = await a.admin.client.put(`/workflows/${encodeURIComponent(id)}`, { name: 'Kapat' });
    assertEquals([response.status, response.body.code], [404, 'not_found'], id);
  }
  const [{ name }] = await withDb((sql) => sql`select name from public.workflows where id = ${foreign.id}`);
  assertEquals(name, 'B:s flöde');
});

Deno.test('PUT /api/workflows/:id refuses an empty change, unknown fields and statuses other than active/paused with 400', async () => {
  const { member } = await team();
  const { body: created } = await member.client.post('/workflows', newWorkflow());
  for (const body of [{}, { status: 'error' }, { runCount: 5 }, { successRate: 100 }]) {
    assertEquals((await member.client.put(`/workflows/${created.id}`, body)).status, 400, JSON.stringify(body));
  }
});

Deno.test("DELETE /api/workflows/:id deletes the creator's workflow; 403 for a colleague's, 404 for another organisation's", async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const { body: mine } = await a.member.client.post('/workflows', newWorkflow('Mitt'));
  const { body: admins } = await a.admin.client.post('/workflows', newWorkflow('Adminens'));
  const { body: foreign } = await b.member.client.post('/workflows', newWorkflow('Främmande'));

  assertEquals((await a.member.client.delete(`/workflows/${admins.id}`)).status, 403);
  assertEquals((await a.member.client.delete(`/workflows/${foreign.id}`)).status, 404);
  assertEquals((await a.member.client.delete('/workflows/123')).status, 404);
  const deleted = await a.member.client.delete(`/workflows/${mine.id}`);
  assertEquals([deleted.status, deleted.text], [204, '']);
  assertEquals((await a.member.client.delete(`/workflows/${mine.id}`)).status, 404);
  const [audit] = await auditRows(a.organizationId, 'workflow_deleted');
  assertEquals([audit.details, audit.user_id], ['Mitt', a.member.id]);
  const [{ count }] = await withDb((sql) => sql`select count(*)::int as count from public.workflows where id in ${sql([admins.id, foreign.id])}`);
  assertEquals(count, 2);
});

Deno.test('POST /api/workflows/:id/duplicate copies a workflow as a draft of the caller named "(kopia)", started by hand, with the current steps as version 1', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const id = await workflowWithSteps(a.admin.client, { name: 'Original', active: true });
  await a.admin.client.put(`/workflows/${id}`, { startMethod: 'scheduled' });
  await a.admin.client.put(`/workflows/${id}/definition`, { definition: definition() });
  const source = (await a.admin.client.get(`/workflows/${id}`)).body;
  assert(source.currentVersion >= 2);
  const response = await a.member.client.post(`/workflows/${id}/duplicate`);
  assertEquals(response.status, 201);
  assertEquals([response.body.name, response.body.status, response.body.isActive, response.body.createdBy], ['Original (kopia)', 'draft', false, a.member.id]);
  assertEquals([response.body.category, response.body.startMethod], [source.category, 'manual']);
  assert(response.body.id !== id);
  const copy = (await a.member.client.get(`/workflows/${response.body.id}`)).body;
  assertEquals([copy.currentVersion, copy.definition], [1, source.definition]);
  const empty = (await a.admin.client.post('/workflows', newWorkflow('Tomt'))).body;
  const emptyCopy = await a.admin.client.post(`/workflows/${empty.id}/duplicate`);
  assertEquals([emptyCopy.status, (await a.admin.client.get(`/workflows/${emptyCopy.body.id}`)).body.definition.steps], [201, []]);
  assertEquals((await b.admin.client.post(`/workflows/${id}/duplicate`)).status, 404);
});

Deno.test('POST /api/workflows/:id/run starts a run of the current version: 202 execution id, lastRunAt and one workflow_executed row', async () => {
  const { organizationId, member } = await team();
  const id = await workflowWithSteps(member.client, { name: 'Körbart', active: true });
  const response = await member.client.post(`/workflows/${id}/run`);
  assertEquals(response.status, 202);
  assertEquals(Object.keys(response.body), ['executionId']);
  assertMatch(response.body.executionId, /^[0-9a-f-]{36}$/);

  const [workflow] = (await member.client.get('/workflows')).body.items;
  assert(workflow.lastRunAt && Date.now() - Date.parse(workflow.lastRunAt) < 60_000, 'lastRunAt is now');
  const executed = await auditRows(organizationId, 'workflow_executed');
  assertEquals(executed.length, 1);
  assertEquals([executed[0].user_id, executed[0].workflow_id, executed[0].execution_id], [member.id, id, response.body.executionId]);
  assertEquals(executed[0].metadata, { trigger: 'manual', version: 1 });
  const updated = await auditRows(organizationId, 'workflow_updated');
  assertEquals(updated.map((a) => a.metadata?.changedFields), [['is_active', 'status'], ['current_version']], 'starting a run is not an edit');
});

Deno.test('POST /api/workflows/:id/run refuses a workflow that is not active with 409 and records nothing', async () => {
  const { organizationId, member } = await team();
  const id = await workflowWithSteps(member.client);
  const response = await member.client.post(`/workflows/${id}/run`);
  assertEquals([response.status, response.body.code], [409, 'workflow_not_active']);
  assertEquals(response.body.error, 'Only active workflows can be run. Activate the workflow first, or run it as a test.');
  assertEquals((await auditRows(organizationId, 'workflow_executed')).length, 0);
});

Deno.test("POST /api/workflows/:id/run answers 404 for another organisation's workflow and malformed ids", async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const foreign = await workflowWithSteps(b.admin.client, { active: true });
  for (const id of [foreign, MISSING_ID, 'abc']) {
    assertEquals((await a.admin.client.post(`/workflows/${id}/run`)).status, 404, id);
  }
  const [{ count }] = await withDb((sql) => sql`select count(*)::int as count from public.runs where workflow_id = ${foreign}`);
  assertEquals(count, 0);
});

Deno.test('POST /api/workflows answers 400, never 500, to a name Postgres cannot store (NUL character)', async () => {
  const { organizationId, member } = await team();
  const response = await member.client.post('/workflows', { name: 'a\u0000b' });
  assertEquals([response.status, response.body.code], [400, 'invalid_data']);
  const search = await member.client.get('/workflows?q=%00');
  assertEquals(search.status, 400);
  const [{ count }] = await withDb((sql) => sql`select count(*)::int as count from public.workflows where organization_id = ${organizationId}`);
  assertEquals(count, 0);
});

Deno.test('PATCH /api/workflows/:id answers 405 with the methods the path has', async () => {
  const { member } = await team();
  const response = await member.client.request('PATCH', `/workflows/${MISSING_ID}`, { body: { name: 'x' } });
  assertEquals([response.status, response.body.code], [405, 'method_not_allowed']);
  assertEquals(response.headers.get('allow')?.split(', ').sort(), ['DELETE', 'GET', 'HEAD', 'PUT']);
});

Deno.test('GET /api/workflows/:id/versions lists the saved versions newest first with who saved them, to the organisation only', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const workflowId = await workflowWithSteps(a.admin.client, { definition: CLICK_DEFINITION });
  const second = { version: 1, steps: [CLICK_DEFINITION.steps[0]] };
  assertEquals((await a.superuser.client.put(`/workflows/${workflowId}/definition`, { definition: second })).status, 200);

  const listed = await a.member.client.get(`/workflows/${workflowId}/versions`);
  assertEquals(listed.status, 200);
  const names = await withDb((sql) => sql<{ id: string; full_name: string }[]>`
    select id, full_name from public.profiles where id in (${a.admin.id}, ${a.superuser.id})`);
  const nameOf = (id: string) => names.find((row) => row.id === id)?.full_name;
  assertEquals(
    listed.body.map((v: { version: number; source: string; createdByName: string; definition: { steps: unknown[] } }) => [v.version, v.source, v.createdByName, v.definition.steps.length]),
    [[2, 'editor', nameOf(a.superuser.id), 1], [1, 'editor', nameOf(a.admin.id), 2]],
  );
  assertMatch(listed.body[0].createdAt, /^\d{4}-\d{2}-\d{2}T/);

  assertEquals((await b.admin.client.get(`/workflows/${workflowId}/versions`)).status, 404);
  assertEquals((await a.admin.client.get(`/workflows/${MISSING_ID}/versions`)).status, 404);
});
