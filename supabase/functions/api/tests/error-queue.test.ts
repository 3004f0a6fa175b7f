// /api/error-queue: the organisation's failed steps; resolve (every member, idempotent, one audit row),
// ignore and escalate (superusers and admins); the stat cards.
import { assert, assertEquals } from './assert.ts';
import { auditRows, MISSING_ID, team, withDb } from './helpers.ts';
import { insertRun, workflowWithSteps } from './run-fixtures.ts';

/**
 * Adds error items to an organisation the way the automation does (as the system): each points at a run
 * of the workflow (error_queue_items.execution_id references runs), inserted finished so that nothing
 * (the runner's lease sweep) ever changes it.
 */
async function addErrors(organizationId: string, createdBy: string, items: { message: string; status?: string; minutesAgo?: number }[]) {
  return await withDb(async (sql) => {
    const [workflow] = await sql`insert into public.workflows (organization_id, created_by, name, status) values (${organizationId}, ${createdBy}, 'Felande flöde', 'error') returning id`;
    await sql`insert into public.workflow_versions (organization_id, workflow_id, version, definition) values (${organizationId}, ${workflow.id}, 1, '{"version":1,"steps":[]}')`;
    await sql`update public.workflows set current_version = 1 where id = ${workflow.id}`;
    const ids: string[] = [];
    for (const item of items) {
      const [run] = await sql`
        insert into public.runs (organization_id, workflow_id, workflow_version, trigger, status, step_count, finished_at)
        values (${organizationId}, ${workflow.id}, 1, 'manual', 'completed', 0, now())
        returning id`;
      const [row] = await sql`
        insert into public.error_queue_items (organization_id, workflow_id, execution_id, step_id, step_index, error_type, error_message, status, created_at)
        values (${organizationId}, ${workflow.id}, ${run.id}, 'step-2', 1, 'element_not_found', ${item.message},
                ${item.status ?? 'pending'}, now() - make_interval(mins => ${item.minutesAgo ?? 0}))
        returning id`;
      ids.push(row.id);
    }
    return { workflowId: workflow.id as string, ids };
  });
}

Deno.test('GET /api/error-queue lists the organisation’s items newest first, or those of one status, with the workflow name', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const { workflowId } = await addErrors(a.organizationId, a.admin.id, [
    { message: 'Gammalt öppet', minutesAgo: 30 },
    { message: 'Löst', status: 'resolved', minutesAgo: 1 },
    { message: 'Nytt öppet', minutesAgo: 5 },
  ]);
  await addErrors(b.organizationId, b.admin.id, [{ message: 'Främmande' }]);
  const response = await a.member.client.get('/error-queue');
  assertEquals(response.status, 200);
  assertEquals(response.body.items.map((e: { errorMessage: string }) => e.errorMessage), ['Löst', 'Nytt öppet', 'Gammalt öppet']);
  const pending = await a.member.client.get('/error-queue?status=pending');
  assertEquals(pending.body.items.map((e: { errorMessage: string }) => e.errorMessage), ['Nytt öppet', 'Gammalt öppet']);
  assertEquals(Object.keys(pending.body.items[0]).sort(), [
    'createdAt', 'errorMessage', 'errorType', 'executionId', 'id', 'priority', 'resolvedAt', 'status', 'stepId', 'stepIndex', 'workflowId',
    'workflowName',
  ]);
  assertEquals([pending.body.items[0].workflowId, pending.body.items[0].workflowName, pending.body.items[0].stepId, pending.body.items[0].stepIndex], [
    workflowId,
    'Felande flöde',
    'step-2',
    1,
  ]);
});

Deno.test('POST /api/error-queue/:id/resolve resolves an item once: idempotent, one error_resolved audit row', async () => {
  const { organizationId, member } = await team();
  const { ids: [id] } = await addErrors(organizationId, member.id, [{ message: 'Timeout i steg 2' }]);
  const first = await member.client.post(`/error-queue/${id}/resolve`);
  assertEquals(first.status, 200);
  assertEquals(first.body.status, 'resolved');
  assert(first.body.resolvedAt);
  const again = await member.client.post(`/error-queue/${id}/resolve`);
  assertEquals([again.status, again.body.resolvedAt], [200, first.body.resolvedAt]);

  const audit = await auditRows(organizationId, 'error_resolved');
  assertEquals(audit.length, 1);
  assertEquals([audit[0].details, audit[0].user_id, audit[0].metadata?.errorId], ['Timeout i steg 2', member.id, id]);
  const [{ resolved_by }] = await withDb((sql) => sql`select resolved_by from public.error_queue_items where id = ${id}`);
  assertEquals(resolved_by, member.id);
});

Deno.test('POST /api/error-queue/:id/resolve called ten times at once writes one audit row', async () => {
  const { organizationId, member, admin } = await team();
  const { ids: [id] } = await addErrors(organizationId, member.id, [{ message: 'Samtidigt' }]);
  const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? admin : member).client.post(`/error-queue/${id}/resolve`)));
  assertEquals(responses.map((r) => r.status), Array(10).fill(200));
  assertEquals((await auditRows(organizationId, 'error_resolved')).length, 1);
});

Deno.test("POST /api/error-queue/:id/resolve answers 404 for another organisation's item and malformed ids, changing nothing", async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const { ids: [foreign] } = await addErrors(b.organizationId, b.admin.id, [{ message: 'Främmande' }]);
  for (const id of [foreign, MISSING_ID, 'x'.repeat(40)]) {
    const response = await a.admin.client.post(`/error-queue/${id}/resolve`);
    assertEquals([response.status, response.body.code], [404, 'not_found'], id);
  }
  const [{ status }] = await withDb((sql) => sql`select status from public.error_queue_items where id = ${foreign}`);
  assertEquals(status, 'pending');
  assertEquals((await auditRows(b.organizationId, 'error_resolved')).length, 0);
});

Deno.test('POST /api/error-queue/:id/ignore is for superusers and admins; a member cannot ignore nor resolve an ignored item', async () => {
  const { organizationId, member, superuser } = await team();
  const { ids: [id] } = await addErrors(organizationId, member.id, [{ message: 'Brus' }]);
  const refused = await member.client.post(`/error-queue/${id}/ignore`);
  assertEquals([refused.status, refused.body.code], [403, 'superuser_only']);
  const ignored = await superuser.client.post(`/error-queue/${id}/ignore`);
  assertEquals([ignored.status, ignored.body.status], [200, 'ignored']);
  const reopen = await member.client.post(`/error-queue/${id}/resolve`);
  assertEquals([reopen.status, reopen.body.code], [403, 'error_status_forbidden']);
});

Deno.test('POST /api/error-queue/:id/escalate sets the priority and takes the item into work (superusers and admins)', async () => {
  const { organizationId, member, admin } = await team();
  const { ids: [id, second] } = await addErrors(organizationId, member.id, [{ message: 'Viktigt' }, { message: 'Också' }]);
  assertEquals((await member.client.post(`/error-queue/${id}/escalate`, { priority: 'high' })).status, 403);
  const escalated = await admin.client.post(`/error-queue/${id}/escalate`, { priority: 'low' });
  assertEquals([escalated.status, escalated.body.status, escalated.body.priority], [200, 'in_progress', 'low']);
  const defaulted = await admin.client.post(`/error-queue/${second}/escalate`);
  assertEquals([defaulted.status, defaulted.body.priority], [200, 'high']);
  for (const body of [{ priority: 'urgent' }, { priority: 'high', status: 'resolved' }]) {
    assertEquals((await admin.client.post(`/error-queue/${id}/escalate`, body)).status, 400, JSON.stringify(body));
  }
  assertEquals((await admin.client.post(`/error-queue/${id}/escalate`, '{oops')).status, 400);
});

Deno.test('GET /api/error-queue/stats is zero or null for an organisation without errors', async () => {
  const { member } = await team();
  const response = await member.client.get('/error-queue/stats');
  assertEquals(response.status, 200);
  assertEquals(response.body, { pending: 0, resolvedToday: 0, averageResolutionMinutes: null, automaticRecoveryRate: null });
});

Deno.test('GET /api/error-queue/stats counts pending and today’s resolutions, the average resolution time and the share recovered by a retry', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const id = await workflowWithSteps(a.admin.client);
  const [manual, retried, open] = [
    await insertRun(id, { status: 'failed', failedStep: 1 }),
    await insertRun(id, { status: 'failed', failedStep: 2 }),
    await insertRun(id, { status: 'failed', failedStep: 3 }),
  ];
  await insertRun(await workflowWithSteps(b.admin.client), { status: 'failed' });
  await withDb((sql) => sql`update public.error_queue_items set created_at = now() - interval '30 minutes' where execution_id in ${sql([manual, retried])}`);

  const items: { id: string; executionId: string }[] = (await a.member.client.get('/error-queue')).body.items;
  const itemOf = (run: string) => items.find((item) => item.executionId === run)!.id;
  assertEquals((await a.member.client.post(`/error-queue/${itemOf(manual)}/resolve`)).status, 200);
  // A retry resolves the run's item; the runner then completes the new attempt (written here as the runner would).
  await withDb(async (sql) => {
    await sql`update public.runs set status = 'pending', attempt = 2, finished_at = null where id = ${retried}`;
    await sql`update public.error_queue_items set status = 'resolved' where execution_id = ${retried}`;
    await sql`update public.runs set status = 'completed', finished_at = now() where id = ${retried}`;
  });

  // A test run's failure, resolved and completed the same way, counts in none of the last three figures.
  const testRun = await insertRun(id, { status: 'failed', trigger: 'test' });
  await withDb(async (sql) => {
    await sql`update public.runs set status = 'pending', attempt = 2, finished_at = null where id = ${testRun}`;
    await sql`update public.error_queue_items set status = 'resolved' where execution_id = ${testRun}`;
    await sql`update public.runs set status = 'completed', finished_at = now() where id = ${testRun}`;
  });

  const response = await a.member.client.get('/error-queue/stats');
  // The item a person resolved is no automatic recovery; the one the automatic retry resolved (no person) is.
  assertEquals([response.body.pending, response.body.resolvedToday, response.body.automaticRecoveryRate], [1, 2, 50]);
  assert(Math.abs(response.body.averageResolutionMinutes - 30) < 1, `average ${response.body.averageResolutionMinutes}`);
  assertEquals(items.filter((item) => item.executionId === open).length, 1);
  assertEquals((await b.admin.client.get('/error-queue/stats')).body.pending, 1, 'only the organisation’s own items');
});
