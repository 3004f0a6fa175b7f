// /api/dashboard/recent-activity, /api/dashboard/workflow-performance, /api/workflow-performance,
// /api/dashboard/stats.
import { assert, assertEquals } from './assert.ts';
import { Client, team, withDb } from './helpers.ts';
import { definition, insertRun, insertStep, workflowWithSteps } from './run-fixtures.ts';

Deno.test('GET /api/dashboard/recent-activity returns the newest activities of the organisation, at most limit', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  for (const name of ['Ett', 'Två', 'Tre']) await a.member.client.post('/workflows', { name });
  await b.admin.client.post('/workflows', { name: 'Främmande' });

  const response = await a.admin.client.get('/dashboard/recent-activity?limit=2');
  assertEquals(response.status, 200);
  assertEquals(response.body.map((r: { details: string }) => r.details), ['Tre', 'Två']);
  const [first] = response.body;
  assertEquals(Object.keys(first).sort(), [
    'action', 'details', 'executionId', 'id', 'ipAddress', 'metadata', 'resource', 'timestamp', 'userId', 'userName', 'workflowId',
  ]);
  assertEquals([first.action, first.userId, first.resource], ['workflow_created', a.member.id, 'workflow']);
  assertEquals(first.userName, 'Kalle Kollega');
  assertEquals(first.metadata, { category: 'Övrigt', startMethod: 'manual' });

  const all = await a.admin.client.get('/dashboard/recent-activity?limit=50');
  assert(all.body.every((r: { details: string }) => r.details !== 'Främmande'), 'no activity of another organisation');
  const timestamps = all.body.map((r: { timestamp: string }) => r.timestamp);
  assertEquals([...timestamps].sort().reverse(), timestamps, 'newest first');
});

Deno.test('GET /api/dashboard/recent-activity defaults to 50 and refuses a limit outside 1–500 or unknown parameters', async () => {
  const { member } = await team();
  assertEquals((await member.client.get('/dashboard/recent-activity')).status, 200);
  for (const query of ['limit=0', 'limit=501', 'limit=abc', 'limit=1.5', 'limit=5&organizationId=x', 'limit=1&limit=2']) {
    const response = await member.client.get(`/dashboard/recent-activity?${query}`);
    assertEquals([response.status, response.body.code], [400, 'validation_failed'], query);
  }
});

Deno.test('GET /api/dashboard/recent-activity answers 401 without a session', async () => {
  assertEquals((await new Client().get('/dashboard/recent-activity?limit=50')).status, 401);
});

Deno.test('GET /api/dashboard/workflow-performance lists at most ten workflows, most recently run first, never run last', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  await withDb((sql) =>
    sql`insert into public.workflows (organization_id, created_by, name, status, last_run_at, success_rate, run_count)
        select ${a.organizationId}, ${a.admin.id}, 'Flöde ' || i, 'active',
               case when i <= 11 then now() - make_interval(hours => i) end, 90 + i / 10.0, i * 3
        from generate_series(1, 12) i`
  );
  await b.admin.client.post('/workflows', { name: 'Främmande' });

  const response = await a.member.client.get('/dashboard/workflow-performance');
  assertEquals(response.status, 200);
  assertEquals(response.body.length, 10);
  assertEquals(response.body.map((w: { name: string }) => w.name), Array.from({ length: 10 }, (_, i) => `Flöde ${i + 1}`));
  assertEquals(Object.keys(response.body[0]).sort(), ['id', 'lastRunAt', 'name', 'runCount', 'startMethod', 'status', 'successRate']);
  assertEquals([response.body[0].successRate, response.body[0].runCount], [90.1, 3]);

  const all = await a.member.client.get('/workflow-performance');
  assertEquals(all.body.length, 12);
  assertEquals(all.body.at(-1).name, 'Flöde 12', 'the workflow never run comes last');
  assertEquals(all.body.at(-1).lastRunAt, null);
  assert(all.body.every((w: { name: string }) => w.name !== 'Främmande'));
});

Deno.test('GET /api/dashboard/stats is zero or null for an organisation without runs', async () => {
  const { member } = await team();
  const response = await member.client.get('/dashboard/stats');
  assertEquals(response.status, 200);
  assertEquals(response.body, {
    executionsThisMonth: 0,
    hoursSavedThisWeek: null,
    hoursSavedThisMonth: null,
    aiConfidence: null,
    runningNow: 0,
    waitingForPeople: 0,
    pendingErrors: 0,
  });
});

/** An AI assessment (ai_decisions) of a run, as the runner records it: acted on or handed to a person. */
function assess(runId: string, confidence: number) {
  return withDb((sql) => sql`
    insert into public.ai_decisions (organization_id, run_id, workflow_id, step_id, model, prompt_version, inputs, choice, confidence,
                                     latency_ms, attempts, outcome, handover_reason)
    select r.organization_id, r.id, r.workflow_id, 'ai', 'stub', '0123456789abcdef', '{}', 'ja', ${confidence}, 100, 1,
           ${confidence >= 80 ? 'acted' : 'handed_over'}, ${confidence >= 80 ? null : 'below_threshold'}
    from public.runs r where r.id = ${runId}`);
}

Deno.test('GET /api/dashboard/stats computes the tiles from the runs (test runs aside), their recorded durations, AI assessments and errors', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const { body: created } = await a.admin.client.post('/workflows', { name: 'Inspelat' });
  await a.admin.client.put(`/workflows/${created.id}/definition`, { definition: definition(), source: 'recorder', recordedDurationMs: 1_800_000 });
  const id = created.id;
  await insertRun(id, { status: 'completed' });
  await insertRun(id, { status: 'completed' });
  const decided = await insertRun(id, { status: 'completed', aiConfidence: 80 });
  await insertStep(decided, { seq: 0, decision: { choice: 'ja', by: 'ai', confidence: 80 } });
  await assess(decided, 80);
  await insertStep(decided, { seq: 1, decision: { choice: 'nej', by: 'ai', confidence: 91 } });
  await assess(decided, 91);
  // Handed to a person below the threshold: the AI's assessment counts all the same (as in the AI panel).
  await insertStep(decided, { seq: 2, decision: { choice: 'ja', by: 'person', confidence: 40 } });
  await assess(decided, 40);
  // A test run counts in no figure: not as a run, not as hours saved, not with its AI assessment.
  const tested = await insertRun(id, { status: 'completed', trigger: 'test' });
  await assess(tested, 10);
  await insertRun(id, { status: 'running' });
  await insertRun(id, { status: 'paused', requiresManualIntervention: true });
  await insertRun(id, { status: 'paused' });
  await insertRun(id, { status: 'failed', failedStep: 1 });
  await insertRun(id, { status: 'stopped', failedStep: 1 }); // a decision stopped it: no hours saved, one more item to review
  const unrecorded = await workflowWithSteps(a.admin.client, { name: 'Utan inspelningstid' });
  await insertRun(unrecorded, { status: 'completed' });
  await insertRun(await workflowWithSteps(b.admin.client), { status: 'running' });

  const response = await a.member.client.get('/dashboard/stats');
  assertEquals(response.body, {
    executionsThisMonth: 9,
    hoursSavedThisWeek: 1.5,
    hoursSavedThisMonth: 1.5,
    aiConfidence: 70.3,
    runningNow: 1,
    waitingForPeople: 1,
    pendingErrors: 2,
  });

  // The manual time is the workflow's, asked once: the recording's 30 min survive a version saved from the
  // editor (which has no recording), and what a person sets counts from then on, for every completed run.
  assertEquals((await a.admin.client.get(`/workflows/${id}`)).body.manualSeconds, 1800);
  assertEquals((await a.admin.client.put(`/workflows/${id}/definition`, { definition: definition() })).status, 200);
  assertEquals((await a.member.client.get('/dashboard/stats')).body.hoursSavedThisWeek, 1.5);
  assertEquals((await a.member.client.put(`/workflows/${id}`, { manualSeconds: 3600 })).status, 403);
  assertEquals((await a.admin.client.put(`/workflows/${id}`, { manualSeconds: 0 })).status, 400);
  assertEquals((await a.admin.client.put(`/workflows/${id}`, { manualSeconds: 3600 })).body.manualSeconds, 3600);
  assertEquals((await a.member.client.get('/dashboard/stats')).body.hoursSavedThisMonth, 3);
});

Deno.test('GET /api/dashboard/stats answers 401 without a session', async () => {
  assertEquals((await new Client().get('/dashboard/stats')).status, 401);
});
