// Runs: POST /api/workflows/:id/run, GET /api/runs (+ counts, detail, screenshot, log) and pause, resume,
// stop, retry. A runner may be executing runs in the test stack: runs started through the API are checked
// for what the API answered and what was stored at creation, never for staying pending. Runs in other
// states are written the way the runner writes them (run-fixtures.ts), with no job, so no runner takes them.
import { assert, assertEquals, assertMatch } from './assert.ts';
import { API_URL, Client, MISSING_ID, team, withDb } from './helpers.ts';
import { AI_DEFINITION, insertRun, insertStep, invoiceDefinition, TINY_JPEG, workflowWithSteps } from './run-fixtures.ts';

const RUN_KEYS = [
  'aiConfidence', 'attempt', 'attendedBy', 'completedSteps', 'createdAt', 'currentStep', 'currentStepDescription', 'errorMessage', 'errorType',
  'estimatedCompletion', 'failedStep', 'finishedAt', 'id', 'inputsShown', 'mode', 'pauseReason', 'progress', 'requiresManualIntervention', 'startedAt', 'startedBy',
  'startedByName', 'status', 'stepCount', 'trigger', 'workflowId', 'workflowName', 'workflowVersion',
];

function storedRun(id: string) {
  return withDb(async (sql) => {
    const [row] = await sql`
      select workflow_version, trigger, started_by, inputs, step_count, attempt, start_step, status, error_type from public.runs where id = ${id}`;
    return row;
  });
}

function cookies(client: Client): string {
  return [...client.jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

function errorItems(runId: string) {
  return withDb((sql) =>
    sql`select id, status, step_index, error_type from public.error_queue_items where execution_id = ${runId} order by created_at`
  );
}

Deno.test('POST /api/workflows/:id/run answers 202 and stores a run of the current version with its inputs, shown by GET /api/runs/:id', async () => {
  const { member } = await team();
  const id = await workflowWithSteps(member.client, { name: 'Hyresavier', active: true });
  const response = await member.client.post(`/workflows/${id}/run`, { inputs: { user: 'anna', period: '2026-11' } });
  assertEquals(response.status, 202, 'period is not declared: left out');
  const runId = response.body.executionId;
  const stored = await storedRun(runId);
  assertEquals(
    [stored.workflow_version, stored.trigger, stored.started_by, stored.inputs, stored.step_count, stored.attempt],
    [1, 'manual', member.id, { user: 'anna' }, 5, 1],
  );

  const detail = await member.client.get(`/runs/${runId}`);
  assertEquals(detail.status, 200);
  assertEquals(Object.keys(detail.body).sort(), [...RUN_KEYS, 'inputs', 'steps'].sort());
  assertEquals(
    [detail.body.workflowId, detail.body.workflowName, detail.body.workflowVersion, detail.body.trigger, detail.body.startedBy],
    [id, 'Hyresavier', 1, 'manual', member.id],
  );
  assertEquals([detail.body.startedByName, detail.body.stepCount, detail.body.inputs], ['Kalle Kollega', 5, { user: 'anna' }]);
  assert(['pending', 'running', 'completed', 'failed'].includes(detail.body.status), detail.body.status);
});

Deno.test('POST /api/workflows/:id/run of a draft: 409 as a run (in English and Swedish), 202 as a test run', async () => {
  const { member } = await team();
  const id = await workflowWithSteps(member.client);
  const run = await member.client.post(`/workflows/${id}/run`, { mode: 'run' });
  assertEquals([run.status, run.body.code], [409, 'workflow_not_active']);
  const swedish = await member.client.clone('sv').post(`/workflows/${id}/run`, {});
  assertEquals(swedish.body.error, 'Endast aktiva arbetsflöden kan köras. Aktivera arbetsflödet först, eller kör det som test.');

  const test = await member.client.post(`/workflows/${id}/run`, { mode: 'test' });
  assertEquals(test.status, 202);
  assertEquals((await storedRun(test.body.executionId)).trigger, 'test');
});

Deno.test('a flood of starts is refused per organisation with 429 and Retry-After (in Swedish and English); another organisation still starts runs', async () => {
  const { organizationId, member } = await team();
  const other = await team();
  await withDb((sql) => sql`update public.organizations set run_starts_per_minute = 3 where id = ${organizationId}`);
  const id = await workflowWithSteps(member.client, { active: true });
  for (let i = 0; i < 3; i++) assertEquals((await member.client.post(`/workflows/${id}/run`, { mode: i === 0 ? 'test' : 'run' })).status, 202);
  const refused = await member.client.post(`/workflows/${id}/run`, {});
  assertEquals([refused.status, refused.body.code], [429, 'run_start_limited']);
  const wait = Number(refused.headers.get('Retry-After'));
  assert(wait >= 1 && wait <= 60, `Retry-After ${wait}`);
  assertMatch(refused.body.error, /^Your organisation started too many runs in the last minute\. Try again in \d+ s\.$/);
  const swedish = await member.client.clone('sv').post(`/workflows/${id}/run`, { mode: 'test' });
  assertEquals(swedish.status, 429);
  assertMatch(swedish.body.error, /^Organisationen har startat för många körningar den senaste minuten\. Försök igen om \d+ s\.$/);
  // Nothing was created for the refused starts.
  assertEquals(await withDb(async (sql) => (await sql`select count(*)::int as n from public.runs where workflow_id = ${id}`)[0].n), 3);
  const elsewhere = await workflowWithSteps(other.member.client, { active: true });
  assertEquals((await other.member.client.post(`/workflows/${elsewhere}/run`, {})).status, 202);
});

Deno.test('POST /api/workflows/:id/run refuses a workflow without steps with 409, test runs too', async () => {
  const { member } = await team();
  const { body: empty } = await member.client.post('/workflows', { name: 'Tomt' });
  await member.client.put(`/workflows/${empty.id}`, { status: 'active' });
  for (const mode of ['run', 'test']) {
    const response = await member.client.post(`/workflows/${empty.id}/run`, { mode });
    assertEquals([response.status, response.body.code], [409, 'workflow_has_no_steps'], mode);
    assertEquals(response.body.error, 'The workflow has no steps. Record or add steps before running it.');
  }
  const swedish = await member.client.clone('sv').post(`/workflows/${empty.id}/run`);
  assertEquals(swedish.body.error, 'Arbetsflödet har inga steg. Spela in eller lägg till steg innan det körs.');
  const [{ count }] = await withDb((sql) => sql`select count(*)::int as count from public.runs where workflow_id = ${empty.id}`);
  assertEquals(count, 0);
});

Deno.test('POST /api/workflows/:id/run checks the inputs against the declared ones, naming the input in the caller\'s language', async () => {
  const { member } = await team();
  const id = await workflowWithSteps(member.client, { active: true, definition: invoiceDefinition() });
  const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`in${i}`, 'x']));
  const cases: [unknown, string, string, string][] = [
    [{ inputs: many }, 'inputs', 'validation_failed', 'At most 50 inputs'],
    [{ inputs: { belopp: '10' } }, 'inputs.leverantor', 'input_required', 'The run input leverantor was not given, and it has no default value.'],
    [{ inputs: { leverantor: { name: 'Dahl' }, belopp: '10' } }, 'inputs.leverantor', 'input_not_text', 'The run input leverantor must be text, a number or true/false, not an object or a list.'],
    [{ inputs: { leverantor: ['Dahl'], belopp: '10' } }, 'inputs.leverantor', 'input_not_text', 'The run input leverantor must be text, a number or true/false, not an object or a list.'],
    [{ inputs: { leverantor: 'x'.repeat(2001), belopp: '10' } }, 'inputs.leverantor', 'input_too_long', 'The run input leverantor is longer than 2000 characters.'],
    [{ inputs: { leverantor: 'Dahl', belopp: 'tio' } }, 'inputs.belopp', 'input_not_number', 'The run input belopp must be a number, such as 1234 or 1 234,50.'],
    [{ inputs: { leverantor: 'Dahl', belopp: '10', forfallo: '2026-02-30' } }, 'inputs.forfallo', 'input_not_date', 'The run input forfallo must be a date written as YYYY-MM-DD.'],
    [{ inputs: { leverantor: 'Dahl', belopp: '10', konto: '9999' } }, 'inputs.konto', 'input_not_choice', 'The run input konto must be one of the choices the workflow lists.'],
    [{ inputs: [] }, 'inputs', 'validation_failed', 'Invalid input'],
    [{ mode: 'fast' }, 'mode', 'validation_failed', 'Choose run or test'],
    [{ workflowVersion: 1 }, 'workflowVersion', 'validation_failed', 'Unknown field'],
  ];
  for (const [body, field, code, message] of cases) {
    const response = await member.client.post(`/workflows/${id}/run`, body);
    assertEquals([response.status, response.body.code, response.body.fields?.[field]], [400, code, message], JSON.stringify(body).slice(0, 60));
  }
  const swedish = await member.client.clone('sv').post(`/workflows/${id}/run`, { inputs: { leverantor: { a: 1 }, belopp: 1 } });
  assertEquals(swedish.body.error, 'Indata leverantor måste vara text, ett tal eller sant/falskt, inte ett objekt eller en lista.');
  const [{ count }] = await withDb((sql) => sql`select count(*)::int as count from public.runs where workflow_id = ${id}`);
  assertEquals(count, 0, 'nothing started');

  const ok = await member.client.post(`/workflows/${id}/run`, { inputs: { leverantor: 'Dahl', belopp: 15900.5, extra: 'x' } });
  assertEquals(ok.status, 202);
  assertEquals((await storedRun(ok.body.executionId)).inputs, { leverantor: 'Dahl', belopp: '15900.5', forfallo: '', konto: '4010' },
    'numbers as text, the default filled in, an optional input empty, undeclared names left out');
  const comma = await member.client.post(`/workflows/${id}/run`, { inputs: { leverantor: 'Ahlsell', belopp: '1 234,50', forfallo: '2026-12-01', konto: '5410' } });
  assertEquals((await storedRun(comma.body.executionId)).inputs, { leverantor: 'Ahlsell', belopp: '1 234,50', forfallo: '2026-12-01', konto: '5410' });
});

Deno.test('PUT /api/workflows/:id/definition declares the inputs a definition uses but does not declare, as required text', async () => {
  const { member } = await team();
  const id = await workflowWithSteps(member.client, {
    definition: {
      version: 1,
      steps: [
        { id: 's1', type: 'navigate', description: 'Öppna', url: 'https://ekonomi.example.se/{{input.sida}}' },
        { id: 's2', type: 'change', description: 'Leverantör', selectors: ['#lev'], value: '{{input.leverantor}}' },
      ],
    },
  });
  const detail = await member.client.get(`/workflows/${id}`);
  assertEquals(detail.body.definition.inputs, [
    { name: 'sida', label: '', type: 'text', required: true },
    { name: 'leverantor', label: '', type: 'text', required: true },
  ]);
  const invalid = await member.client.put(`/workflows/${id}/definition`, {
    definition: { version: 1, inputs: [{ name: 'a', type: 'choice' }, { name: 'a', type: 'number', default: 'x' }], steps: [] },
  });
  assertEquals([invalid.status, invalid.body.fields?.['definition.inputs.0.options'], invalid.body.fields?.['definition.inputs.1.name'], invalid.body.fields?.['definition.inputs.1.default']],
    [400, 'A choice needs at least one option', 'Another input has the same name', "The default value does not fit the input's type"]);
});

Deno.test('GET /api/runs lists the organisation’s runs newest first with workflow and starter names, filtered and limited', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const first = await workflowWithSteps(a.admin.client, { name: 'Första' });
  const second = await workflowWithSteps(a.admin.client, { name: 'Andra' });
  const failed = await insertRun(first, { status: 'failed', minutesAgo: 30, failedStep: 2, completedSteps: 2 });
  const completed = await insertRun(second, { status: 'completed', minutesAgo: 20, completedSteps: 5 });
  const running = await insertRun(first, { status: 'running', minutesAgo: 10, completedSteps: 2 });
  await insertRun(await workflowWithSteps(b.admin.client), { status: 'completed' });

  const all = await a.member.client.get('/runs');
  assertEquals(all.status, 200);
  const runs = all.body.items;
  assertEquals(runs.map((r: { id: string }) => r.id), [running, completed, failed]);
  assertEquals(Object.keys(runs[0]).sort(), RUN_KEYS);
  assertEquals([runs[0].workflowName, runs[0].progress, runs[0].completedSteps, runs[0].stepCount], ['Första', 40, 2, 5]);
  assertEquals([runs[2].status, runs[2].failedStep, runs[2].errorType], ['failed', 2, 'element_not_found']);

  const ids = async (query: string) => (await a.member.client.get(`/runs?${query}`)).body.items.map((r: { id: string }) => r.id);
  assertEquals(await ids('status=failed'), [failed]);
  assertEquals(await ids(`workflowId=${first}`), [running, failed]);
  assertEquals(await ids(`workflowId=${first}&status=running`), [running]);
  assertEquals(await ids('limit=1'), [running]);
  for (const query of ['limit=0', 'limit=201', 'status=done', 'workflowId=abc', 'organizationId=x', 'limit=1&limit=2']) {
    const response = await a.member.client.get(`/runs?${query}`);
    assertEquals([response.status, response.body.code], [400, 'validation_failed'], query);
  }
  assertEquals((await b.admin.client.get(`/runs?workflowId=${first}`)).body.items, []);
});

Deno.test('GET /api/runs estimates the end of a run under way from the median of the workflow’s last completed runs', async () => {
  const { admin } = await team();
  const id = await workflowWithSteps(admin.client);
  const fresh = await workflowWithSteps(admin.client, { name: 'Ny' });
  for (const seconds of [30, 60, 600]) await insertRun(id, { status: 'completed', minutesAgo: 60, durationSeconds: seconds });
  const running = await insertRun(id, { status: 'running', minutesAgo: 1 });
  const noHistory = await insertRun(fresh, { status: 'running', minutesAgo: 1 });

  const runs: { id: string; status: string; startedAt: string; estimatedCompletion: string | null }[] = (await admin.client.get('/runs')).body.items;
  const under = runs.find((r) => r.id === running)!;
  assertEquals(Date.parse(under.estimatedCompletion!) - Date.parse(under.startedAt), 60_000, 'started + median of 30 s, 60 s, 600 s');
  assertEquals(runs.find((r) => r.id === noHistory)!.estimatedCompletion, null, 'no completed run to estimate from');
  assert(runs.filter((r) => r.status === 'completed').every((r) => r.estimatedCompletion === null), 'finished runs have no estimate');
});

Deno.test('GET /api/runs/changes: a cursor that stays while nothing changes and moves with any change of the organisation\'s runs, not another\'s', async () => {
  const { member } = await team();
  const other = await team();
  assertEquals((await member.client.get('/runs/changes')).body, { cursor: '' });
  const id = await workflowWithSteps(member.client, { active: true });
  // Written as the runner would, with no job: nothing else touches it.
  const runId = await insertRun(id, { status: 'running', completedSteps: 1 });
  const first = await member.client.get('/runs/changes');
  assertEquals(first.status, 200);
  assertEquals(Object.keys(first.body), ['cursor']);
  assert(first.body.cursor !== '', 'a cursor once there is a run');
  assertEquals((await member.client.get('/runs/changes')).body.cursor, first.body.cursor);

  // Another organisation's run changes: not ours.
  const elsewhere = await insertRun(await workflowWithSteps(other.member.client, { active: true }), { status: 'running' });
  await withDb((sql) => sql`update public.runs set completed_steps = 2 where id = ${elsewhere}`);
  assertEquals((await member.client.get('/runs/changes')).body.cursor, first.body.cursor);

  // A step of ours is recorded: the cursor moves.
  await withDb((sql) => sql`update public.runs set completed_steps = 2, current_step = 2 where id = ${runId}`);
  const moved = (await member.client.get('/runs/changes')).body.cursor;
  assert(moved !== first.body.cursor, `the cursor moved (${first.body.cursor} → ${moved})`);
  assertEquals((await new Client().get('/runs/changes')).status, 401);
});

Deno.test('GET /api/runs/counts counts the organisation’s runs by status', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const id = await workflowWithSteps(a.admin.client);
  for (const status of ['completed', 'completed', 'failed', 'running', 'paused', 'stopped'] as const) await insertRun(id, { status });
  await insertRun(await workflowWithSteps(b.admin.client), { status: 'failed' });
  const response = await a.member.client.get('/runs/counts');
  assertEquals(response.status, 200);
  assertEquals(response.body, { pending: 0, running: 1, paused: 1, completed: 2, failed: 1, stopped: 1, total: 6 });
});

Deno.test('GET /api/runs/:id returns every attempt’s steps oldest first; GET …/steps/:id/screenshot serves the JPEG', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const id = await workflowWithSteps(a.admin.client);
  const runId = await insertRun(id, { status: 'running', completedSteps: 1 });
  const second = await insertStep(runId, { seq: 0, attempt: 2, stepIndex: 1 });
  const first = await insertStep(runId, { seq: 0, stepIndex: 0, status: 'failed', jpeg: TINY_JPEG });
  const decided = await insertStep(runId, { seq: 1, stepIndex: 1, decision: { choice: 'ja', by: 'ai', confidence: 97 } });

  const detail = await a.member.client.get(`/runs/${runId}`);
  assertEquals(detail.body.steps.map((s: { id: string }) => s.id), [first, decided, second]);
  const [step] = detail.body.steps;
  assertEquals(Object.keys(step).sort(), [
    'attempt', 'decision', 'description', 'durationMs', 'errorMessage', 'errorType', 'extracted', 'finishedAt', 'hasScreenshot', 'heal', 'id', 'log',
    'sentData', 'seq', 'startedAt', 'status', 'stepId', 'stepIndex', 'stepType', 'table', 'used',
  ]);
  assertEquals([step.attempt, step.stepIndex, step.stepId, step.status, step.hasScreenshot], [1, 0, 's1', 'failed', true]);
  assertEquals(step.log, [{ at: 1, message: 'clicked aria/Logga in' }]);
  assertEquals(detail.body.steps[1].decision, { choice: 'ja', by: 'ai', confidence: 97 });

  const shot = await fetch(`${API_URL}/runs/${runId}/steps/${first}/screenshot`, { headers: { Cookie: cookies(a.member.client) } });
  assertEquals([shot.status, shot.headers.get('content-type')], [200, 'image/jpeg']);
  assertEquals(new Uint8Array(await shot.arrayBuffer()), TINY_JPEG);

  assertEquals((await a.member.client.get(`/runs/${runId}/steps/${decided}/screenshot`)).status, 404, 'a step without a screenshot');
  const otherRun = await insertRun(id, { status: 'completed' });
  assertEquals((await a.member.client.get(`/runs/${otherRun}/steps/${first}/screenshot`)).status, 404, 'a step of another run');
  assertEquals((await b.admin.client.get(`/runs/${runId}/steps/${first}/screenshot`)).status, 404, 'another organisation');
  assertEquals((await a.member.client.get(`/runs/${runId}/steps/not-a-uuid/screenshot`)).status, 404);
});

Deno.test('a run a decision stopped is "stopped": listed and counted apart, no success, in the error queue for review, not retried', async () => {
  const { member, admin } = await team();
  const id = await workflowWithSteps(admin.client, { name: 'Fakturaattest', definition: AI_DEFINITION });
  await insertRun(id, { status: 'completed' });
  const runId = await insertRun(id, { status: 'stopped', failedStep: 1, completedSteps: 2 });

  const listed = await member.client.get('/runs?status=stopped');
  assertEquals(listed.status, 200);
  assertEquals(listed.body.items.map((r: { id: string }) => r.id), [runId]);
  assertEquals([listed.body.items[0].status, listed.body.items[0].errorType, listed.body.items[0].failedStep, listed.body.items[0].completedSteps], ['stopped', 'stopped_by_decision', 1, 2]);
  assertEquals((await member.client.get('/runs/counts')).body, { pending: 0, running: 0, paused: 0, completed: 1, failed: 0, stopped: 1, total: 2 });
  const workflow = await member.client.get(`/workflows/${id}`);
  assertEquals([workflow.body.runCount, workflow.body.successRate], [2, 50], 'finished twice, one success');

  const queue = await member.client.get('/error-queue');
  const item = queue.body.items.find((i: { executionId: string }) => i.executionId === runId);
  assertEquals([item.errorType, item.priority, item.status, item.stepIndex, item.stepId], ['stopped_by_decision', 'high', 'pending', 1, 's2']);
  assertEquals((await member.client.post(`/runs/${runId}/retry`, {})).status, 409, 'the decision was taken: no retry');
  const reviewed = await member.client.post(`/error-queue/${item.id}/resolve`, {});
  assertEquals([reviewed.status, reviewed.body.status], [200, 'resolved']);
  const stats = await member.client.get('/error-queue/stats');
  assertEquals([stats.body.pending, stats.body.resolvedToday, stats.body.automaticRecoveryRate], [0, 1, null], 'a reviewed stop is no recovery');
});

Deno.test('GET /api/runs/:id shows a decision with its option’s label and, when a person decided, their name', async () => {
  const { member, admin } = await team();
  const id = await workflowWithSteps(admin.client, { name: 'Fakturaattest', definition: AI_DEFINITION });
  const runId = await insertRun(id, { status: 'stopped', failedStep: 1, completedSteps: 1 });
  const person = { userId: member.id, decidedAt: '2026-11-26T08:00:00.000Z', choice: 'manager' };
  // Recorded before the runner wrote labels: the label comes from the run's definition.
  await insertStep(runId, { seq: 0, stepIndex: 1, decision: { choice: 'manager', by: 'person', confidence: 80, details: { person } } });
  await insertStep(runId, { seq: 1, stepIndex: 1, decision: { choice: 'approve', label: 'Ja', by: 'ai', confidence: 96 } });
  await insertStep(runId, { seq: 2, stepIndex: 1, decision: { choice: 'manager', label: 'Till chefen', by: 'person', details: { person: { ...person, userId: null } } } });
  const [{ full_name: name }] = await withDb((sql) => sql`select full_name from public.profiles where id = ${member.id}`);

  const detail = await member.client.get(`/runs/${runId}`);
  assertEquals(detail.body.steps.map((s: { decision: unknown }) => s.decision), [
    { choice: 'manager', label: 'Till chefen', by: 'person', confidence: 80, decidedByName: name, details: { person } },
    { choice: 'approve', label: 'Ja', by: 'ai', confidence: 96 },
    { choice: 'manager', label: 'Till chefen', by: 'person', decidedByName: null, details: { person: { ...person, userId: null } } },
  ]);
});

Deno.test('GET /api/runs/:id/log downloads the run with its steps as a JSON file', async () => {
  const { admin } = await team();
  assertEquals((await admin.client.post('/secrets', { name: 'FASTIGHET_PASSWORD', value: 'Hemligt-lösen-8472', origins: ['https://fastighet.example'] })).status, 201);
  const id = await workflowWithSteps(admin.client);
  const runId = await insertRun(id, { status: 'failed', failedStep: 1, completedSteps: 1 });
  await insertStep(runId, { seq: 0 });
  const response = await admin.client.get(`/runs/${runId}/log`);
  assertEquals(response.status, 200);
  assertEquals(response.headers.get('content-disposition'), `attachment; filename="run-${runId}.json"`);
  const file = JSON.parse(response.text);
  assertEquals([file.id, file.status, file.steps.length, file.inputs], [runId, 'failed', 1, {}]);
  assert(!response.text.includes('Hemligt-lösen-8472'), 'no secret value');
});

Deno.test('POST /api/runs/:id/pause, /resume and /stop move a run through its states; 409 says why when they cannot', async () => {
  const { member } = await team();
  const id = await workflowWithSteps(member.client);
  const runId = await insertRun(id, { status: 'running', completedSteps: 2 });

  const paused = await member.client.post(`/runs/${runId}/pause`);
  assertEquals([paused.status, paused.body.status, paused.body.id], [200, 'paused', runId]);
  assertEquals(Object.keys(paused.body).sort(), RUN_KEYS);
  const again = await member.client.post(`/runs/${runId}/pause`);
  assertEquals([again.status, again.body.code, again.body.error], [409, 'run_state_invalid', 'Only a running run can be paused.']);
  const swedish = await member.client.clone('sv').post(`/runs/${runId}/pause`);
  assertEquals(swedish.body.error, 'Endast en pågående körning kan pausas.');

  assertEquals((await member.client.post(`/runs/${runId}/resume`)).body.status, 'running');
  const resumeRunning = await member.client.post(`/runs/${runId}/resume`);
  assertEquals([resumeRunning.status, resumeRunning.body.code], [409, 'run_state_invalid']);
  assertMatch(resumeRunning.body.error, /^Only a paused run can be resumed/);

  const stopped = await member.client.post(`/runs/${runId}/stop`);
  assertEquals([stopped.status, stopped.body.status, stopped.body.errorType], [200, 'failed', 'stopped']);
  assert(stopped.body.finishedAt);
  const stopAgain = await member.client.post(`/runs/${runId}/stop`);
  assertEquals([stopAgain.status, stopAgain.body.error], [409, 'The run has already ended.']);
  assertEquals((await errorItems(runId)).length, 0, 'a stop is not an error');
});

Deno.test('POST /api/runs/:id/resume refuses a run waiting for a person: the decision resumes it', async () => {
  const { member } = await team();
  const runId = await insertRun(await workflowWithSteps(member.client), { status: 'paused', requiresManualIntervention: true });
  const response = await member.client.post(`/runs/${runId}/resume`);
  assertEquals([response.status, response.body.code], [409, 'run_state_invalid']);
  assertEquals((await storedRun(runId)).status, 'paused');
});

Deno.test('POST /api/runs/:id/stop ends a pending run as failed "stopped" with no error-queue item', async () => {
  const { organizationId, member } = await team();
  const runId = await insertRun(await workflowWithSteps(member.client), { status: 'pending' });
  const response = await member.client.post(`/runs/${runId}/stop`);
  assertEquals([response.status, response.body.status, response.body.errorType, response.body.estimatedCompletion], [200, 'failed', 'stopped', null]);
  assertEquals((await errorItems(runId)).length, 0);
  const [audit] = await withDb((sql) =>
    sql`select user_id, metadata from public.audit_activities where organization_id = ${organizationId} and action = 'run_failed'`
  );
  assertEquals(audit.metadata.errorType, 'stopped');
});

Deno.test('POST /api/runs/:id/retry starts a new attempt from the failed step (202), resolving its error item; only failed runs', async () => {
  const { member } = await team();
  const id = await workflowWithSteps(member.client);
  const runId = await insertRun(id, { status: 'failed', failedStep: 3, completedSteps: 3 });
  const [item] = await errorItems(runId);
  assertEquals([item.status, item.step_index], ['pending', 3]);

  const response = await member.client.post(`/runs/${runId}/retry`);
  assertEquals(response.status, 202);
  assertEquals([response.body.id, response.body.attempt, response.body.status, response.body.completedSteps], [runId, 2, 'pending', 3]);
  // The run keeps its trigger and starter (this one had none); who retried it is in the audit trail.
  assertEquals([response.body.errorType, response.body.failedStep, response.body.startedBy], [null, null, null]);
  const stored = await storedRun(runId);
  assertEquals([stored.attempt, stored.start_step], [2, 3]);
  // Step 4 (Logga in) needs its page: steps 1–3 run again (the navigate, then both fields filled in again).
  assertEquals(response.body.retryPlan, { fromStep: 3, replay: [0, 1, 2], page: 0, context: [], fills: [1, 2], decisions: [] });
  const [retried] = await withDb((sql) =>
    sql`select user_id from public.audit_activities where execution_id = ${runId} and action = 'run_retried'`
  );
  assertEquals(retried.user_id, member.id);
  // The runner may already be executing (and failing) the new attempt: only the first attempt's item is checked.
  assertEquals((await errorItems(runId)).find((e) => e.id === item.id)?.status, 'resolved');

  const completed = await insertRun(id, { status: 'completed' });
  const refused = await member.client.post(`/runs/${completed}/retry`, {});
  assertEquals([refused.status, refused.body.code, refused.body.error], [409, 'run_state_invalid', 'Only failed runs can be retried.']);
});

Deno.test('POST /api/runs/:id/retry takes { fromStep } (0-based): 400 outside the current version’s steps', async () => {
  const { member } = await team();
  const id = await workflowWithSteps(member.client);
  const runId = await insertRun(id, { status: 'failed', failedStep: 3 });
  const outside = await member.client.post(`/runs/${runId}/retry`, { fromStep: 5 });
  assertEquals([outside.status, outside.body.code, outside.body.fields], [400, 'step_out_of_range', {
    fromStep: "The step does not exist in the workflow's current version.",
  }]);
  for (const body of [{ fromStep: -1 }, { fromStep: 1.5 }, { fromStep: '1' }, { from: 1 }]) {
    assertEquals((await member.client.post(`/runs/${runId}/retry`, body)).status, 400, JSON.stringify(body));
  }
  assertEquals((await storedRun(runId)).attempt, 1, 'nothing changed');
  const fromFirst = await member.client.post(`/runs/${runId}/retry`, { fromStep: 0 });
  assertEquals([fromFirst.status, fromFirst.body.completedSteps, fromFirst.body.retryPlan.replay], [202, 0, []]);
  assertEquals((await storedRun(runId)).start_step, 0);
});

Deno.test('POST /api/runs/:id/retry refuses (409 retry_resends_data) to run again a step after which the site received data, unless { resend: true }', async () => {
  const { member } = await team();
  const id = await workflowWithSteps(member.client);
  // Failed at step 5 (the wait) after step 4 (Logga in) sent the form: a retry from step 5 replays steps 1–4.
  const runId = await insertRun(id, { status: 'failed', failedStep: 4, completedSteps: 4 });
  for (const seq of [0, 1, 2, 3]) await insertStep(runId, { seq, sentData: seq === 3 });
  const refused = await member.client.post(`/runs/${runId}/retry`, {}, { headers: { 'Accept-Language': 'sv' } });
  assertEquals([refused.status, refused.body.code], [409, 'retry_resends_data']);
  assertEquals(
    refused.body.error,
    'Steg 4 skickade redan data till webbplatsen; körs det igen skickas uppgifterna en gång till (till exempel ett formulär som sparas två gånger). Kontrollera vad webbplatsen tog emot och försök igen ändå om det behövs.',
  );
  assertEquals([(await storedRun(runId)).attempt, (await errorItems(runId))[0]?.status], [1, 'pending'], 'nothing changed');
  // From step 4 itself, and from step 1 (nothing replayed, but step 4 runs again later): refused the same way.
  for (const fromStep of [3, 0]) {
    assertEquals((await member.client.post(`/runs/${runId}/retry`, { fromStep })).body.code, 'retry_resends_data', `from ${fromStep + 1}`);
  }
  assertEquals((await member.client.post(`/runs/${runId}/retry`, { resend: 'yes' })).status, 400);
  const anyway = await member.client.post(`/runs/${runId}/retry`, { resend: true });
  assertEquals([anyway.status, anyway.body.attempt, anyway.body.retryPlan.replay], [202, 2, [0, 1, 2, 3]]);
});

Deno.test('POST /api/runs/:id/retry: steps that sent data and do not run again do not hold a retry back; two are named in English', async () => {
  const { member } = await team();
  const definition = {
    version: 1,
    steps: [
      { id: 's1', type: 'navigate', description: 'Öppna', url: 'https://fastighet.example.se/' },
      { id: 's2', type: 'click', description: 'Spara', selectors: ['#spara'] },
      { id: 's3', type: 'click', description: 'Skicka', selectors: ['#skicka'] },
      { id: 's4', type: 'navigate', description: 'Nästa sida', url: 'https://fastighet.example.se/nasta' },
      { id: 's5', type: 'click', description: 'Klar', selectors: ['#klar'] },
    ],
  };
  const id = await workflowWithSteps(member.client, { definition });
  const failedAtFive = await insertRun(id, { status: 'failed', failedStep: 4, completedSteps: 4 });
  for (const seq of [0, 1, 2, 3]) await insertStep(failedAtFive, { seq, sentData: seq === 1 || seq === 2 });
  // Step 5's page is step 4's navigate: steps 2–3 do not run again.
  const fromFive = await member.client.post(`/runs/${failedAtFive}/retry`, {});
  assertEquals([fromFive.status, fromFive.body.retryPlan.replay], [202, [3]]);

  const failedAtThree = await insertRun(id, { status: 'failed', failedStep: 2, completedSteps: 2 });
  for (const seq of [0, 1, 2]) await insertStep(failedAtThree, { seq, sentData: seq > 0 });
  const refused = await member.client.post(`/runs/${failedAtThree}/retry`, {}, { headers: { 'Accept-Language': 'en' } });
  assertEquals([refused.status, refused.body.code], [409, 'retry_resends_data']);
  assertMatch(refused.body.error, /^Steps 2–3 already sent data to the site; running them again/);
});

Deno.test("every run path answers 404 for another organisation's run, a missing or a malformed id, and 401 without a session", async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const runId = await insertRun(await workflowWithSteps(b.admin.client), { status: 'running' });
  for (const id of [runId, MISSING_ID, 'x1']) {
    for (const path of [`/runs/${id}`, `/runs/${id}/log`]) {
      assertEquals((await a.admin.client.get(path)).status, 404, path);
    }
    for (const action of ['pause', 'resume', 'stop', 'retry']) {
      const response = await a.admin.client.post(`/runs/${id}/${action}`);
      assertEquals([response.status, response.body.code], [404, 'not_found'], `${action} ${id}`);
    }
  }
  assertEquals((await storedRun(runId)).status, 'running');
  for (const path of ['/runs', '/runs/counts', `/runs/${runId}`]) assertEquals((await new Client().get(path)).status, 401, path);
});
