// /api/users: admins list, invite, edit, deactivate and activate the users of their organisation.
import { assert, assertEquals, assertMatch } from './assert.ts';
import { APP_URL, auditRows, Client, MISSING_ID, recoveryToken, signIn, team, uniqueEmail, withDb } from './helpers.ts';

const USER_KEYS = ['createdAt', 'email', 'fullName', 'id', 'isActive', 'role', 'username'];

Deno.test('GET /api/users lists the users of the admin’s organisation only', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const response = await a.admin.client.get('/users');
  assertEquals(response.status, 200);
  assertEquals(Object.keys(response.body.items[0]).sort(), USER_KEYS);
  assertEquals(response.body.items.map((u: { id: string }) => u.id).sort(), [a.admin.id, a.superuser.id, a.member.id].sort());
  assertEquals(response.body.nextCursor, null);
  assert(response.body.items.every((u: { id: string }) => ![b.admin.id, b.member.id].includes(u.id)));
});

Deno.test('GET /api/users refuses members and superusers with 403', async () => {
  const { superuser, member } = await team();
  for (const actor of [superuser, member]) {
    const response = await actor.client.get('/users');
    assertEquals([response.status, response.body.code, response.body.error], [403, 'admin_only', 'Only administrators can do this']);
  }
  assertEquals((await new Client().get('/users')).status, 401);
});

Deno.test('POST /api/users invites a colleague: profile in the organisation with the role, and a mail to choose a password', async () => {
  const { organizationId, admin } = await team();
  const email = uniqueEmail('invited');
  const response = await admin.client.post('/users', { fullName: 'Ines Inbjuden', email: email.toUpperCase(), role: 'superuser' });
  assertEquals(response.status, 201);
  assertEquals(Object.keys(response.body).sort(), USER_KEYS);
  assertEquals([response.body.fullName, response.body.email, response.body.role, response.body.isActive], ['Ines Inbjuden', email, 'superuser', true]);
  const [profile] = await withDb((sql) => sql`select organization_id from public.profiles where id = ${response.body.id}`);
  assertEquals(profile.organization_id, organizationId);

  const { link, token } = await recoveryToken(email);
  assert(link.startsWith(`${APP_URL}/reset-password?token=`), link);
  const reset = await new Client().post('/reset-password', { token, password: 'Valt123!', language: 'en' });
  assertEquals(reset.body, { ok: true });
  const invited = await signIn(email, 'Valt123!');
  const me = await invited.get('/user');
  assertEquals([me.body.role, me.body.organizationId], ['superuser', organizationId]);
});

Deno.test('POST /api/users refuses an address that already has an account with 409 and non-admins with 403', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const taken = await a.admin.client.post('/users', { fullName: 'Dubbel', email: b.member.email });
  assertEquals([taken.status, taken.body.code], [409, 'email_exists']);
  assert(taken.body.fields.email);
  const email = uniqueEmail('nope');
  const refused = await a.superuser.client.post('/users', { fullName: 'Obehörig', email });
  assertEquals(refused.status, 403);
  const [{ count }] = await withDb((sql) => sql`select count(*)::int as count from auth.users where email = ${email}`);
  assertEquals(count, 0);
});

Deno.test('POST /api/users reports invalid fields with 400', async () => {
  const { admin } = await team();
  for (const [body, field] of [
    [{ fullName: 'X', email: 'inte-en-adress' }, 'email'],
    [{ fullName: 'X', email: uniqueEmail(), role: 'owner' }, 'role'],
    [{ fullName: '', email: uniqueEmail() }, 'fullName'],
    [{ fullName: 'X', email: uniqueEmail(), organizationId: crypto.randomUUID() }, 'organizationId'],
  ] as const) {
    const response = await admin.client.post('/users', body);
    assertEquals(response.status, 400, JSON.stringify(body));
    assert(response.body.fields[field], field);
  }
});

Deno.test('PUT /api/users/:id changes name, role and e-mail (also at Auth, so the colleague signs in with it)', async () => {
  const { organizationId, admin, member } = await team();
  const email = uniqueEmail('moved');
  const response = await admin.client.put(`/users/${member.id}`, { fullName: 'Maja Ny', email, role: 'superuser' });
  assertEquals(response.status, 200);
  assertEquals([response.body.fullName, response.body.email, response.body.role], ['Maja Ny', email, 'superuser']);
  const [auth] = await withDb((sql) => sql`select email from auth.users where id = ${member.id}`);
  assertEquals(auth.email, email);
  const client = await signIn(email, 'Member123!');
  assertEquals((await client.get('/user')).body.role, 'superuser');
  const audit = await auditRows(organizationId, 'user_updated');
  assertEquals(audit.length, 1);
  assertEquals([audit[0].user_id, audit[0].metadata?.previousRole, audit[0].metadata?.role], [admin.id, 'user', 'superuser']);
});

Deno.test('PUT /api/users/:id refuses an e-mail address of another account with 409 and changes nothing', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const response = await a.admin.client.put(`/users/${a.member.id}`, { fullName: 'Nytt namn', email: b.admin.email, role: 'user' });
  assertEquals([response.status, response.body.code], [409, 'email_exists']);
  const [profile] = await withDb((sql) => sql`select full_name, email from public.profiles where id = ${a.member.id}`);
  assertEquals([profile.full_name, profile.email], ['Kalle Kollega', a.member.email]);
});

Deno.test('PUT /api/users/:id refuses an admin changing their own role with 409', async () => {
  const { admin } = await team();
  const response = await admin.client.put(`/users/${admin.id}`, { fullName: 'Test Testsson', email: admin.email, role: 'user' });
  assertEquals([response.status, response.body.code, response.body.error], [409, 'self_role_change', 'You cannot change your own role']);
  const own = await admin.client.put(`/users/${admin.id}`, { fullName: 'Nytt eget namn', email: admin.email, role: 'admin' });
  assertEquals([own.status, own.body.fullName], [200, 'Nytt eget namn']);
});

Deno.test('PUT /api/users/:id: members get 403, another organisation’s user and malformed ids 404', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const body = { fullName: 'Kapad', email: uniqueEmail(), role: 'admin' };
  assertEquals((await a.member.client.put(`/users/${a.superuser.id}`, body)).status, 403);
  assertEquals((await a.member.client.put(`/users/${a.member.id}`, body)).status, 403, 'not even oneself to admin');
  for (const id of [b.member.id, MISSING_ID, 'admin']) {
    assertEquals((await a.admin.client.put(`/users/${id}`, body)).status, 404, id);
  }
  const [profile] = await withDb((sql) => sql`select full_name, role from public.profiles where id = ${b.member.id}`);
  assertEquals([profile.full_name, profile.role], ['Kalle Kollega', 'user']);
  assertEquals((await a.admin.client.put(`/users/${a.member.id}`, { ...body, isActive: false })).status, 400);
});

Deno.test('two admins demoting each other at once: one succeeds, the other is refused, one admin remains', async () => {
  const { organizationId, admin, member } = await team();
  await admin.client.put(`/users/${member.id}`, { fullName: 'Andra admin', email: member.email, role: 'admin' });
  const results = await Promise.all([
    admin.client.put(`/users/${member.id}`, { fullName: 'Andra admin', email: member.email, role: 'user' }),
    member.client.put(`/users/${admin.id}`, { fullName: 'Test Testsson', email: admin.email, role: 'user' }),
  ]);
  // The later one is refused: by the last-admin rule (409) or, if the first had already committed when it
  // was checked, because its caller is no longer an admin (403: admin_only from the role check, or forbidden
  // when the role check still passed and the update then found the row no longer theirs to change).
  // Never two demotions.
  assertEquals(results.filter((r) => r.status === 200).length, 1, results.map((r) => r.text).join(' | '));
  const refused = results.find((r) => r.status !== 200);
  assert(
    (refused?.status === 409 && refused.body.code === 'last_admin') ||
      (refused?.status === 403 && ['admin_only', 'forbidden'].includes(refused.body.code)),
    refused?.text,
  );
  const [{ count }] = await withDb((sql) =>
    sql`select count(*)::int as count from public.profiles where organization_id = ${organizationId} and role = 'admin' and is_active`
  );
  assertEquals(count, 1);
});

Deno.test('POST /api/users/:id/deactivate ends the colleague’s access; activate restores it', async () => {
  const { organizationId, admin, member } = await team();
  const response = await admin.client.post(`/users/${member.id}/deactivate`);
  assertEquals([response.status, response.body.isActive], [200, false]);
  assertEquals((await member.client.get('/workflows')).status, 401);
  const again = await admin.client.post(`/users/${member.id}/deactivate`);
  assertEquals([again.status, again.body.isActive], [200, false]);
  assertEquals((await auditRows(organizationId, 'user_deactivated')).length, 1, 'idempotent');

  const activated = await admin.client.post(`/users/${member.id}/activate`);
  assertEquals([activated.status, activated.body.isActive], [200, true]);
  const client = await signIn(member.email, 'Member123!');
  assertEquals((await client.get('/workflows')).status, 200);
});

Deno.test('POST /api/users/:id/deactivate refuses oneself with 409, members with 403 and other organisations with 404', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const self = await a.admin.client.post(`/users/${a.admin.id}/deactivate`);
  assertEquals([self.status, self.body.code, self.body.error], [409, 'self_deactivation', 'You cannot deactivate your own account']);
  assertEquals((await a.member.client.post(`/users/${a.superuser.id}/deactivate`)).status, 403);
  assertEquals((await a.superuser.client.post(`/users/${a.member.id}/activate`)).status, 403);
  assertEquals((await a.admin.client.post(`/users/${b.member.id}/deactivate`)).status, 404);
  assertEquals((await a.admin.client.post(`/users/${b.member.id}/activate`)).status, 404);
  assertEquals((await a.admin.client.post('/users/%20/deactivate')).status, 404);
  const rows = await withDb((sql) => sql`select is_active from public.profiles where id in ${sql([a.admin.id, a.superuser.id, b.member.id])}`);
  assert(rows.every((r) => r.is_active));
});

Deno.test('user messages follow Accept-Language (Swedish by default)', async () => {
  const { admin } = await team();
  const swedish = admin.client.clone('sv');
  const response = await swedish.post(`/users/${admin.id}/deactivate`);
  assertMatch(response.body.error, /Du kan inte inaktivera ditt eget konto/);
});
