// Workflow definitions: GET /api/workflows/:id, PUT /api/workflows/:id/definition (versions), import of
// Chrome Recorder recordings and Kollega exports, export in both formats.
import { assert, assertEquals, assertMatch } from './assert.ts';
import { API_ORIGIN, API_URL, type Client, MISSING_ID, team, withDb } from './helpers.ts';
import { chromeRecording, definition, workflowWithSteps } from './run-fixtures.ts';

const DETAIL_KEYS = [
  'category', 'createdAt', 'createdBy', 'currentVersion', 'definition', 'description', 'hasLoginStep', 'hasWebhook', 'id', 'isActive', 'lastRunAt',
  'manualSeconds', 'missingSecrets', 'name', 'runCount', 'runLocation', 'schedule', 'startMethod', 'status', 'successRate', 'updatedAt', 'webhookSigned',
];

function workflowCount(organizationId: string): Promise<number> {
  return withDb(async (sql) => {
    const [{ count }] = await sql`select count(*)::int as count from public.workflows where organization_id = ${organizationId}`;
    return count;
  });
}

function versions(workflowId: string) {
  return withDb((sql) =>
    sql<{ version: number; source: string; created_by: string; recorded_duration_ms: number | null }[]>`
      select version, source, created_by, recorded_duration_ms from public.workflow_versions where workflow_id = ${workflowId} order by version`
  );
}

/** POST with a raw body and headers as the app sends them (for bodies the JSON helper cannot make). */
async function rawPost(client: Client, path: string, body: BodyInit, headers: Record<string, string> = {}) {
  const response = await fetch(`${API_URL}${path}`, {
    method: 'POST',
    headers: {
      Origin: API_ORIGIN,
      'Content-Type': 'application/json',
      'Accept-Language': client.lang,
      Cookie: [...client.jar].map(([name, value]) => `${name}=${value}`).join('; '),
      ...headers,
    },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

Deno.test('GET /api/workflows/:id answers a workflow without a definition with an empty one', async () => {
  const { member } = await team();
  const { body: created } = await member.client.post('/workflows', { name: 'Tomt flöde' });
  const response = await member.client.get(`/workflows/${created.id}`);
  assertEquals(response.status, 200);
  assertEquals(Object.keys(response.body).sort(), DETAIL_KEYS);
  assertEquals(
    [response.body.currentVersion, response.body.definition, response.body.missingSecrets, response.body.schedule, response.body.hasWebhook],
    [null, { version: 1, steps: [] }, [], null, false],
  );
});

Deno.test('PUT /api/workflows/:id/definition saves a new version each time; GET /api/workflows/:id returns the current one', async () => {
  const { organizationId, member } = await team();
  const { body: created } = await member.client.post('/workflows', { name: 'Hyresavier' });
  const first = await member.client.put(`/workflows/${created.id}/definition`, { definition: definition() });
  assertEquals(first.status, 200);
  assertEquals(first.body.version, 1);
  assertEquals(first.body.definition, definition(), 'the saved definition comes back as sent (it had every default)');

  const changed = definition('BANK_PASSWORD');
  changed.steps[0].url = 'https://fastighet.example.se/start';
  const second = await member.client.put(`/workflows/${created.id}/definition`, { definition: changed });
  assertEquals([second.status, second.body.version], [200, 2]);

  const detail = await member.client.get(`/workflows/${created.id}`);
  assertEquals([detail.body.currentVersion, detail.body.definition], [2, changed]);
  assertEquals(detail.body.missingSecrets, ['BANK_PASSWORD']);
  assertEquals(
    (await versions(created.id)).map((v) => [v.version, v.source, v.created_by]),
    [[1, 'editor', member.id], [2, 'editor', member.id]],
  );
  const [audit] = await withDb((sql) =>
    sql`select metadata from public.audit_activities where organization_id = ${organizationId} and action = 'workflow_updated' order by created_at desc limit 1`
  );
  assertEquals(audit.metadata.changedFields, ['current_version']);
});

Deno.test('PUT /api/workflows/:id/definition applies the step defaults and records the source and recorded duration', async () => {
  const { member } = await team();
  const { body: created } = await member.client.post('/workflows', { name: 'Inspelat' });
  const response = await member.client.put(`/workflows/${created.id}/definition`, {
    definition: { version: 1, steps: [{ id: 'v', type: 'setViewport', width: 1280, height: 720 }, { id: 'x', type: 'screenshot' }] },
    source: 'recorder',
    recordedDurationMs: 540_000,
  });
  assertEquals(response.status, 200);
  assertEquals(response.body.definition.steps, [
    { id: 'v', type: 'setViewport', description: '', width: 1280, height: 720, deviceScaleFactor: 1, isMobile: false, hasTouch: false, isLandscape: false },
    { id: 'x', type: 'screenshot', description: '', fullPage: false },
  ]);
  assertEquals((await versions(created.id)).map((v) => [v.source, v.recorded_duration_ms]), [['recorder', 540_000]]);
});

Deno.test('GET /api/workflows/:id lists as missing only the secrets of the definition that the organisation lacks', async () => {
  const { admin } = await team();
  const id = await workflowWithSteps(admin.client, { definition: definition('FASTIGHET_PASSWORD') });
  assertEquals((await admin.client.get(`/workflows/${id}`)).body.missingSecrets, ['FASTIGHET_PASSWORD']);
  assertEquals((await admin.client.post('/secrets', { name: 'FASTIGHET_PASSWORD', value: 'hemligt', origins: ['https://fastighet.example'] })).status, 201);
  assertEquals((await admin.client.get(`/workflows/${id}`)).body.missingSecrets, []);
});

Deno.test('PUT /api/workflows/:id/definition refuses invalid definitions with field paths and messages in English and Swedish, saving nothing', async () => {
  const { member } = await team();
  const { body: created } = await member.client.post('/workflows', { name: 'Trasigt' });
  const broken = definition();
  broken.steps[0].url = 'javascript:alert(1)';
  broken.steps[1].value = '{{password}}';
  (broken.steps as unknown[]).push({ id: 's9', type: 'teleport' }, { id: 's10', type: 'click', selectors: [] });

  const english = await member.client.put(`/workflows/${created.id}/definition`, { definition: broken });
  assertEquals([english.status, english.body.code], [400, 'validation_failed']);
  assertEquals(english.body.fields, {
    'definition.steps.0.url': 'Enter an http or https address',
    'definition.steps.1.value': 'Unknown reference: use var.name, input.name or secret.NAME inside the double braces',
    'definition.steps.5.type': 'Unknown step type',
    'definition.steps.6.selectors': 'Add at least one selector',
  });
  assertEquals(english.body.error, 'Enter an http or https address');

  const swedish = await member.client.clone('sv').put(`/workflows/${created.id}/definition`, { definition: broken });
  assertEquals(swedish.body.fields['definition.steps.0.url'], 'Ange en http- eller https-adress');
  assertEquals(swedish.body.fields['definition.steps.5.type'], 'Okänd stegtyp');

  // Rules across steps are checked once every step is valid.
  const duplicate = definition();
  duplicate.steps[2].id = 's1';
  (duplicate.steps as unknown[]).push({
    id: 'ask',
    type: 'ai_decision',
    prompt: 'Godkänn?',
    options: [{ value: 'ja', label: 'Ja', then: { goto: 'nowhere' } }, { value: 'ja', label: 'Ja igen', then: 'stop' }],
  });
  const rules = await member.client.put(`/workflows/${created.id}/definition`, { definition: duplicate });
  assertEquals(rules.body.fields, {
    'definition.steps.2.id': 'Another step already has this id',
    'definition.steps.5.options.0.then': 'There is no step with this id',
    'definition.steps.5.options': 'Two options have the same value',
  });
  const rulesSv = await member.client.clone('sv').put(`/workflows/${created.id}/definition`, { definition: duplicate });
  assertEquals(rulesSv.body.fields['definition.steps.2.id'], 'Ett annat steg har redan detta id');
  assertEquals((await versions(created.id)).length, 0);
});

Deno.test('PUT /api/workflows/:id/definition refuses a wrong version, unknown fields, bad sources and missing definitions', async () => {
  const { member } = await team();
  const { body: created } = await member.client.post('/workflows', { name: 'Fel' });
  const cases: [unknown, string, string][] = [
    [{ definition: { version: 2, steps: [] } }, 'definition.version', 'Only definition format version 1 is supported'],
    [{ definition: definition(), owner: 'x' }, 'owner', 'Unknown field'],
    [{ definition: definition(), source: 'import' }, 'source', 'Choose editor or recorder'],
    [{ definition: definition(), recordedDurationMs: -1 }, 'recordedDurationMs', 'Enter a duration in whole milliseconds'],
    [{}, 'definition', 'This field is required'],
    [{ definition: { version: 1, steps: Array.from({ length: 501 }, (_, i) => ({ id: `s${i}`, type: 'wait', ms: 1 })) } }, 'definition.steps', 'A workflow can have at most 500 steps'],
  ];
  for (const [body, field, message] of cases) {
    const response = await member.client.put(`/workflows/${created.id}/definition`, body);
    assertEquals([response.status, response.body.fields?.[field]], [400, message], field);
  }
  assertEquals((await member.client.put(`/workflows/${created.id}/definition`, '{"definition":')).body.code, 'invalid_json');
  assertEquals((await versions(created.id)).length, 0);
});

Deno.test("PUT /api/workflows/:id/definition: 403 for a member editing a colleague's workflow, superusers may; 404 for another organisation", async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const { body: admins } = await a.admin.client.post('/workflows', { name: 'Adminens' });
  const refused = await a.member.client.put(`/workflows/${admins.id}/definition`, { definition: definition() });
  assertEquals([refused.status, refused.body.code], [403, 'forbidden']);
  assertEquals((await a.superuser.client.put(`/workflows/${admins.id}/definition`, { definition: definition() })).status, 200);

  for (const id of [admins.id, MISSING_ID, 'not-a-uuid']) {
    const put = await b.admin.client.put(`/workflows/${id}/definition`, { definition: definition() });
    assertEquals([put.status, put.body.code], [404, 'not_found'], id);
    assertEquals((await b.admin.client.get(`/workflows/${id}`)).status, 404, id);
    assertEquals((await b.admin.client.get(`/workflows/${id}/export`)).status, 404, id);
  }
  assertEquals((await versions(admins.id)).map((v) => v.version), [1]);
});

Deno.test('PUT /api/workflows/:id/definition accepts bodies up to 1 MB and refuses larger ones with 413, even without Content-Length', async () => {
  const { member } = await team();
  const { body: created } = await member.client.post('/workflows', { name: 'Stort' });
  const steps = Array.from({ length: 400 }, (_, i) => ({ id: `s${i}`, type: 'change', selectors: ['#f'], value: 'x'.repeat(2000) }));
  const big = await member.client.put(`/workflows/${created.id}/definition`, { definition: { version: 1, steps } });
  assertEquals(big.status, 200, 'an 800 KB definition is more than the 64 KB of other paths but within 1 MB');

  const tooBig = { version: 1, steps: steps.map((s) => ({ ...s, value: 'x'.repeat(3000) })) };
  const refused = await member.client.put(`/workflows/${created.id}/definition`, { definition: tooBig });
  assertEquals([refused.status, refused.body.code], [413, 'payload_too_large']);

  const chunks = new ReadableStream({
    start(controller) {
      for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode(' '.repeat(100_000)));
      controller.close();
    },
  });
  const response = await fetch(`${API_URL}/workflows/${created.id}/definition`, {
    method: 'PUT',
    headers: { Origin: API_ORIGIN, 'Content-Type': 'application/json', Cookie: [...member.client.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    body: chunks,
  });
  assertEquals(response.status, 413);
  await response.body?.cancel();
  assertEquals((await versions(created.id)).length, 1);
});

Deno.test('POST /api/workflows/import makes a draft workflow from a Chrome Recorder recording, its steps as version 1', async () => {
  const { organizationId, member } = await team();
  const recording = chromeRecording();
  const response = await member.client.post('/workflows/import', { ...recording, selectorAttribute: 'data-testid' });
  assertEquals(response.status, 201);
  assertEquals(
    [response.body.name, response.body.status, response.body.category, response.body.createdBy],
    ['Betala faktura 1043 i kundportalen', 'draft', 'Övrigt', member.id],
  );
  const detail = (await member.client.get(`/workflows/${response.body.id}`)).body;
  assertEquals(detail.currentVersion, 1);
  assertEquals(detail.definition.steps.length, recording.steps.length);
  assertEquals(detail.definition.steps[2], {
    id: 's3',
    type: 'click',
    description: 'Sök faktura',
    timeout: 8000,
    target: 'main',
    selectors: ['aria/Sök faktura[role="searchbox"]', '#search', 'xpath///*[@id="search"]', 'pierce/#search'],
    offsetX: 120.5,
    offsetY: 14,
  });
  assertEquals((await versions(response.body.id)).map((v) => [v.version, v.source]), [[1, 'import']]);
  const [audit] = await withDb((sql) =>
    sql`select details from public.audit_activities where organization_id = ${organizationId} and action = 'workflow_created'`
  );
  assertEquals(audit.details, 'Betala faktura 1043 i kundportalen');

  const exported = await member.client.get(`/workflows/${response.body.id}/export?format=chrome-recorder`);
  assertEquals(exported.status, 200);
  assertEquals(exported.headers.get('content-disposition'), 'attachment; filename="betala-faktura-1043-i-kundportalen.json"');
  assertEquals(
    JSON.parse(exported.text),
    { ...recording, selectorAttribute: 'data-testid' },
    'exported back, the recording is what Chrome exported',
  );
});

Deno.test('POST /api/workflows/import takes a click as Chrome writes it: a fractional duration and offsets (was 400 Ogiltig inmatning)', async () => {
  const { member } = await team();
  const click = { type: 'click', target: 'main', selectors: [['#attest']], offsetX: 12.399993896484375, offsetY: 7.5, duration: 362.70000000018626 };
  const recording = { title: 'Attestera', steps: [{ type: 'navigate', url: 'https://portal.example.se/' }, { type: 'keyUp', key: 'Enter' }, click] };
  const response = await member.client.clone('sv').post('/workflows/import', recording);
  assertEquals(response.status, 201, JSON.stringify(response.body));
  const detail = (await member.client.get(`/workflows/${response.body.id}`)).body;
  assertEquals(detail.definition.steps[2].duration, 362.70000000018626);
  const exported = await member.client.get(`/workflows/${response.body.id}/export?format=chrome-recorder`);
  assertEquals(JSON.parse(exported.text), recording);
});

Deno.test('POST /api/workflows/import names a recording with an empty title (Chrome allows one) after the site it opens', async () => {
  const { member } = await team();
  const english = await member.client.post('/workflows/import', { ...chromeRecording(), title: '' });
  assertEquals([english.status, english.body.name], [201, 'Imported recording – portal.example.se']);
  const swedish = await member.client.clone('sv').post('/workflows/import', { title: '   ', steps: [{ type: 'keyUp', key: 'Enter' }] });
  assertEquals([swedish.status, swedish.body.name], [201, 'Importerad inspelning']);
});

Deno.test('GET /api/workflows/:id/export?format=kollega → POST /api/workflows/import makes the same workflow again', async () => {
  const { admin } = await team();
  const { body: created } = await admin.client.post('/workflows', {
    name: 'Hyresavier – månad',
    description: 'Skickar avier',
    category: 'Fastighetsadministration',
  });
  await admin.client.put(`/workflows/${created.id}/definition`, { definition: definition() });

  const exported = await admin.client.get(`/workflows/${created.id}/export?format=kollega`);
  assertEquals(exported.status, 200);
  assertMatch(exported.headers.get('content-type') ?? '', /^application\/json/);
  assertEquals(exported.headers.get('content-disposition'), 'attachment; filename="hyresavier-manad.json"');
  const file = JSON.parse(exported.text);
  assertEquals(file, {
    format: 'kollega-workflow',
    formatVersion: 1,
    name: 'Hyresavier – månad',
    description: 'Skickar avier',
    category: 'Fastighetsadministration',
    definition: definition(),
  });
  assertEquals((await admin.client.get(`/workflows/${created.id}/export`)).text, exported.text, 'kollega is the default format');

  const imported = await admin.client.post('/workflows/import', file);
  assertEquals(imported.status, 201);
  assertEquals(
    [imported.body.name, imported.body.description, imported.body.category, imported.body.status],
    ['Hyresavier – månad', 'Skickar avier', 'Fastighetsadministration', 'draft'],
  );
  assertEquals((await admin.client.get(`/workflows/${imported.body.id}`)).body.definition, definition());
});

Deno.test('POST /api/workflows/import truncates long names to 200 characters and files unknown categories under Övrigt', async () => {
  const { member } = await team();
  const long = await member.client.post('/workflows/import', { ...chromeRecording(), title: 'Ä'.repeat(250) });
  assertEquals([long.status, long.body.name.length], [201, 200]);
  const kollega = await member.client.post('/workflows/import', {
    format: 'kollega-workflow',
    formatVersion: 1,
    name: 'Från en annan installation',
    category: 'Sport',
    definition: { version: 1, steps: [] },
  });
  assertEquals([kollega.status, kollega.body.category, kollega.body.description], [201, 'Övrigt', '']);
});

Deno.test('POST /api/workflows/import stores scripts in values as data', async () => {
  const { member } = await team();
  const script = '<script>alert(document.cookie)</script>';
  const recording = { title: script, steps: [{ type: 'change', value: script, selectors: [['#note']] }] };
  const response = await member.client.post('/workflows/import', recording);
  assertEquals([response.status, response.body.name], [201, script]);
  const detail = (await member.client.get(`/workflows/${response.body.id}`)).body;
  assertEquals(detail.definition.steps[0].value, script);
});

Deno.test('POST /api/workflows/import refuses hostile and broken files with 400 or 413 and leaves no workflow behind', async () => {
  const { organizationId, member } = await team();
  const withStep = (index: number, step: unknown) => {
    const recording = chromeRecording();
    (recording.steps as unknown[]).splice(index, 0, step);
    return recording;
  };
  const deep = '['.repeat(5000) + ']'.repeat(5000);
  const cases: [string, string | object, number, string, Record<string, string>?][] = [
    ['customStep', withStep(3, { type: 'customStep', name: 'login', parameters: {} }), 400, 'import_step_unsupported', {
      'steps.3.type': 'Step 4 (customStep) cannot be imported: Kollega does not know this step type.',
    }],
    ['file URL', withStep(1, { type: 'navigate', url: 'file:///etc/passwd' }), 400, 'validation_failed', {
      'steps.1.url': 'Enter an http or https address',
    }],
    ['javascript URL', withStep(1, { type: 'navigate', url: 'javascript:fetch("//evil.example")' }), 400, 'validation_failed', {
      'steps.1.url': 'Enter an http or https address',
    }],
    ['data URL', withStep(1, { type: 'navigate', url: 'data:text/html,<script>alert(1)</script>' }), 400, 'validation_failed', {
      'steps.1.url': 'Enter an http or https address',
    }],
    ['step not an object', withStep(0, 'click'), 400, 'import_step_not_object', { 'steps.0': 'Step 1 of the recording is not a step.' }],
    ['not JSON', 'title: Betala\nsteps: []', 400, 'invalid_json'],
    ['deeply nested junk', `{"title":"x","steps":[{"type":"click","selectors":${deep}}]}`, 400, 'json_too_deep'],
    ['nested junk in a value', withStep(2, { type: 'waitForElement', selectors: [['#x']], properties: { a: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]] } }), 400, 'json_too_deep'],
    ['an array', [chromeRecording()], 400, 'import_format_unknown'],
    ['no steps', { title: 'Betala' }, 400, 'import_format_unknown'],
    ['a Kollega export of another version', { format: 'kollega-workflow', formatVersion: 2, name: 'x', definition: { version: 1, steps: [] } }, 400, 'validation_failed', {
      formatVersion: 'Not a Kollega export: format must be kollega-workflow, formatVersion 1',
    }],
    ['a Kollega export with a file URL', {
      format: 'kollega-workflow',
      formatVersion: 1,
      name: 'x',
      definition: { version: 1, steps: [{ id: 'a', type: 'navigate', url: 'file:///etc/passwd' }] },
    }, 400, 'validation_failed', { 'definition.steps.0.url': 'Enter an http or https address' }],
  ];
  for (const [label, body, status, code, fields] of cases) {
    const response = await member.client.post('/workflows/import', body);
    assertEquals([response.status, response.body?.code], [status, code], label);
    if (fields) assertEquals(response.body.fields, fields, label);
  }
  const swedish = await member.client.clone('sv').post('/workflows/import', cases[0][1]);
  assertEquals(swedish.body.error, 'Steg 4 (customStep) kan inte importeras: Kollega känner inte till den stegtypen.');

  const tenMegabytes = JSON.stringify({ ...chromeRecording(), padding: 'x'.repeat(10 * 1024 * 1024) });
  const started = Date.now();
  const huge = await rawPost(member.client, '/workflows/import', tenMegabytes);
  assertEquals([huge.status, huge.body.code], [413, 'payload_too_large']);
  assert(Date.now() - started < 10_000, 'refused without reading it all');
  assertEquals(await workflowCount(organizationId), 0);
});

Deno.test('POST /api/workflows/import and GET …/export answer 401 without a session and 400 to an unknown format', async () => {
  const { member } = await team();
  const id = await workflowWithSteps(member.client);
  const format = await member.client.get(`/workflows/${id}/export?format=puppeteer`);
  assertEquals([format.status, format.body.fields], [400, { format: 'Choose kollega or chrome-recorder' }]);
  const anonymous = member.client.clone();
  anonymous.jar.clear();
  assertEquals((await anonymous.post('/workflows/import', chromeRecording())).status, 401);
  assertEquals((await anonymous.get(`/workflows/${id}/export`)).status, 401);
});

Deno.test('a definition that would carry a secret off its sites or turn a value into script is refused at save (secret_use_invalid, template_in_expression), in both languages, saving nothing', async () => {
  const { member } = await team();
  const { body: created } = await member.client.post('/workflows', { name: 'Läckan' });
  const save = (steps: unknown[], client: Client = member.client) => client.put(`/workflows/${created.id}/definition`, { definition: { version: 1, steps } });
  const leaks: [unknown, string][] = [
    [{ id: 'a', type: 'navigate', url: 'https://elsewhere.example/?p={{secret.BANK}}' }, 'definition.steps.0.url'],
    [{ id: 'a', type: 'click', selectors: ['xpath///button[@data-x="{{secret.BANK}}"]'] }, 'definition.steps.0.selectors.0'],
    [{ id: 'a', type: 'extract', selectors: ['#pw'], variable: 'x', attribute: '{{secret.BANK}}' }, 'definition.steps.0.attribute'],
    [{ id: 'a', type: 'click', selectors: ['#b'], target: 'https://elsewhere.example/{{secret.BANK}}' }, 'definition.steps.0.target'],
    [{ id: 'a', type: 'waitForElement', selectors: ['#pw'], attributes: { value: '{{secret.BANK}}' } }, 'definition.steps.0.attributes.value'],
    [{ id: 'a', type: 'manual', instructions: 'Lösenordet är {{secret.BANK}}' }, 'definition.steps.0.instructions'],
  ];
  for (const [step, field] of leaks) {
    const refused = await save([step]);
    assertEquals([refused.status, refused.body.code, Object.keys(refused.body.fields ?? {})], [400, 'secret_use_invalid', [field]], field);
  }
  const script = await save([{ id: 'a', type: 'waitForExpression', expression: "document.title === '{{input.title}}'" }]);
  assertEquals([script.status, script.body.code], [400, 'template_in_expression']);
  assertEquals(script.body.fields['definition.steps.0.expression'], 'A condition may not contain {{…}}: values from pages, inputs or secrets must never become code');
  const swedish = await save([{ id: 'a', type: 'navigate', url: 'https://x.example/{{secret.BANK}}' }], member.client.clone('sv'));
  assertEquals(swedish.body.error, 'Arbetsflödet använder en hemlighet någon annanstans än i ett fält att fylla i. En hemlighet får bara skrivas in i ett fält på de webbplatser den är kopplad till.');
  assertEquals((await versions(created.id)).length, 0, 'nothing saved');

  const typed = await save([
    { id: 'a', type: 'change', selectors: ['#pw'], value: '{{secret.BANK}}' },
    { id: 'b', type: 'waitForExpression', expression: "document.readyState === 'complete'" },
    { id: 'c', type: 'click', selectors: ['xpath///button[@data-name="{{input.name}}"]'] },
  ]);
  assertEquals(typed.status, 200, 'a secret typed into a field, a condition without templates and values in selectors are fine');
});
