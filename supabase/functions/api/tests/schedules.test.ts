// PUT /api/workflows/:id/schedule: a cron schedule in a time zone (Europe/Stockholm by default).
import { assert, assertEquals } from './assert.ts';
import { MISSING_ID, team, withDb } from './helpers.ts';
import { workflowWithSteps } from './run-fixtures.ts';

/** Wall-clock parts of an instant in a time zone. */
function wallClock(iso: string, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { weekday: part('weekday'), time: `${part('hour')}:${part('minute')}` };
}

Deno.test('PUT /api/workflows/:id/schedule sets a cron schedule in Europe/Stockholm and computes its next run there', async () => {
  const { organizationId, member } = await team();
  const id = await workflowWithSteps(member.client, { active: true });
  const response = await member.client.put(`/workflows/${id}/schedule`, { cron: '30 7 * * 1-5' });
  assertEquals(response.status, 200);
  assertEquals(Object.keys(response.body).sort(), ['cron', 'enabled', 'lastRunAt', 'nextRunAt', 'timezone']);
  assertEquals([response.body.cron, response.body.timezone, response.body.enabled, response.body.lastRunAt], ['30 7 * * 1-5', 'Europe/Stockholm', true, null]);
  const next = Date.parse(response.body.nextRunAt);
  assert(next > Date.now() && next < Date.now() + 4 * 24 * 3600_000, 'within the next four days');
  const { weekday, time } = wallClock(response.body.nextRunAt, 'Europe/Stockholm');
  assertEquals(time, '07:30');
  assert(['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].includes(weekday), weekday);

  const detail = (await member.client.get(`/workflows/${id}`)).body;
  assertEquals([detail.schedule, detail.startMethod], [response.body, 'scheduled']);
  const [audit] = await withDb((sql) =>
    sql`select metadata from public.audit_activities where organization_id = ${organizationId} and action = 'schedule_set'`
  );
  assertEquals(audit.metadata, { cron: '30 7 * * 1-5', timezone: 'Europe/Stockholm', enabled: true });
});

Deno.test('PUT /api/workflows/:id/schedule accepts any IANA time zone (stored by its canonical name) and normalises the spacing', async () => {
  const { member } = await team();
  const id = await workflowWithSteps(member.client);
  const response = await member.client.put(`/workflows/${id}/schedule`, { cron: ' 0  9 1 *   * ', timezone: 'America/New_York' });
  assertEquals([response.status, response.body.cron, response.body.timezone], [200, '0 9 1 * *', 'America/New_York']);
  assertEquals(wallClock(response.body.nextRunAt, 'America/New_York').time, '09:00');
  assertEquals(new Date(response.body.nextRunAt).toLocaleDateString('en-GB', { timeZone: 'America/New_York', day: 'numeric' }), '1');
  const lowerCase = await member.client.put(`/workflows/${id}/schedule`, { cron: '0 9 * * *', timezone: 'europe/stockholm' });
  assertEquals([lowerCase.status, lowerCase.body.timezone], [200, 'Europe/Stockholm'], 'stored under its canonical name');
});

Deno.test('PUT /api/workflows/:id/schedule refuses invalid expressions, schedules more often than every 5 minutes and unknown zones', async () => {
  const { member } = await team();
  const id = await workflowWithSteps(member.client);
  const invalid = 'Enter a cron expression with five fields: minute hour day-of-month month weekday (e.g. 0 7 * * 1-5)';
  const tooOften = 'A schedule may run at most every 5 minutes';
  const cases: [unknown, string, string][] = [
    [{ cron: '0 7 * *' }, 'cron', invalid],
    [{ cron: '0 0 7 * * *' }, 'cron', invalid],
    [{ cron: '61 7 * * *' }, 'cron', invalid],
    [{ cron: '0 7 * * mon-xyz' }, 'cron', invalid],
    [{ cron: '@daily' }, 'cron', invalid],
    [{ cron: '' }, 'cron', invalid],
    [{ cron: 42 }, 'cron', invalid],
    [{ cron: '* * * * *' }, 'cron', tooOften],
    [{ cron: '*/2 * * * *' }, 'cron', tooOften],
    [{ cron: '0-4 9 * * *' }, 'cron', tooOften],
    [{ cron: '0,58 * * * *' }, 'cron', tooOften],
    [{ cron: '2,58 7,8 * * *' }, 'cron', tooOften],
    [{ cron: '0 7 * * *', timezone: 'Mars/Olympus' }, 'timezone', 'Unknown time zone (e.g. Europe/Stockholm)'],
    [{ cron: '0 7 * * *', enabled: 'yes' }, 'enabled', 'Invalid input'],
    [{ cron: '0 7 * * *', nextRunAt: '2030-01-01' }, 'nextRunAt', 'Unknown field'],
    [{}, 'cron', 'This field is required'],
  ];
  for (const [body, field, message] of cases) {
    const response = await member.client.put(`/workflows/${id}/schedule`, body);
    assertEquals([response.status, response.body.fields?.[field]], [400, message], JSON.stringify(body));
  }
  const swedish = await member.client.clone('sv').put(`/workflows/${id}/schedule`, { cron: '*/1 * * * *' });
  assertEquals(swedish.body.fields.cron, 'Ett schema får köras högst var femte minut');
  for (const cron of ['*/5 * * * *', '0,30 * * * *', '55 23 * * *', '0 */2 * * *']) {
    assertEquals((await member.client.put(`/workflows/${id}/schedule`, { cron })).status, 200, cron);
  }
});

Deno.test('PUT /api/workflows/:id/schedule disabled keeps the schedule without a next run; cron null removes it', async () => {
  const { member } = await team();
  const id = await workflowWithSteps(member.client);
  const disabled = await member.client.put(`/workflows/${id}/schedule`, { cron: '0 7 * * *', enabled: false });
  assertEquals([disabled.status, disabled.body.enabled, disabled.body.nextRunAt], [200, false, null]);
  const removed = await member.client.put(`/workflows/${id}/schedule`, { cron: null });
  assertEquals([removed.status, removed.body], [200, null]);
  assertEquals((await member.client.get(`/workflows/${id}`)).body.schedule, null);
  const [{ count }] = await withDb((sql) => sql`select count(*)::int as count from public.workflow_schedules where workflow_id = ${id}`);
  assertEquals(count, 0);
});

Deno.test("PUT /api/workflows/:id/schedule: 403 for a member on a colleague's workflow, 404 for another organisation's", async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const id = await workflowWithSteps(a.admin.client);
  const refused = await a.member.client.put(`/workflows/${id}/schedule`, { cron: '0 7 * * *' });
  assertEquals([refused.status, refused.body.code], [403, 'forbidden']);
  assertEquals((await a.superuser.client.put(`/workflows/${id}/schedule`, { cron: '0 7 * * *' })).status, 200);
  for (const target of [id, MISSING_ID, 'x']) {
    const response = await b.admin.client.put(`/workflows/${target}/schedule`, { cron: '0 8 * * *' });
    assertEquals([response.status, response.body.code], [404, 'not_found'], target);
  }
  assertEquals((await a.admin.client.get(`/workflows/${id}`)).body.schedule.cron, '0 7 * * *');
});
