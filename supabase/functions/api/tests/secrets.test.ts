// /api/secrets: names for every member, set and delete for superusers and admins; a value never comes back.
import { assert, assertEquals } from './assert.ts';
import { SECRETS_KEY as LOCAL_SECRETS_KEY } from '../../../../dev/lib/config.ts';
import { type ApiResponse, auditRows, Client, team, withDb } from './helpers.ts';

/** The key the stack gives the api function (dev/lib/stack.ts). */
const SECRETS_KEY = Deno.env.get('KOLLEGA_SECRETS_KEY') ?? LOCAL_SECRETS_KEY;

/** The sites the tests' secrets may be typed on. */
const SITES = ['https://bank.example'];

/** Every response a test saw, to check that a value appears in none of them. */
function recorder() {
  const seen: ApiResponse[] = [];
  return {
    seen,
    async keep(response: Promise<ApiResponse>) {
      const r = await response;
      seen.push(r);
      return r;
    },
    assertNeverShown(value: string) {
      for (const r of seen) assert(!r.text.includes(value) && ![...r.headers.values()].some((h) => h.includes(value)), 'the value came back');
    },
  };
}

Deno.test('POST /api/secrets stores a secret encrypted and answers with its name only; GET /api/secrets lists names for every member', async () => {
  const { organizationId, admin, member } = await team();
  const value = 'Sommar2026!-bank-lösen';
  const responses = recorder();
  const created = await responses.keep(admin.client.post('/secrets', { name: 'BANK_PASSWORD', value, origins: SITES }));
  assertEquals(created.status, 201);
  assertEquals(Object.keys(created.body).sort(), ['createdAt', 'name', 'origins', 'updatedAt']);
  assertEquals(created.body.name, 'BANK_PASSWORD');
  await responses.keep(admin.client.post('/secrets', { name: 'API_KEY', value: 'k-123', origins: SITES }));

  const list = await responses.keep(member.client.get('/secrets'));
  assertEquals(list.status, 200);
  assertEquals(list.body.map((s: { name: string }) => s.name), ['API_KEY', 'BANK_PASSWORD']);
  assertEquals(Object.keys(list.body[0]).sort(), ['createdAt', 'name', 'origins', 'updatedAt']);
  responses.assertNeverShown(value);

  const [row] = await withDb((sql) =>
    sql`select encode(value, 'escape') as raw, extensions.pgp_sym_decrypt(value, ${SECRETS_KEY}) as plain
        from public.secrets where organization_id = ${organizationId} and name = 'BANK_PASSWORD'`
  );
  assert(!row.raw.includes(value), 'stored encrypted');
  assertEquals(row.plain, value, 'decrypts with the key of the environment');
  const audit = await auditRows(organizationId, 'secret_created');
  assertEquals(audit.map((a) => a.details).sort(), ['API_KEY', 'BANK_PASSWORD']);
  assert(!JSON.stringify(audit).includes(value), 'the audit trail has no value');
});

Deno.test('POST /api/secrets with an existing name replaces the value (secret_updated), still answering the name only', async () => {
  const { organizationId, superuser } = await team();
  const responses = recorder();
  const first = await responses.keep(superuser.client.post('/secrets', { name: 'PORTAL', value: 'gammalt-värde-1', origins: SITES }));
  const second = await responses.keep(superuser.client.post('/secrets', { name: 'PORTAL', value: 'nytt-värde-2', origins: SITES }));
  assertEquals([first.status, second.status], [201, 201]);
  assertEquals(second.body.createdAt, first.body.createdAt);
  assert(Date.parse(second.body.updatedAt) >= Date.parse(first.body.updatedAt));
  assertEquals((await auditRows(organizationId, 'secret_updated')).length, 1);
  const [{ plain }] = await withDb((sql) =>
    sql`select extensions.pgp_sym_decrypt(value, ${SECRETS_KEY}) as plain from public.secrets where organization_id = ${organizationId}`
  );
  assertEquals(plain, 'nytt-värde-2');
  responses.assertNeverShown('gammalt-värde-1');
  responses.assertNeverShown('nytt-värde-2');
});

Deno.test('POST and DELETE /api/secrets are for superusers and admins: 403 for a member, nothing stored or deleted', async () => {
  const { organizationId, admin, member } = await team();
  const responses = recorder();
  const refused = await responses.keep(member.client.post('/secrets', { name: 'MEMBER_TRY', value: 'medlemmens-värde', origins: SITES }));
  assertEquals([refused.status, refused.body.code], [403, 'superuser_only']);
  await admin.client.post('/secrets', { name: 'KEEP', value: 'x', origins: SITES });
  const deleteRefused = await member.client.delete('/secrets/KEEP');
  assertEquals([deleteRefused.status, deleteRefused.body.code], [403, 'superuser_only']);
  const names = await withDb((sql) => sql`select name from public.secrets where organization_id = ${organizationId} order by name`);
  assertEquals(names.map((n) => n.name), ['KEEP']);
  responses.assertNeverShown('medlemmens-värde');
});

Deno.test('POST /api/secrets validates the name and value with clear messages that never repeat the value', async () => {
  const { admin } = await team();
  const responses = recorder();
  const nameMessage = 'Use capital letters A–Z, digits and _, starting with a letter (e.g. BANK_PASSWORD)';
  const cases: [unknown, string, string][] = [
    [{ name: 'bank_password', value: 'hemligt-a', origins: SITES }, 'name', nameMessage],
    [{ name: '1PASSWORD', value: 'hemligt-b' }, 'name', nameMessage],
    [{ name: 'A'.repeat(65), value: 'hemligt-c' }, 'name', nameMessage],
    [{ name: 'BANK', value: '' }, 'value', "Enter the secret's value (1–4000 characters)"],
    [{ name: 'BANK', value: 'x'.repeat(4001) }, 'value', "Enter the secret's value (1–4000 characters)"],
    [{ name: 'BANK' }, 'value', 'This field is required'],
    [{ name: 'BANK', value: 'hemligt-d', organizationId: 'x' }, 'organizationId', 'Unknown field'],
  ];
  for (const [body, field, message] of cases) {
    const response = await responses.keep(admin.client.post('/secrets', body));
    assertEquals([response.status, response.body.fields?.[field]], [400, message], JSON.stringify(body).slice(0, 40));
  }
  const swedish = await responses.keep(admin.client.clone('sv').post('/secrets', { name: 'lower', value: 'hemligt-e', origins: SITES }));
  assertEquals(swedish.body.fields.name, 'Använd versaler A–Z, siffror och _, med en bokstav först (t.ex. BANK_LOSENORD)');
  for (const value of ['hemligt-a', 'hemligt-b', 'hemligt-c', 'hemligt-d', 'hemligt-e']) responses.assertNeverShown(value);
  assertEquals((await admin.client.get('/secrets')).body, []);
});

Deno.test('DELETE /api/secrets/:name deletes the secret (204, secret_deleted); 404 when there is none', async () => {
  const { organizationId, admin } = await team();
  await admin.client.post('/secrets', { name: 'OLD_KEY', value: 'x', origins: SITES });
  const deleted = await admin.client.delete('/secrets/OLD_KEY');
  assertEquals([deleted.status, deleted.text], [204, '']);
  assertEquals((await admin.client.get('/secrets')).body, []);
  assertEquals((await auditRows(organizationId, 'secret_deleted')).map((a) => a.details), ['OLD_KEY']);
  for (const name of ['OLD_KEY', 'lowercase', 'X'.repeat(100)]) {
    assertEquals((await admin.client.delete(`/secrets/${name}`)).status, 404, name);
  }
});

Deno.test("another organisation neither sees nor deletes an organisation's secrets", async () => {
  const [a, b] = await Promise.all([team(), team()]);
  await a.admin.client.post('/secrets', { name: 'SHARED_NAME', value: 'a-värde', origins: SITES });
  assertEquals((await b.admin.client.get('/secrets')).body, []);
  assertEquals((await b.admin.client.delete('/secrets/SHARED_NAME')).status, 404);
  assertEquals((await b.admin.client.post('/secrets', { name: 'SHARED_NAME', value: 'b-värde', origins: SITES })).status, 201, 'names are per organisation');
  assertEquals((await a.admin.client.get('/secrets')).body.map((s: { name: string }) => s.name), ['SHARED_NAME']);
  const values = await withDb((sql) =>
    sql`select extensions.pgp_sym_decrypt(value, ${SECRETS_KEY}) as plain from public.secrets where organization_id = ${a.organizationId}`
  );
  assertEquals(values.map((v) => v.plain), ['a-värde']);
});

Deno.test('/api/secrets answers 401 without a session', async () => {
  assertEquals((await new Client().get('/secrets')).status, 401);
  assertEquals((await new Client().post('/secrets', { name: 'X', value: 'y', origins: SITES })).status, 401);
});

Deno.test('POST /api/secrets needs the sites the value may be typed on, written as origins; PATCH changes only the sites', async () => {
  const { organizationId, admin, member } = await team();
  const responses = recorder();
  const cases: [unknown, string, string][] = [
    [{ name: 'BANK', value: 'hemligt-f' }, 'origins', 'This field is required'],
    [{ name: 'BANK', value: 'hemligt-g', origins: [] }, 'origins', 'Enter at least one site where the secret may be typed (e.g. https://bank.example)'],
    [{ name: 'BANK', value: 'hemligt-h', origins: ['bank.example'] }, 'origins.0', 'Write the site as https://name.example: with http:// or https://, and nothing after the name'],
    [{ name: 'BANK', value: 'hemligt-i', origins: ['https://bank.example/login'] }, 'origins.0', 'Write the site as https://name.example: with http:// or https://, and nothing after the name'],
    [{ name: 'BANK', value: 'hemligt-j', origins: ['https://a.example', 'javascript:alert(1)'] }, 'origins.1', 'Write the site as https://name.example: with http:// or https://, and nothing after the name'],
    [{ name: 'BANK', value: 'hemligt-k', origins: Array.from({ length: 21 }, (_, i) => `https://s${i}.example`) }, 'origins', 'At most 20 sites per secret'],
  ];
  for (const [body, field, message] of cases) {
    const response = await responses.keep(admin.client.post('/secrets', body));
    assertEquals([response.status, response.body.fields?.[field]], [400, message], JSON.stringify(body).slice(0, 60));
  }
  assertEquals((await admin.client.get('/secrets')).body, [], 'nothing stored');
  const created = await admin.client.post('/secrets', { name: 'BANK', value: 'hemligt-l', origins: ['HTTPS://Bank.Example/', 'http://127.0.0.1:8080', 'https://bank.example:443'] });
  assertEquals([created.status, created.body.origins], [201, ['https://bank.example', 'http://127.0.0.1:8080']], 'written as browsers write origins, once each');

  const moved = await admin.client.patch('/secrets/BANK', { origins: ['https://nya-banken.example'] });
  assertEquals([moved.status, moved.body.name, moved.body.origins], [200, 'BANK', ['https://nya-banken.example']]);
  const [row] = await withDb((sql) =>
    sql`select extensions.pgp_sym_decrypt(value, ${SECRETS_KEY}) as plain from public.secrets where organization_id = ${organizationId} and name = 'BANK'`
  );
  assertEquals(row.plain, 'hemligt-l', 'the value is untouched');
  assertEquals((await auditRows(organizationId, 'secret_sites_changed')).map((a) => a.details), ['BANK']);
  assertEquals((await member.client.patch('/secrets/BANK', { origins: ['https://elsewhere.example'] })).status, 403);
  assertEquals((await admin.client.patch('/secrets/FINNS_INTE', { origins: ['https://x.example'] })).status, 404);
  assertEquals((await admin.client.patch('/secrets/BANK', { origins: [] })).status, 400);
  assertEquals((await member.client.get('/secrets')).body.map((s: { origins: string[] }) => s.origins), [['https://nya-banken.example']]);
  for (const value of ['hemligt-f', 'hemligt-g', 'hemligt-h', 'hemligt-i', 'hemligt-j', 'hemligt-k']) responses.assertNeverShown(value);
});
