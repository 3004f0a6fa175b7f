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
  assertEquals(Object.keys(response.body).sort(), ['cron', 'enabled', 'inputs', 'lastRunAt', 'nextRunAt', 'timezone']);
  assertEquals(response.body.inputs, { user: 'anna.lind' }, 'the default of the declared input, fixed for every run');
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
  assertEquals(audit.metadata, { cron: '30 7 * * 1-5', timezone: 'Europe/Stockholm', enabled: true, inputs: { user: 'anna.lind' } });
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

Deno.test('PUT /api/workflows/:id/schedule keeps fixed input values and refuses a schedule without a required one; a definition that would strand the schedule is refused', async () => {
  const { member } = await team();
  const definition = {
    version: 1,
    inputs: [{ name: 'period', label: 'Period', type: 'text', required: true }],
    steps: [{ id: 's1', type: 'change', description: 'Period', selectors: ['#period'], value: '{{input.period}}' }],
  };
  const id = await workflowWithSteps(member.client, { active: true, definition });
  const missing = await member.client.put(`/workflows/${id}/schedule`, { cron: '0 7 * * 1' });
  assertEquals([missing.status, missing.body.code, missing.body.fields?.['inputs.period']],
    [400, 'input_required', 'The run input period was not given, and it has no default value.']);
  const swedish = await member.client.clone('sv').put(`/workflows/${id}/schedule`, { cron: '0 7 * * 1', inputs: { period: { month: 11 } } });
  assertEquals(swedish.body.error, 'Indata period måste vara text, ett tal eller sant/falskt, inte ett objekt eller en lista.');
  assertEquals((await member.client.get(`/workflows/${id}`)).body.schedule, null, 'nothing saved');

  const saved = await member.client.put(`/workflows/${id}/schedule`, { cron: '0 7 * * 1', inputs: { period: '2026-11', other: 'x' } });
  assertEquals([saved.status, saved.body.inputs], [200, { period: '2026-11' }]);
  const [row] = await withDb((sql) => sql`select inputs from public.workflow_schedules where workflow_id = ${id}`);
  assertEquals(row.inputs, { period: '2026-11' });

  // A new required input without a default would leave the schedule's runs without a value: refused, in the caller's language.
  const stranding = {
    ...definition,
    inputs: [...definition.inputs, { name: 'konto', label: 'Konto', type: 'text', required: true }],
    steps: [...definition.steps, { id: 's2', type: 'change', description: 'Konto', selectors: ['#konto'], value: '{{input.konto}}' }],
  };
  const refused = await member.client.put(`/workflows/${id}/definition`, { definition: stranding });
  assertEquals([refused.status, refused.body.code], [409, 'schedule_input_missing']);
  assertEquals((await member.client.clone('sv').put(`/workflows/${id}/definition`, { definition: stranding })).body.error,
    'Flödets schema har inget värde för indata konto. Ge indata ett standardvärde, ange värdet i schemat eller pausa schemat först.');
  stranding.inputs[1] = { ...stranding.inputs[1], default: '4010' } as typeof stranding.inputs[1];
  assertEquals((await member.client.put(`/workflows/${id}/definition`, { definition: stranding })).status, 200, 'with a default it saves');

  // The schedule's runs get its values.
  await withDb((sql) => sql`update public.workflow_schedules set next_run_at = now() - interval '1 minute' where workflow_id = ${id}`);
  const [{ run_id }] = await withDb((sql) => sql`select app.start_scheduled_run(${id}, now() + interval '1 day') as run_id`);
  const [run] = await withDb((sql) => sql`select trigger, inputs from public.runs where id = ${run_id}`);
  assertEquals([run.trigger, run.inputs], ['schedule', { period: '2026-11', konto: '4010' }], 'the new default joined the schedule\'s values');
});
