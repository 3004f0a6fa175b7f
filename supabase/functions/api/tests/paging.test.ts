// The paged lists (docs/api.md "Lists and pages"): bounded page sizes, a stable order across pages also among rows
// that share a timestamp, and cursors that only the function writes: a changed, made-up, foreign or misapplied cursor
// is a 400 in the caller's language, and no cursor ever shows another organisation's rows.
import { assert, assertEquals } from './assert.ts';
import { type Client, team, withDb } from './helpers.ts';

/** `count` workflows of the organisation, all created at the same instant (ties on the sort key). */
async function sameInstantWorkflows(organizationId: string, createdBy: string, count: number, prefix = 'Samma'): Promise<string[]> {
  const rows = await withDb((sql) =>
    sql<{ id: string }[]>`
      insert into public.workflows (organization_id, created_by, name, created_at)
      select ${organizationId}, ${createdBy}, ${prefix} || ' ' || i, '2026-06-01T08:00:00.123456Z'::timestamptz
      from generate_series(1, ${count}) i
      returning id`
  );
  return rows.map((r) => r.id);
}

/** Every page of `path` (with its query) through nextCursor: the pages' sizes and all ids in order. */
async function walk(client: Client, path: string): Promise<{ sizes: number[]; ids: string[] }> {
  const sizes: number[] = [];
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const separator = path.includes('?') ? '&' : '?';
    const response = await client.get(cursor ? `${path}${separator}cursor=${encodeURIComponent(cursor)}` : path);
    assertEquals(response.status, 200, `${path} page ${page + 1}`);
    sizes.push(response.body.items.length);
    ids.push(...response.body.items.map((row: { id: string }) => row.id));
    cursor = response.body.nextCursor;
    if (!cursor) return { sizes, ids };
  }
  throw new Error(`${path} never ended`);
}

Deno.test('GET /api/workflows pages through rows of the same instant in one stable order, without gaps or repeats', async () => {
  const { organizationId, member } = await team();
  const created = await sameInstantWorkflows(organizationId, member.id, 7);
  const first = await walk(member.client, '/workflows?limit=3');
  assertEquals(first.sizes, [3, 3, 1]);
  assertEquals(new Set(first.ids).size, 7);
  assertEquals([...first.ids].sort(), [...created].sort());
  // Ties are broken by id, descending, the same on every read.
  assertEquals(first.ids, [...created].sort().reverse());
  assertEquals((await walk(member.client, '/workflows?limit=2')).ids, first.ids);
});

Deno.test('a workflow in the list is the same JSON as the workflow read alone, its times as JavaScript writes them', async () => {
  const { organizationId, member } = await team();
  const [id] = await sameInstantWorkflows(organizationId, member.id, 1, 'Som JSON');
  // The last microseconds are dropped, not rounded (as a Date keeps them); a run count and a success rate with decimals.
  await withDb((sql) =>
    sql`update public.workflows set last_run_at = '2026-06-02T09:10:11.999999Z', success_rate = 87.5, run_count = 8, manual_seconds = 90
        where id = ${id}`
  );
  const list = await member.client.get('/workflows?q=Som%20JSON');
  assertEquals(list.status, 200);
  assertEquals(list.body.nextCursor, null);
  const [item] = list.body.items;
  assertEquals(item.createdAt, new Date('2026-06-01T08:00:00.123456Z').toJSON());
  assertEquals(item.lastRunAt, '2026-06-02T09:10:11.999Z');
  assertEquals(item.updatedAt, new Date(item.updatedAt).toJSON());
  assertEquals([item.successRate, item.runCount, item.manualSeconds, item.isActive, item.hasLoginStep], [87.5, 8, 90, false, false]);
  const alone = await member.client.get(`/workflows/${id}`);
  assertEquals(alone.status, 200);
  const { definition: _d, currentVersion: _v, missingSecrets: _m, schedule: _s, hasWebhook: _h, webhookSigned: _w, ...fields } = alone.body;
  assertEquals(item, fields);
});

Deno.test('GET /api/workflows answers 30 a page by default, at most 100, and refuses other page sizes with 400', async () => {
  const { organizationId, member } = await team();
  await sameInstantWorkflows(organizationId, member.id, 101);
  const first = await member.client.get('/workflows');
  assertEquals([first.body.items.length, typeof first.body.nextCursor], [30, 'string']);
  const largest = await member.client.get('/workflows?limit=100');
  assertEquals(largest.body.items.length, 100);
  const last = await member.client.get(`/workflows?limit=100&cursor=${encodeURIComponent(largest.body.nextCursor)}`);
  assertEquals([last.body.items.length, last.body.nextCursor], [1, null]);
  for (const limit of ['0', '101', '-1', '2.5', 'x']) {
    const response = await member.client.get(`/workflows?limit=${limit}`);
    assertEquals([response.status, response.body.code], [400, 'validation_failed'], limit);
  }
});

Deno.test('GET /api/workflows keeps the search over every page, and a cursor only with the search it was given for', async () => {
  const { organizationId, member } = await team();
  await sameInstantWorkflows(organizationId, member.id, 5, 'Faktura');
  await sameInstantWorkflows(organizationId, member.id, 5, 'Hyra');
  const found = await walk(member.client, '/workflows?q=faktura&limit=2');
  assertEquals(found.sizes, [2, 2, 1]);
  const page = await member.client.get('/workflows?q=faktura&limit=2');
  const other = await member.client.get(`/workflows?q=hyra&limit=2&cursor=${encodeURIComponent(page.body.nextCursor)}`);
  assertEquals([other.status, other.body.fields?.cursor], [400, 'Invalid page cursor']);
});

Deno.test('a changed, made-up or misapplied cursor is a 400 in the caller’s language, never a page', async () => {
  const { organizationId, member } = await team();
  await sameInstantWorkflows(organizationId, member.id, 4);
  const { body } = await member.client.get('/workflows?limit=2');
  const cursor: string = body.nextCursor;
  const [payload, mac] = cursor.split('.');
  const decoded = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
  // The same shape with another position, signed with nothing the function accepts.
  const moved = btoa(JSON.stringify([decoded[0], ['2099-01-01T00:00:00.000000Z', decoded[1][1]]])).replace(/\+/g, '-').replace(/\//g, '_')
    .replace(/=+$/, '');
  const flipped = `${payload}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
  const runsCursor = (await member.client.get('/runs?limit=1')).body.nextCursor;
  const hostile = [`${moved}.${mac}`, flipped, payload, `${cursor}.x`, 'x', '%00', "' or 1=1 --", 'a'.repeat(513), ...(runsCursor ? [runsCursor] : [])];
  const swedish = member.client.clone('sv');
  for (const bad of hostile) {
    const en = await member.client.get(`/workflows?limit=2&cursor=${encodeURIComponent(bad)}`);
    assertEquals([en.status, en.body.code, en.body.error], [400, 'validation_failed', 'Invalid page cursor'], bad.slice(0, 40));
    const sv = await swedish.get(`/workflows?limit=2&cursor=${encodeURIComponent(bad)}`);
    assertEquals([sv.status, sv.body.error, sv.body.fields?.cursor], [400, 'Ogiltig sidmarkör', 'Ogiltig sidmarkör'], bad.slice(0, 40));
  }
  // A cursor of the workflow list is not one of the audit trail (same key shape, another list).
  const audit = await member.client.get(`/audit-activities?cursor=${encodeURIComponent(cursor)}`);
  assertEquals(audit.status, 400);
});

Deno.test('another organisation’s cursor is refused and no cursor shows another organisation’s rows', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const mine = await sameInstantWorkflows(a.organizationId, a.member.id, 3, 'Vår');
  const theirs = await sameInstantWorkflows(b.organizationId, b.admin.id, 3, 'Deras');
  const theirPage = await b.admin.client.get('/workflows?limit=1');
  const used = await a.admin.client.get(`/workflows?limit=1&cursor=${encodeURIComponent(theirPage.body.nextCursor)}`);
  assertEquals([used.status, used.body.code], [400, 'validation_failed']);
  // A colleague's cursor is refused too (a cursor belongs to the person it was given to).
  const colleague = await a.member.client.get('/workflows?limit=1');
  assertEquals((await a.admin.client.get(`/workflows?limit=1&cursor=${encodeURIComponent(colleague.body.nextCursor)}`)).status, 400);
  const all = await walk(a.admin.client, '/workflows?limit=1');
  assertEquals([...all.ids].sort(), [...mine].sort());
  assert(all.ids.every((id) => !theirs.includes(id)), 'no row of the other organisation');
});

Deno.test('GET /api/runs, /api/error-queue, /api/users and /api/audit-activities page to the end in their order', async () => {
  const { admin, superuser, member } = await team();
  const users = await walk(admin.client, '/users?limit=1');
  assertEquals(users.sizes, [1, 1, 1]);
  assertEquals([...users.ids].sort(), [admin.id, superuser.id, member.id].sort());
  const audit = await walk(admin.client, '/audit-activities?limit=1');
  assertEquals(audit.ids.length, new Set(audit.ids).size);
  for (const [path, max] of [['/runs', 200], ['/error-queue', 200], ['/users', 200], ['/audit-activities', 500]] as const) {
    assertEquals((await admin.client.get(`${path}?limit=${max + 1}`)).status, 400, path);
    assertEquals((await admin.client.get(`${path}?limit=${max}`)).status, 200, path);
  }
  const stats = await admin.client.get('/users/stats');
  assertEquals(stats.body, { total: 3, active: 3, admins: 1, superusers: 1 });
  assertEquals((await member.client.get('/users/stats')).status, 403);
});
