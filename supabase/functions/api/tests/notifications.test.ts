// /api/notifications, /api/notification-preferences and /api/search: a failed run shows up in the bell of the
// workflow's owner only (not of other members, not of another organisation), pages by cursor, is marked read
// by its recipient only; preferences are one's own and keep the app's language; the search finds workflows,
// runs and open tasks of the caller's organisation only.
import { assertEquals, assertMatch } from './assert.ts';
import { APP_URL, MAIL_URL, team, withDb } from './helpers.ts';
import { insertRun, workflowWithSteps } from './run-fixtures.ts';

Deno.test('GET /api/notifications shows a failed run to the workflow\'s owner only, a page at a time, and POST …/read marks only one\'s own', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const workflowId = await workflowWithSteps(a.admin.client, { name: 'Hyresavier', active: true });
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await insertRun(workflowId, { status: 'failed', errorType: 'element_not_found' }));

  assertEquals((await a.admin.client.get('/notifications/unread')).body, { unread: 3 });
  assertEquals((await a.member.client.get('/notifications/unread')).body, { unread: 0 });
  assertEquals((await b.admin.client.get('/notifications/unread')).body, { unread: 0 });

  const first = await a.admin.client.get('/notifications?limit=2');
  assertEquals(first.status, 200);
  assertEquals(first.body.items.map((n: { runId: string }) => n.runId), [runs[2], runs[1]]);
  assertEquals(first.body.items[0].kind, 'run_failed');
  assertEquals(first.body.items[0].workflowName, 'Hyresavier');
  assertEquals(first.body.items[0].details, { errorType: 'element_not_found' });
  assertEquals(first.body.unread, 3);
  const second = await a.admin.client.get(`/notifications?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
  assertEquals([second.body.items.map((n: { runId: string }) => n.runId), second.body.nextCursor], [[runs[0]], null]);
  assertEquals((await a.admin.client.get('/notifications?cursor=yesterday')).status, 400);

  // Someone else's notification cannot be marked read, by a member or another organisation.
  const id = first.body.items[0].id;
  for (const other of [a.member, b.admin]) {
    assertEquals((await other.client.post('/notifications/read', { ids: [id] })).body, { unread: 0 });
  }
  assertEquals((await a.admin.client.post('/notifications/read', { ids: [id] })).body, { unread: 2 });
  assertEquals((await a.admin.client.post('/notifications/read', {})).body, { unread: 0 });
  assertEquals((await a.admin.client.get('/notifications')).body.items.every((n: { readAt: string | null }) => n.readAt !== null), true);
  assertEquals((await a.admin.client.post('/notifications/read', { ids: ['not-a-uuid'] })).status, 400);
});

Deno.test('PUT /api/notification-preferences saves one\'s own choice in the app\'s language; a failure is then e-mailed to that person only', async () => {
  const { admin, member } = await team();
  assertEquals((await member.client.get('/notification-preferences')).body, { emailRunFailed: false, language: 'en' });
  const swedish = member.client.clone('sv');
  assertEquals((await swedish.put('/notification-preferences', { emailRunFailed: true })).body, { emailRunFailed: true, language: 'sv' });
  assertEquals((await member.client.get('/notification-preferences')).body, { emailRunFailed: true, language: 'sv' });
  assertEquals((await admin.client.get('/notification-preferences')).body.emailRunFailed, false);
  assertEquals((await member.client.put('/notification-preferences', { emailRunFailed: 'yes' })).status, 400);

  // The member's own run fails: one e-mail waits, to them; none to the admin who owns the workflow.
  const workflowId = await workflowWithSteps(admin.client, { active: true });
  const runId = await insertRun(workflowId, { status: 'pending' });
  await withDb(async (sql) => {
    await sql`update public.runs set started_by = ${member.id} where id = ${runId}`;
    await sql`update public.runs set status = 'failed', error_type = 'timeout', error_message = 'x', failed_step = 0, finished_at = now() where id = ${runId}`;
  });
  const waiting = await withDb((sql) =>
    sql<{ to_address: string; language: string }[]>`
      select e.to_address, e.language from private.notification_emails e join public.notifications n on n.id = e.notification_id
      where n.run_id = ${runId}`);
  assertEquals([...waiting], [{ to_address: member.email, language: 'sv' }]);

  // The runner's sender sends it over SMTP into the stack's outbox, once, in Swedish, with the link to the run.
  const deadline = Date.now() + 20_000;
  const sent = () => withDb((sql) => sql`select 1 from private.notification_emails e join public.notifications n on n.id = e.notification_id
                                          where n.run_id = ${runId} and e.status = 'sent'`);
  while ((await sent()).length === 0) {
    if (Date.now() > deadline) throw new Error('the e-mail was not sent within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const inbox = async (address: string) =>
    ((await (await fetch(`${MAIL_URL}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`)).json()) as { messages: { ID: string; Subject: string }[] })
      .messages;
  const mails = await inbox(member.email);
  assertEquals(mails.map((m) => m.Subject), ['Körningen av Hyresavier misslyckades']);
  const mail = await (await fetch(`${MAIL_URL}/api/v1/message/${mails[0].ID}`)).json() as { Text: string };
  assertMatch(mail.Text, new RegExp(`${APP_URL}/workflow-execution/${runId}`));
  assertMatch(mail.Text, /Steget blev inte klart i tid/);
  assertEquals((await inbox(admin.email)).length, 0);
});

Deno.test('GET /api/search finds the organisation\'s workflows, their runs and open tasks, never another organisation\'s', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const workflowId = await workflowWithSteps(a.admin.client, { name: 'Leverantörsfakturor', active: true });
  await workflowWithSteps(b.admin.client, { name: 'Leverantörsfakturor B', active: true });
  const runId = await insertRun(workflowId, { status: 'paused', requiresManualIntervention: true });
  const [task] = await withDb((sql) => sql<{ id: string }[]>`
    insert into public.human_tasks (organization_id, run_id, workflow_id, attempt, step_index, step_id, kind, title, handover_reason)
    values (${a.organizationId}, ${runId}, ${workflowId}, 1, 0, 's1', 'manual_step', 'Attestera fakturan', 'manual') returning id`);

  const found = await a.member.client.get('/search?q=leverant');
  assertEquals(found.status, 200);
  assertEquals(found.body.workflows.map((w: { id: string }) => w.id), [workflowId]);
  assertEquals(found.body.runs.map((r: { id: string; workflowName: string }) => [r.id, r.workflowName]), [[runId, 'Leverantörsfakturor']]);
  assertEquals(found.body.tasks.map((t: { id: string; runId: string }) => [t.id, t.runId]), [[task.id, runId]]);
  // A task by its step's title; nothing of organisation A for B.
  assertEquals((await a.member.client.get('/search?q=attestera')).body.tasks.length, 1);
  const other = await b.admin.client.get('/search?q=leverant');
  assertEquals([other.body.workflows.length, other.body.runs.length, other.body.tasks.length], [1, 0, 0]);
  assertEquals((await a.member.client.get('/search?q=%20')).status, 400);
});
