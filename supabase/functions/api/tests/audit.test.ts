// /api/audit-activities and /api/audit-activities.csv: the organisation's trail, filtered and paged,
// and its CSV export (quoted, formula injection neutralised). Nobody changes the trail.
import { assertEquals, assertMatch } from './assert.ts';
import { Client, team, withDb } from './helpers.ts';

type Row = { id: string; action: string; details: string; timestamp: string; userId: string | null };

/** Inserts audit rows (as the system): [action, details, user_id, created_at]. */
function insertActivities(organizationId: string, values: [string, string, string | null, string][]) {
  return withDb((sql) =>
    sql`insert into public.audit_activities (organization_id, action, details, user_id, created_at, ip_address)
        select ${organizationId}, v.action, v.details, v.user_id::uuid, v.created_at::timestamptz, '192.0.2.7'
        from jsonb_to_recordset(${sql.json(values.map(([action, details, user_id, created_at]) => ({ action, details, user_id, created_at })))})
          as v (action text, details text, user_id text, created_at text)`
  );
}

Deno.test('GET /api/audit-activities filters by action, user, text and Swedish calendar days', async () => {
  const { organizationId, admin, member } = await team();
  await insertActivities(organizationId, [
    ['workflow_executed', 'Hyresavier', member.id, '2026-03-01T23:30:00Z'], // 00:30 on 2 March in Stockholm
    ['workflow_executed', 'Fakturor', admin.id, '2026-03-01T12:00:00Z'],
    ['error_resolved', 'Timeout vid HYRESAVIER', member.id, '2026-02-27T10:00:00Z'],
  ]);
  const get = async (query: string) => {
    const response = await admin.client.get(`/audit-activities?${query}`);
    assertEquals(response.status, 200, query);
    return response.body.items.map((r: Row) => r.details);
  };
  assertEquals(await get('action=workflow_executed'), ['Hyresavier', 'Fakturor']);
  assertEquals(await get(`userId=${member.id}&from=2026-01-01`), ['Hyresavier', 'Timeout vid HYRESAVIER']);
  assertEquals(await get('q=hyresav'), ['Hyresavier', 'Timeout vid HYRESAVIER']);
  assertEquals(await get('from=2026-03-02&to=2026-03-02'), ['Hyresavier']);
  assertEquals(await get('from=2026-03-01&to=2026-03-01'), ['Fakturor']);
  const [row] = (await admin.client.get('/audit-activities?action=error_resolved')).body.items;
  assertEquals([row.timestamp, row.ipAddress, row.userName], ['2026-02-27T10:00:00.000000Z', '192.0.2.7', 'Kalle Kollega']);
});

Deno.test('GET /api/audit-activities pages by cursor without gaps or repeats, also among equal timestamps', async () => {
  const { organizationId, admin } = await team();
  const at = '2026-05-05T10:00:00Z';
  await insertActivities(organizationId, Array.from({ length: 7 }, (_, i) => ['workflow_executed', `Samma ${i}`, null, at] as [string, string, null, string]));
  const seen: string[] = [];
  const sizes: number[] = [];
  let cursor = '';
  for (let page = 0; page < 5; page++) {
    const { body } = await admin.client.get(`/audit-activities?action=workflow_executed&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    seen.push(...body.items.map((r: Row) => r.details));
    sizes.push(body.items.length);
    if (!body.nextCursor) break;
    cursor = body.nextCursor;
  }
  assertEquals(sizes, [3, 3, 1]);
  assertEquals(new Set(seen).size, 7);
});

Deno.test('GET /api/audit-activities never shows another organisation’s trail and refuses bad filters with 400', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  await b.admin.client.post('/workflows', { name: 'Hemligt' });
  const mine = await a.admin.client.get(`/audit-activities?userId=${b.admin.id}`);
  assertEquals([mine.status, mine.body.items], [200, []]);
  const search = await a.admin.client.get('/audit-activities?q=Hemligt');
  assertEquals(search.body.items, []);
  for (const query of ['limit=501', 'userId=abc', 'from=2026-13-01', 'cursor=igår', 'action=DROP%20TABLE', 'organizationId=x', `q=${'x'.repeat(201)}`]) {
    const response = await a.admin.client.get(`/audit-activities?${query}`);
    assertEquals([response.status, response.body.code], [400, 'validation_failed'], query);
  }
});

Deno.test('the audit trail cannot be changed or deleted through the API', async () => {
  const { admin } = await team();
  const [row] = (await admin.client.get('/audit-activities?limit=1')).body.items;
  assertEquals((await admin.client.put('/audit-activities', { details: 'x' })).status, 405);
  assertEquals((await admin.client.delete('/audit-activities')).status, 405);
  assertEquals((await admin.client.delete(`/audit-activities/${row?.id ?? crypto.randomUUID()}`)).status, 404);
});

Deno.test('GET /api/audit-activities.csv downloads the filtered trail as a quoted CSV attachment', async () => {
  const { organizationId, admin } = await team();
  await insertActivities(organizationId, [
    ['workflow_executed', 'Rad med "citat", komma\noch radbrytning', admin.id, '2026-04-01T08:00:00Z'],
    ['workflow_executed', 'Åäö', null, '2026-04-01T07:00:00Z'],
  ]);
  const response = await admin.client.get('/audit-activities.csv?action=workflow_executed');
  assertEquals(response.status, 200);
  assertMatch(response.headers.get('content-type') ?? '', /^text\/csv; charset=utf-8/);
  assertMatch(response.headers.get('content-disposition') ?? '', /^attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"$/);
  const lines = response.text.replace(/^\uFEFF/, '').split('\r\n');
  assertEquals(lines[0], '"Time","Action","Details","User id","User","Workflow id","Execution id","Resource","IP address","Metadata"');
  assertEquals(
    lines[1],
    `"2026-04-01T08:00:00.000000Z","workflow_executed","Rad med ""citat"", komma\noch radbrytning","${admin.id}","Test Testsson","","","","192.0.2.7",""`,
  );
  assertEquals(lines[2], '"2026-04-01T07:00:00.000000Z","workflow_executed","Åäö","","","","","","192.0.2.7",""');
  assertEquals(lines.length, 4, 'two rows and a final line break');
  const swedish = await admin.client.clone('sv').get('/audit-activities.csv?limit=1');
  assertMatch(swedish.text, /^\uFEFF?"Tidpunkt","Händelse"/);
  assertMatch(swedish.headers.get('content-disposition') ?? '', /filename="granskningslogg-/);
});

Deno.test('GET /api/audit-activities.csv neutralises cells that a spreadsheet would run as a formula', async () => {
  const { admin } = await team();
  for (const name of ['=HYPERLINK("http://evil.example","klicka")', '+1+1', '-2+3', '@SUM(A1)']) {
    assertEquals((await admin.client.post('/workflows', { name })).status, 201);
  }
  const response = await admin.client.get('/audit-activities.csv?action=workflow_created');
  const details = response.text.split('\r\n').slice(1, 5).map((line) => line.match(/^"[^"]*","workflow_created","((?:[^"]|"")*)"/)?.[1]);
  assertEquals(details, ["'@SUM(A1)", "'-2+3", "'+1+1", `'=HYPERLINK(""http://evil.example"",""klicka"")`]);
});

Deno.test('GET /api/audit-activities.csv allows up to 10 000 rows and needs a session', async () => {
  const { admin } = await team();
  assertEquals((await admin.client.get('/audit-activities.csv?limit=10000')).status, 200);
  assertEquals((await admin.client.get('/audit-activities.csv?limit=10001')).status, 400);
  assertEquals((await new Client().get('/audit-activities.csv')).status, 401);
});

Deno.test('GET /api/audit-activities answers 400, never 500, to values Postgres cannot take (NUL, year 0)', async () => {
  const { member } = await team();
  for (const query of ['q=a%00b', 'from=0000-01-01', 'cursor=%00', `cursor=${'x'.repeat(600)}`]) {
    const response = await member.client.get(`/audit-activities?${query}`);
    assertEquals(response.status, 400, query);
    assertEquals(typeof response.body.error, 'string');
  }
});
