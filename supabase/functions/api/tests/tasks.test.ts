// Human tasks and the AI editor's endpoints: GET /api/tasks, POST /api/tasks/:id/decide, GET /api/ai/status,
// POST /api/ai/test. Tasks are written the way the runner writes them (as postgres, runner/src/decisions.ts)
// for runs with no job, so no runner takes them. The test stack's AI is the local stub
// (dev/lib/ai-stub.ts: first option, confidence 80) unless the environment names a provider.
import { assert, assertEquals, assertMatch } from './assert.ts';
import { auditRows, Client, MISSING_ID, team, withDb } from './helpers.ts';
import { AI_DEFINITION, insertRun, workflowWithSteps } from './run-fixtures.ts';

/** An open task of a paused run of `workflowId` (as the runner opens it); returns the run and task ids. */
async function openTask(workflowId: string, kind: 'ai_confirmation' | 'manual_step' = 'ai_confirmation', approvers: Record<string, unknown> = {}) {
  const runId = await insertRun(workflowId, { status: 'paused', requiresManualIntervention: true, completedSteps: 1 });
  const taskId = await withDb(async (sql) => {
    const [row] = await sql<{ id: string }[]>`
      insert into public.human_tasks (organization_id, run_id, workflow_id, attempt, step_index, step_id, kind, title, instructions,
                                      inputs, options, suggestion, confidence, reason, handover_reason, approvers)
      select r.organization_id, r.id, r.workflow_id, 1, ${kind === 'manual_step' ? 2 : 1}, ${kind === 'manual_step' ? 's3' : 's2'}, ${kind},
             'Attestera fakturan?', 'Om beloppet överstiger 10000 kr, skicka till chefen.', ${sql.json({ variables: { amount: '12500' } })},
             ${sql.json(kind === 'manual_step' ? [] : [{ value: 'approve', label: 'Attestera' }, { value: 'manager', label: 'Till chefen' }])},
             ${kind === 'manual_step' ? null : 'manager'}, ${kind === 'manual_step' ? null : 71}, ${kind === 'manual_step' ? null : 'Över gränsen.'},
             ${kind === 'manual_step' ? 'manual' : 'below_threshold'}, ${sql.json(approvers as never)}
      from public.runs r where r.id = ${runId}
      returning id`;
    return row.id;
  });
  return { runId, taskId };
}

const runStatus = (runId: string) =>
  withDb(async (sql) => (await sql<{ status: string; requires_manual_intervention: boolean }[]>`
    select status, requires_manual_intervention from public.runs where id = ${runId}`)[0]);

Deno.test('GET /api/tasks lists the open tasks of the caller\'s organisation with the AI\'s suggestion, and no other organisation\'s', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const workflowId = await workflowWithSteps(a.member.client, { name: 'Leverantörsfakturor', definition: AI_DEFINITION });
  const { runId, taskId } = await openTask(workflowId);

  const listed = await a.member.client.get('/tasks');
  assertEquals(listed.status, 200);
  assertEquals(listed.body.length, 1);
  const [task] = listed.body;
  assertEquals(
    [task.id, task.kind, task.status, task.runId, task.workflowName, task.stepIndex, task.suggestion, task.confidence, task.reason, task.handoverReason],
    [taskId, 'ai_confirmation', 'open', runId, 'Leverantörsfakturor', 1, 'manager', 71, 'Över gränsen.', 'below_threshold'],
  );
  assertEquals(task.inputs, { variables: { amount: '12500' } });
  assertEquals(task.options.map((o: { value: string }) => o.value), ['approve', 'manager']);

  assertEquals((await b.admin.client.get('/tasks')).body, []);
  assertEquals((await a.admin.client.get(`/tasks?runId=${runId}`)).body.length, 1);
  const bad = await new Client('sv').get('/tasks');
  assertEquals(bad.status, 401);
  const invalid = await a.member.client.get('/tasks?status=maybe');
  assertEquals([invalid.status, invalid.body.code], [400, 'validation_failed']);
});

Deno.test('POST /api/tasks/:id/decide resumes the run on the person\'s choice, audits it beside the AI\'s suggestion, and refuses a second decision', async () => {
  const { organizationId, member, admin } = await team();
  const workflowId = await workflowWithSteps(member.client, { name: 'Leverantörsfakturor', definition: AI_DEFINITION });
  const { runId, taskId } = await openTask(workflowId);

  const notAnOption = await member.client.post(`/tasks/${taskId}/decide`, { choice: 'delete' });
  assertEquals([notAnOption.status, notAnOption.body.code], [400, 'task_choice_invalid']);
  const empty = await member.client.post(`/tasks/${taskId}/decide`, {});
  assertEquals([empty.status, empty.body.code], [400, 'validation_failed']);

  const decided = await member.client.post(`/tasks/${taskId}/decide`, { choice: 'approve' });
  assertEquals(decided.status, 200);
  assertEquals([decided.body.status, decided.body.decidedChoice, decided.body.decidedBy], ['decided', 'approve', member.id]);
  assert(decided.body.decidedByName);
  assertEquals(await runStatus(runId), { status: 'running', requires_manual_intervention: false });

  const again = await admin.client.clone('sv').post(`/tasks/${taskId}/decide`, { choice: 'manager' });
  assertEquals([again.status, again.body.code], [409, 'task_already_decided']);
  assertEquals(again.body.error, 'Uppgiften är redan beslutad, eller så har körningen avslutats.');

  const [audit] = await auditRows(organizationId, 'task_decided');
  assertEquals([audit.user_id, audit.execution_id, audit.metadata?.choice, audit.metadata?.aiSuggestion, audit.metadata?.aiConfidence], [member.id, runId, 'approve', 'manager', 71]);
  assertEquals((await member.client.get('/tasks')).body, []);
  assertEquals((await member.client.get('/tasks?status=decided')).body.length, 1);
});

Deno.test('a manual step is decided with done; another organisation\'s task and a missing one are 404', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const workflowId = await workflowWithSteps(a.member.client, { definition: AI_DEFINITION });
  const { runId, taskId } = await openTask(workflowId, 'manual_step');

  const foreign = await b.admin.client.post(`/tasks/${taskId}/decide`, { done: true });
  assertEquals([foreign.status, foreign.body.code], [404, 'not_found']);
  assertEquals((await a.member.client.post(`/tasks/${MISSING_ID}/decide`, { done: true })).status, 404);
  assertEquals((await a.member.client.post('/tasks/not-a-uuid/decide', { done: true })).status, 404);
  const choice = await a.member.client.post(`/tasks/${taskId}/decide`, { choice: 'approve' });
  assertEquals([choice.status, choice.body.code], [400, 'task_choice_invalid']);

  const done = await a.member.client.post(`/tasks/${taskId}/decide`, { done: true });
  assertEquals([done.status, done.body.decidedChoice], [200, 'done']);
  assertEquals((await runStatus(runId)).status, 'running');
});

Deno.test('GET /api/ai/status: the provider and the figures of recorded decisions; no data yet for an organisation without any', async () => {
  const { organizationId, member } = await team();
  const fresh = await member.client.get('/ai/status');
  assertEquals(fresh.status, 200);
  assertEquals([fresh.body.configured, fresh.body.averageConfidence, fresh.body.averageOver, fresh.body.decisionsToday, fresh.body.openTasks], [true, null, 0, 0, 0]);
  assert(typeof fresh.body.model === 'string' && fresh.body.model.length > 0);

  const workflowId = await workflowWithSteps(member.client, { definition: AI_DEFINITION });
  const { runId } = await openTask(workflowId);
  await withDb((sql) =>
    sql`
    insert into public.ai_decisions (organization_id, run_id, workflow_id, step_id, model, prompt_version, inputs, choice, confidence, reason, latency_ms, attempts, outcome, handover_reason, created_at)
    values (${organizationId}, ${runId}, ${workflowId}, 's2', 'm', '0123456789abcdef', '{}', 'approve', 99, 'ok', 100, 1, 'acted', null, now()),
           (${organizationId}, ${runId}, ${workflowId}, 's2', 'm', '0123456789abcdef', '{}', 'manager', 70, 'osäker', 100, 1, 'handed_over', 'below_threshold', now()),
           (${organizationId}, ${runId}, ${workflowId}, 's2', 'm', '0123456789abcdef', '{}', null, null, null, 100, 2, 'handed_over', 'provider_error', now()),
           (${organizationId}, ${runId}, ${workflowId}, 's2', 'm', '0123456789abcdef', '{}', 'approve', 10, 'gammal', 100, 1, 'handed_over', 'below_threshold', now() - interval '3 days')`
  );
  // A test run's decision counts in no figure.
  const testRun = await insertRun(workflowId, { status: 'completed', trigger: 'test' });
  await withDb((sql) => sql`
    insert into public.ai_decisions (organization_id, run_id, workflow_id, step_id, model, prompt_version, inputs, choice, confidence, reason, latency_ms, attempts, outcome, handover_reason)
    values (${organizationId}, ${testRun}, ${workflowId}, 's2', 'm', '0123456789abcdef', '{}', 'approve', 1, 'test', 100, 1, 'handed_over', 'below_threshold')`);
  const status = (await member.client.get('/ai/status')).body;
  // (99 + 70 + 10) / 3 = 59.67 → 60 over the three with a confidence; three of the four today.
  assertEquals([status.averageConfidence, status.averageOver, status.decisionsToday, status.openTasks], [60, 3, 3, 1]);
});

Deno.test('POST /api/ai/test asks the provider once on sample values and says whether a run would act; bad input is a 400 in the caller\'s language', async () => {
  const { member } = await team();
  const body = {
    prompt: 'Om beloppet överstiger 10000 kr, skicka till chefen.',
    options: [{ value: 'approve', label: 'Attestera' }, { value: 'manager', label: 'Till chefen' }],
    inputs: { amount: '12500' },
    threshold: 95,
  };
  const unsure = await member.client.post('/ai/test', body);
  assertEquals(unsure.status, 200);
  assertEquals([unsure.body.choice, unsure.body.label, unsure.body.wouldAct], ['approve', 'Attestera', unsure.body.confidence >= 95]);
  assert(unsure.body.confidence >= 0 && unsure.body.confidence <= 100);
  assertMatch(unsure.body.model, /\S/);
  const lenient = await member.client.post('/ai/test', { ...body, threshold: 1 });
  assertEquals([lenient.status, lenient.body.wouldAct], [200, true]);

  const sv = member.client.clone('sv');
  const oneOption = await sv.post('/ai/test', { ...body, options: [body.options[0]] });
  assertEquals([oneOption.status, oneOption.body.fields?.options], [400, 'Ange minst två alternativ']);
  const threshold = await member.client.post('/ai/test', { ...body, threshold: 0 });
  assertEquals([threshold.status, threshold.body.fields?.threshold], [400, 'Enter a threshold from 1 to 100']);
  const anonymous = await new Client().post('/ai/test', body);
  assertEquals(anonymous.status, 401);
});

Deno.test('POST /api/ai/test is limited: 10 tests per member per minute and 100 per organisation per hour, then 429 with Retry-After in the caller\'s language', async () => {
  const { organizationId, admin, member } = await team();
  const body = {
    prompt: 'Om beloppet överstiger 10000 kr, skicka till chefen.',
    options: [{ value: 'approve', label: 'Attestera' }, { value: 'manager', label: 'Till chefen' }],
    inputs: { amount: '12500' },
    threshold: 95,
  };
  // A refused body is not a test: it does not count.
  assertEquals((await member.client.post('/ai/test', { ...body, threshold: 0 })).status, 400);
  for (let i = 0; i < 10; i++) assertEquals((await member.client.post('/ai/test', body)).status, 200);
  const refused = await member.client.clone('sv').post('/ai/test', body);
  assertEquals(refused.status, 429);
  assertMatch(refused.body.error, /^För många tester på kort tid\. Försök igen om \d+ s\.$/);
  const retryAfter = Number(refused.headers.get('Retry-After'));
  assert(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
  assertEquals(refused.body.code, 'ai_test_limited');

  // Another member of the organisation still may, until the organisation's hour is used up (89 more
  // tests made earlier in the hour, more than a minute ago: 100 in all).
  assertEquals((await admin.client.post('/ai/test', body)).status, 200);
  await withDb((sql) => sql`
    insert into private.ai_test_calls (organization_id, user_id, created_at)
    select ${organizationId}, ${admin.id}, now() - interval '30 minutes' from generate_series(1, 89)`);
  const hourly = await admin.client.post('/ai/test', body);
  assertEquals(hourly.status, 429);
  assertMatch(hourly.body.error, /^Too many tests in a short time\. Try again in \d+ s\.$/);
  assert(Number(hourly.headers.get('Retry-After')) > 60, 'the hourly limit waits for the hour, not the minute');
});

Deno.test('a task says who may decide it and whether the caller may; POST /api/tasks/:id/decide refuses the others with 403 task_not_allowed in their language', async () => {
  const { admin, superuser, member } = await team();
  const workflowId = await workflowWithSteps(member.client, { name: 'Attest', definition: AI_DEFINITION });
  const { taskId } = await openTask(workflowId, 'ai_confirmation', { roles: ['admin', 'superuser'] });

  const asMember = (await member.client.get('/tasks')).body[0];
  assertEquals([asMember.id, asMember.approvers, asMember.canDecide, asMember.cannotDecideReason], [taskId, { roles: ['admin', 'superuser'] }, false, 'role']);
  const asAdmin = (await admin.client.get('/tasks')).body[0];
  assertEquals([asAdmin.canDecide, asAdmin.cannotDecideReason], [true, null]);

  const sv = await member.client.clone('sv').post(`/tasks/${taskId}/decide`, { choice: 'approve' });
  assertEquals([sv.status, sv.body.code], [403, 'task_not_allowed']);
  assertMatch(sv.body.error, /^Du får inte besluta i den här uppgiften/);
  const en = await member.client.clone('en').post(`/tasks/${taskId}/decide`, { choice: 'approve' });
  assertEquals([en.status, en.body.code], [403, 'task_not_allowed']);
  assertMatch(en.body.error, /^You may not decide this task/);

  const decided = await superuser.client.post(`/tasks/${taskId}/decide`, { choice: 'approve' });
  assertEquals([decided.status, decided.body.status, decided.body.canDecide], [200, 'decided', false]);
});

Deno.test('with notStarter the person who started the run cannot decide its task; anyone else can', async () => {
  const { admin, member } = await team();
  const workflowId = await workflowWithSteps(member.client, { name: 'Fyra ögon', definition: AI_DEFINITION });
  const { runId, taskId } = await openTask(workflowId, 'manual_step', { notStarter: true });
  // The fixture's run names no starter, so the task took the workflow's creator, the member, when it opened.
  assertEquals(await withDb(async (sql) => (await sql`select starter_id from public.human_tasks where id = ${taskId}`)[0].starter_id), member.id);

  const listed = (await member.client.get('/tasks')).body[0];
  assertEquals([listed.approvers, listed.canDecide, listed.cannotDecideReason], [{ notStarter: true }, false, 'starter']);
  const refused = await member.client.post(`/tasks/${taskId}/decide`, { done: true });
  assertEquals([refused.status, refused.body.code], [403, 'task_not_allowed']);
  assertEquals((await runStatus(runId)).status, 'paused');
  const done = await admin.client.post(`/tasks/${taskId}/decide`, { done: true });
  assertEquals([done.status, done.body.decidedBy], [200, admin.id]);
});

Deno.test('POST /api/ai/test refuses a model outside the server\'s allow-list with a 400 naming the allowed ones, before asking anyone', async () => {
  const { member } = await team();
  const body = {
    prompt: 'Om beloppet överstiger 10000 kr, skicka till chefen.',
    options: [{ value: 'approve', label: 'Attestera' }, { value: 'manager', label: 'Till chefen' }],
    inputs: { amount: '12500' },
    model: 'gpt-4-32k-expensive',
  };
  const sv = await member.client.clone('sv').post('/ai/test', body);
  assertEquals([sv.status, sv.body.code], [400, 'model_not_allowed']);
  assertMatch(sv.body.fields.model, /^Den AI-modellen går inte att använda här\. Välj en av: /);
  const en = await member.client.clone('en').post('/ai/test', body);
  assertMatch(en.body.error, /^That AI model cannot be used here\. Choose one of: /);
  const status = (await member.client.get('/ai/status')).body;
  const allowed = await member.client.post('/ai/test', { ...body, model: status.model });
  assertEquals(allowed.status, 200);
});

Deno.test('PUT /api/workflows/:id/definition refuses an AI step naming a model outside the allow-list', async () => {
  const { member } = await team();
  const workflowId = await workflowWithSteps(member.client, { definition: AI_DEFINITION });
  const definition = structuredClone(AI_DEFINITION) as { steps: Array<Record<string, unknown>> };
  const index = definition.steps.findIndex((s) => s.type === 'ai_decision');
  definition.steps[index] = { ...definition.steps[index], model: 'gpt-4-32k-expensive' };
  const saved = await member.client.clone('en').put(`/workflows/${workflowId}/definition`, { definition });
  assertEquals([saved.status, saved.body.code], [400, 'model_not_allowed']);
  assertMatch(saved.body.fields[`definition.steps.${index}.model`], /^That AI model cannot be used here/);
});

Deno.test('POST /api/ai/test tells a provider failure in the app\'s words and never echoes the provider\'s error text', async () => {
  const { member } = await team();
  const failed = await member.client.clone('sv').post('/ai/test', {
    prompt: 'Godkänn fakturan? [stub:status 500]',
    options: [{ value: 'approve', label: 'Attestera' }, { value: 'manager', label: 'Till chefen' }],
    inputs: { amount: '12500' },
  });
  assertEquals([failed.status, failed.body.code], [502, 'ai_unavailable']);
  assertMatch(failed.body.error, /^AI-leverantören gav inget giltigt beslut\./);
  const text = JSON.stringify(failed.body);
  for (const leak of ['stub internals', 'org-stub-4711', '127.0.0.1', '500 ']) assert(!text.includes(leak), `the answer leaks "${leak}": ${text}`);
});
