// /api/templates: the marketplace catalogue with each template's steps, and installing a template as a draft
// workflow with those steps. Every template of the catalogue is a valid definition.
import { definitionSchema } from '../../_shared/schemas/definition.ts';
import { assert, assertEquals } from './assert.ts';
import { auditRows, Client, MISSING_ID, team, withDb } from './helpers.ts';

const RENT_NOTICES = 'e0000000-0000-4000-8000-000000000001'; // seed: Hyresavisering, Fastighetsadministration

Deno.test('GET /api/templates lists the catalogue featured first, with the steps each installs and no ratings or downloads', async () => {
  const { member } = await team();
  const response = await member.client.get('/templates');
  assertEquals(response.status, 200);
  assert(response.body.length >= 8);
  assertEquals(Object.keys(response.body[0]).sort(), [
    'category', 'creator', 'description', 'difficulty', 'id', 'industry', 'inputs', 'isFeatured', 'name', 'secrets', 'stepCount', 'steps', 'updatedAt',
  ]);
  const featured = response.body.map((t: { isFeatured: boolean }) => t.isFeatured);
  assertEquals(featured, [...featured].sort((x: boolean, y: boolean) => Number(y) - Number(x)));
  const rent = response.body.find((t: { id: string }) => t.id === RENT_NOTICES);
  assertEquals([rent.stepCount, rent.steps.length, rent.steps[0]], [8, 8, { type: 'navigate', description: 'Öppna fastighetssystemet' }]);
  assertEquals([rent.inputs, rent.secrets], [['anvandare', 'period', 'system_url'], ['FASTIGHETSSYSTEM_LOSENORD']]);
});

Deno.test('every template of the catalogue is a valid definition with steps; decisions carry prompts', async () => {
  const templates = await withDb((sql) => sql<{ name: string; definition: unknown }[]>`select name, definition from public.templates`);
  assert(templates.length >= 8);
  for (const { name, definition } of templates) {
    const parsed = definitionSchema.safeParse(definition);
    assert(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues)}`);
    assert(parsed.data.steps.length > 0, `${name} has no steps`);
    for (const step of parsed.data.steps) if (step.type === 'ai_decision') assert(step.prompt.length > 20, `${name}: a decision without a prompt`);
  }
});

Deno.test('GET /api/templates filters by text and category and refuses unknown parameters', async () => {
  const { member } = await team();
  const byText = await member.client.get('/templates?q=hyresavi');
  assertEquals(byText.body.map((t: { id: string }) => t.id), [RENT_NOTICES]);
  const byCategory = await member.client.get(`/templates?category=${encodeURIComponent('Rapportering')}`);
  assert(byCategory.body.length > 0 && byCategory.body.every((t: { category: string }) => t.category === 'Rapportering'));
  assertEquals((await member.client.get('/templates?sort=name')).status, 400);
  assertEquals((await new Client().get('/templates')).status, 401);
});

Deno.test('POST /api/templates/:id/install creates a draft workflow of the caller with the template\'s steps as version 1', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const downloads = async () => (await withDb((sql) => sql`select downloads, updated_at from public.templates where id = ${RENT_NOTICES}`))[0];
  const before = await downloads();
  const response = await a.member.client.post(`/templates/${RENT_NOTICES}/install`);
  assertEquals(response.status, 201);
  assertEquals([response.body.name, response.body.status, response.body.isActive, response.body.category, response.body.createdBy], [
    'Hyresavisering', 'draft', false, 'Fastighetsadministration', a.member.id,
  ]);
  const after = await downloads();
  assertEquals(after.downloads, before.downloads + 1);
  assertEquals(after.updated_at.getTime(), before.updated_at.getTime(), 'a download is not an edit');
  const detail = (await a.member.client.get(`/workflows/${response.body.id}`)).body;
  const [template] = await withDb((sql) => sql<{ definition: unknown }[]>`select definition from public.templates where id = ${RENT_NOTICES}`);
  assertEquals([detail.currentVersion, detail.startMethod, detail.definition], [1, 'manual', template.definition]);
  const mine = (await a.member.client.get('/workflows')).body.items.map((w: { id: string }) => w.id);
  assertEquals(mine, [response.body.id]);
  assertEquals((await b.member.client.get('/workflows')).body.items, []);
  const [audit] = await auditRows(a.organizationId, 'workflow_created');
  assertEquals([audit.user_id, audit.workflow_id], [a.member.id, response.body.id]);
});

Deno.test('POST /api/templates/:id/install answers 404 for a missing or malformed id and installs nothing', async () => {
  const { organizationId, member } = await team();
  for (const id of [MISSING_ID, 'hyresavisering']) {
    const response = await member.client.post(`/templates/${id}/install`);
    assertEquals([response.status, response.body.code], [404, 'not_found'], id);
  }
  const [{ count }] = await withDb((sql) => sql`select count(*)::int as count from public.workflows where organization_id = ${organizationId}`);
  assertEquals(count, 0);
});
