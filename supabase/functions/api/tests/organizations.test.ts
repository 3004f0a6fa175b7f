// /api/admin/organizations: members read their own organisation; admins edit it.
import { assert, assertEquals } from './assert.ts';
import { auditRows, MISSING_ID, team, withDb } from './helpers.ts';

const update = {
  name: 'Nytt Namn AB',
  address: 'Drottninggatan 5',
  city: 'Malmö',
  postalCode: '21111',
  country: 'Sverige',
  email: 'kontakt@nyttnamn.se',
  phone: '040-123 45 67',
  domain: 'nyttnamn.se',
};

Deno.test('GET /api/admin/organizations returns the caller’s own organisation only, to every member', async () => {
  const [a] = await Promise.all([team(), team()]);
  const response = await a.member.client.get('/admin/organizations');
  assertEquals(response.status, 200);
  assertEquals(response.body.length, 1);
  assertEquals(Object.keys(response.body[0]).sort(), [
    'address', 'city', 'country', 'domain', 'email', 'id', 'name', 'organizationNumber', 'phone', 'postalCode',
  ]);
  assertEquals([response.body[0].id, response.body[0].name], [a.organizationId, 'Testbolaget AB']);
});

Deno.test('PUT /api/admin/organizations/:id lets an admin edit the company, audited; the number stays', async () => {
  const { organizationId, admin } = await team();
  const before = (await admin.client.get('/admin/organizations')).body[0];
  const response = await admin.client.put(`/admin/organizations/${organizationId}`, update);
  assertEquals(response.status, 200);
  assertEquals(response.body, { id: organizationId, organizationNumber: before.organizationNumber, ...update });
  const cleared = await admin.client.put(`/admin/organizations/${organizationId}`, { ...update, domain: '' });
  assertEquals(cleared.body.domain, null);
  const [audit] = await auditRows(organizationId, 'organization_updated');
  assertEquals([audit.user_id, audit.details], [admin.id, 'Nytt Namn AB']);
});

Deno.test('PUT /api/admin/organizations/:id refuses superusers and members with 403', async () => {
  const { organizationId, superuser, member } = await team();
  for (const actor of [superuser, member]) {
    const response = await actor.client.put(`/admin/organizations/${organizationId}`, update);
    assertEquals([response.status, response.body.code], [403, 'admin_only']);
  }
  const [{ name }] = await withDb((sql) => sql`select name from public.organizations where id = ${organizationId}`);
  assertEquals(name, 'Testbolaget AB');
});

Deno.test('PUT /api/admin/organizations/:id answers 404 for another organisation and malformed ids', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  for (const id of [b.organizationId, MISSING_ID, 'null']) {
    assertEquals((await a.admin.client.put(`/admin/organizations/${id}`, update)).status, 404, id);
  }
  const [{ name }] = await withDb((sql) => sql`select name from public.organizations where id = ${b.organizationId}`);
  assertEquals(name, 'Testbolaget AB');
});

Deno.test('PUT /api/admin/organizations/:id refuses the organisation number, invalid and missing fields with 400 (Swedish messages)', async () => {
  const { organizationId, admin } = await team();
  const swedish = admin.client.clone('sv');
  const cases: [Record<string, unknown>, string, string][] = [
    [{ ...update, organizationNumber: '9999999999' }, 'organizationNumber', 'Okänt fält'],
    [{ ...update, email: 'inte-giltig' }, 'email', 'Ogiltig e-postadress'],
    [{ ...update, name: ' ' }, 'name', 'Företagsnamn krävs'],
    [{ ...update, phone: undefined }, 'phone', 'Fältet är obligatoriskt'],
    [{ ...update, city: 7 }, 'city', 'Stad krävs'],
  ];
  for (const [body, field, message] of cases) {
    const response = await swedish.put(`/admin/organizations/${organizationId}`, body);
    assertEquals(response.status, 400, field);
    assertEquals(response.body.fields[field], message);
  }
  const [row] = await withDb((sql) => sql`select name, organization_number from public.organizations where id = ${organizationId}`);
  assertEquals(row.name, 'Testbolaget AB');
  assert(row.organization_number !== '9999999999');
});
