// The session endpoints: /api/user, /login, /register, /logout, /forgot-password, /reset-password.
import { decodeJwt, SignJWT } from 'jose';
import svValidation from '../../_shared/locales/sv/validation.json' with { type: 'json' };
import enValidation from '../../_shared/locales/en/validation.json' with { type: 'json' };
import { assert, assertEquals, assertMatch, assertNotEquals } from './assert.ts';
import {
  addMember,
  Client,
  recoveryToken,
  registerUser,
  registration,
  SECRET,
  uniqueEmail,
  uniqueOrganizationNumber,
  withDb,
} from './helpers.ts';

const ACCESS = 'sb-access-token';
const REFRESH = 'sb-refresh-token';

function assertUserShape(user: Record<string, unknown>, expected: { email: string; fullName: string; role: string }) {
  assertEquals(
    Object.keys(user).sort(),
    ['createdAt', 'email', 'fullName', 'id', 'isActive', 'organizationId', 'organizationName', 'role', 'username'],
  );
  assertEquals(user.email, expected.email);
  assertEquals(user.fullName, expected.fullName);
  assertEquals(user.role, expected.role);
  assertEquals(user.isActive, true);
  assert(!Number.isNaN(Date.parse(String(user.createdAt))), 'createdAt is a date');
}

// GET /api/user -----------------------------------------------------------------------------------

Deno.test('GET /api/user answers 401 without a session', async () => {
  const response = await new Client('en').get('/user');
  assertEquals(response.status, 401);
  assertEquals(response.body, { error: 'You are not signed in', code: 'not_authenticated' });
});

Deno.test('GET /api/user answers 401 to a forged access token and clears the cookie', async () => {
  const client = new Client();
  client.jar.set(
    ACCESS,
    await new SignJWT({ role: 'authenticated', session_id: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' }).setSubject(crypto.randomUUID()).setAudience('authenticated')
      .setExpirationTime('1h').sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret')),
  );
  const response = await client.get('/user');
  assertEquals(response.status, 401);
  assertEquals(response.setCookies.get(ACCESS)?.value, '');
  assertEquals(client.jar.size, 0);
});

// POST /api/register ------------------------------------------------------------------------------

Deno.test('POST /api/register creates the organisation and its admin and signs them in', async () => {
  const client = new Client();
  const payload = registration();
  const response = await client.post('/register', payload);
  assertEquals(response.status, 201);
  assertUserShape(response.body, { email: payload.email, fullName: payload.fullName, role: 'admin' });
  assertEquals(response.body.organizationName, payload.organizationData.name);

  for (const name of [ACCESS, REFRESH]) {
    const cookie = response.setCookies.get(name);
    assert(cookie?.value, `${name} is set`);
    assertMatch(cookie.attributes, /HttpOnly/i);
    assertMatch(cookie.attributes, /SameSite=Lax/i);
    assertMatch(cookie.attributes, /Path=\/api\b/);
    assertMatch(cookie.attributes, /Max-Age=\d{6,}/);
  }

  const [organization] = await withDb((sql) =>
    sql`select name, organization_number, address, city, postal_code, country, email, phone
        from public.organizations where id = ${response.body.organizationId}`
  );
  assertEquals({ ...organization }, {
    name: payload.organizationData.name,
    organization_number: payload.organizationData.organizationNumber,
    address: payload.organizationData.address,
    city: payload.organizationData.city,
    postal_code: payload.organizationData.postalCode,
    country: payload.organizationData.country,
    email: payload.organizationData.email,
    phone: payload.organizationData.phone,
  });
});

Deno.test('a registered user stays signed in across reloads, signs out, and signs in again', async () => {
  const { client, payload, user } = await registerUser();

  const reloaded = client.clone();
  const me = await reloaded.get('/user');
  assertEquals(me.status, 200);
  assertEquals(me.body, user);

  const logout = await reloaded.post('/logout');
  assertEquals(logout.status, 204);
  assertEquals(logout.text, '');
  assertEquals(logout.setCookies.get(ACCESS)?.value, '');
  assertEquals(logout.setCookies.get(REFRESH)?.value, '');
  assertEquals((await reloaded.get('/user')).status, 401);

  const login = await reloaded.post('/login', { email: payload.email, password: payload.password });
  assertEquals(login.status, 200);
  assertEquals(login.body, user);
  assertEquals((await reloaded.get('/user')).body, user);
});

Deno.test('POST /api/register refuses an e-mail address that already has an account with 409', async () => {
  const { payload } = await registerUser();
  const response = await new Client('en').post('/register', registration({ email: payload.email }));
  assertEquals(response.status, 409);
  assertEquals(response.body.code, 'email_exists');
  assertEquals(response.body.fields, { email: 'An account with this email address already exists' });
});

Deno.test('POST /api/register refuses an e-mail address that differs only in case with 409', async () => {
  const { payload } = await registerUser();
  const response = await new Client().post('/register', registration({ email: payload.email.toUpperCase() }));
  assertEquals(response.status, 409);
  assertEquals(response.body.code, 'email_exists');
});

Deno.test('POST /api/register refuses an organisation number that is already registered with 409 and creates no account', async () => {
  const { payload } = await registerUser();
  const second = registration({ organizationNumber: payload.organizationData.organizationNumber });
  const response = await new Client('en').post('/register', second);
  assertEquals(response.status, 409);
  assertEquals(response.body.code, 'organization_exists');
  assert(response.body.fields['organizationData.organizationNumber']);
  const [{ count }] = await withDb((sql) => sql`select count(*)::int as count from auth.users where email = ${second.email}`);
  assertEquals(count, 0);
});

Deno.test('POST /api/register rejects unknown fields with 400', async () => {
  const payload = registration();
  const response = await new Client('en').post('/register', {
    ...payload,
    role: 'admin',
    organizationData: { ...payload.organizationData, domain: 'x.se' },
  });
  assertEquals(response.status, 400);
  assertEquals(response.body.code, 'validation_failed');
  assertEquals(response.body.fields, { role: 'Unknown field', 'organizationData.domain': 'Unknown field' });
});

Deno.test('POST /api/register reports every invalid field with its Swedish message', async () => {
  const response = await new Client('sv').post('/register', {
    email: 'not-an-email',
    fullName: 'A',
    password: '12345',
    organizationData: {
      name: 'A',
      organizationNumber: '123',
      address: 'Gata',
      city: 'S',
      postalCode: '123',
      country: 'Norge',
      email: 'nope',
      phone: '070',
    },
  });
  assertEquals(response.status, 400);
  assertEquals(response.body.fields, {
    email: svValidation.email_invalid,
    fullName: svValidation.full_name_required,
    password: svValidation.password_min,
    'organizationData.name': svValidation.company_name_required,
    'organizationData.organizationNumber': svValidation.organization_number_required,
    'organizationData.address': svValidation.address_required,
    'organizationData.city': svValidation.city_required,
    'organizationData.postalCode': svValidation.postal_code_required,
    'organizationData.country': svValidation.country_invalid,
    'organizationData.email': svValidation.organization_email_invalid,
    'organizationData.phone': svValidation.phone_required,
  });
  assertEquals(response.body.error, svValidation.email_invalid);
});

Deno.test('POST /api/register reports missing fields as required', async () => {
  const response = await new Client('en').post('/register', { email: uniqueEmail() });
  assertEquals(response.status, 400);
  assertEquals(response.body.fields, {
    fullName: 'This field is required',
    password: 'This field is required',
    organizationData: 'This field is required',
  });
});

// POST /api/login ---------------------------------------------------------------------------------

Deno.test('POST /api/login signs in with the right password, whatever the e-mail case, and returns the user', async () => {
  const { payload, user } = await registerUser();
  const client = new Client();
  const response = await client.post('/login', { email: ` ${payload.email.toUpperCase()} `, password: payload.password });
  assertEquals(response.status, 200);
  assertEquals(response.body, user);
  assert(client.jar.get(ACCESS) && client.jar.get(REFRESH));
});

Deno.test('POST /api/login refuses a wrong password with 401', async () => {
  const { payload } = await registerUser();
  const client = new Client('en');
  const response = await client.post('/login', { email: payload.email, password: 'Wrong123!' });
  assertEquals(response.status, 401);
  assertEquals(response.body, { error: 'Wrong email address or password', code: 'invalid_credentials' });
  assertEquals(client.jar.size, 0);
});

Deno.test('POST /api/login refuses an unknown e-mail address with the same 401 as a wrong password', async () => {
  const response = await new Client('en').post('/login', { email: uniqueEmail('nobody'), password: 'Whatever1!' });
  assertEquals(response.status, 401);
  assertEquals(response.body, { error: 'Wrong email address or password', code: 'invalid_credentials' });
});

Deno.test('POST /api/login reports an invalid e-mail address and a missing password with 400', async () => {
  const english = await new Client('en').post('/login', { email: 'nope', password: '' });
  assertEquals(english.status, 400);
  assertEquals(english.body.fields, { email: enValidation.login_email_invalid, password: enValidation.password_required });
  const swedish = await new Client('sv').post('/login', { email: 'nope' });
  assertEquals(swedish.status, 400);
  assertEquals(swedish.body.fields, { email: svValidation.login_email_invalid, password: 'Fältet är obligatoriskt' });
});

Deno.test('POST /api/login refuses a deactivated user with 403', async () => {
  const { user: admin } = await registerUser();
  const member = await addMember(admin.organizationId);
  assertEquals((await new Client().post('/login', { email: member.email, password: member.password })).status, 200);
  await withDb((sql) => sql`update public.profiles set is_active = false where id = ${member.id}`);

  const client = new Client('en');
  const response = await client.post('/login', { email: member.email, password: member.password });
  assertEquals(response.status, 403);
  assertEquals(response.body.code, 'account_disabled');
  assertEquals(response.body.error, 'This account has been deactivated. Contact your administrator.');
  assertEquals(client.jar.size, 0);
  const [{ count }] = await withDb((sql) => sql`select count(*)::int as count from auth.sessions where user_id = ${member.id}`);
  assertEquals(count, 1, 'the refused sign-in left no session behind');
});

Deno.test('POST /api/login refuses a banned user with 403, even with a wrong password', async () => {
  const { payload, user } = await registerUser();
  await withDb((sql) => sql`update auth.users set banned_until = now() + interval '100 years' where id = ${user.id}`);
  for (const password of [payload.password, 'Wrong123!']) {
    const response = await new Client('en').post('/login', { email: payload.email, password });
    assertEquals(response.status, 403);
    assertEquals(response.body.code, 'account_disabled');
    assertEquals(response.body.error, 'This account has been deactivated. Contact your administrator.');
  }
});

Deno.test('an existing session stops working on its next request once an admin deactivates the user', async () => {
  const { user: admin } = await registerUser();
  const member = await addMember(admin.organizationId, 'superuser');
  const client = new Client();
  assertEquals((await client.post('/login', { email: member.email, password: member.password })).status, 200);
  assertEquals((await client.get('/user')).body.role, 'superuser');

  await withDb((sql) => sql`update public.profiles set is_active = false where id = ${member.id}`);
  const response = await client.get('/user');
  assertEquals(response.status, 401);
  assertEquals(response.body.code, 'account_disabled');
  assertEquals(client.jar.size, 0, 'the cookies are cleared');
});

Deno.test('a deactivated user’s session is refused by the data endpoints too, and nothing is written', async () => {
  const { user: admin } = await registerUser();
  const member = await addMember(admin.organizationId, 'user');
  const client = new Client();
  assertEquals((await client.post('/login', { email: member.email, password: member.password })).status, 200);
  assertEquals((await client.get('/workflows')).status, 200);

  await withDb((sql) => sql`update public.profiles set is_active = false where id = ${member.id}`);
  const created = await client.post('/workflows', { name: 'Skapad efter inaktivering' });
  assertEquals(created.status, 401);
  assertEquals(created.body.code, 'account_disabled');
  assertEquals(client.jar.size, 0, 'the cookies are cleared');
  const [{ count }] = await withDb((sql) => sql`select count(*)::int as count from public.workflows where name = 'Skapad efter inaktivering'`);
  assertEquals(count, 0);
});

Deno.test('a session ended at Auth is refused by the data endpoints on its next request', async () => {
  const { payload } = await registerUser();
  const first = new Client();
  assertEquals((await first.post('/login', { email: payload.email, password: payload.password })).status, 200);
  const second = new Client();
  assertEquals((await second.post('/login', { email: payload.email, password: payload.password })).status, 200);
  assertEquals((await first.get('/payment-methods')).status, 200);

  // Ending one session at Auth (what logout does) leaves the other working, until Auth ends that one too.
  assertEquals((await first.post('/logout')).status, 204);
  assertEquals((await second.get('/payment-methods')).status, 200);
  await withDb((sql) => sql`delete from auth.sessions where user_id = (select id from auth.users where email = ${payload.email})`);
  const refused = await second.get('/payment-methods');
  assertEquals(refused.status, 401);
  assertEquals(refused.body.code, 'session_expired');
});

Deno.test('POST /api/login slows an e-mail address down after five failures: 429 with a Retry-After of 30 s', async () => {
  const { payload } = await registerUser();
  for (let attempt = 1; attempt <= 5; attempt++) {
    // A fresh client address each time: only the e-mail address's count can trip the limit.
    const response = await new Client().post('/login', { email: payload.email, password: `Wrong${attempt}!` });
    assertEquals(response.status, 401, `attempt ${attempt}`);
  }
  for (const password of ['Wrong6!', payload.password]) {
    const response = await new Client('en').post('/login', { email: payload.email, password });
    assertEquals(response.status, 429);
    assertEquals(response.body.code, 'too_many_attempts');
    const retryAfter = Number(response.headers.get('retry-after'));
    assert(retryAfter > 20 && retryAfter <= 30, `Retry-After ${retryAfter}`);
    assertEquals(response.body.error, 'Too many failed sign-in attempts. Try again in 1 min.');
  }
});

/**
 * Failed sign-ins of `email` written straight into the table, `secondsAgo` each (the waits are minutes
 * long), after a last successful sign-in an hour ago (registration signed the user in just now, and
 * failures before the last sign-in do not count).
 */
function pastFailures(email: string, secondsAgo: number[]) {
  return withDb(async (sql) => {
    await sql`update auth.users set last_sign_in_at = now() - interval '1 hour' where email = ${email}`;
    await sql`
      insert into private.login_failures (email, ip, created_at)
      select ${email}, null, now() - make_interval(secs => s) from unnest(${secondsAgo}::int[]) s`;
  });
}

Deno.test('POST /api/login: the wait per e-mail address doubles with each failure, up to five minutes', async () => {
  const { payload } = await registerUser();
  // 7 failures, the latest 10 s ago: 30 s × 2² = 120 s after it.
  await pastFailures(payload.email, [10, 20, 30, 40, 50, 60, 70]);
  const doubled = await new Client('en').post('/login', { email: payload.email, password: payload.password });
  assertEquals(doubled.status, 429);
  const doubledWait = Number(doubled.headers.get('retry-after'));
  assert(doubledWait > 100 && doubledWait <= 110, `Retry-After ${doubledWait}`);
  // 12 failures: 30 s × 2⁷ would be over an hour; the wait stops at 300 s.
  await pastFailures(payload.email, [5, 5, 5, 5, 5]);
  const capped = await new Client('en').post('/login', { email: payload.email, password: payload.password });
  assertEquals(capped.status, 429);
  const cappedWait = Number(capped.headers.get('retry-after'));
  assert(cappedWait > 280 && cappedWait <= 295, `Retry-After ${cappedWait}`);
  assertEquals(capped.body.error, 'Too many failed sign-in attempts. Try again in 5 min.');
});

Deno.test('POST /api/login: once the wait has passed the colleague signs in, however many failures others caused', async () => {
  const { payload } = await registerUser();
  // 6 failures, the latest 70 s ago: the 60 s wait is over (a lock-out would still hold).
  await pastFailures(payload.email, [70, 80, 90, 100, 110, 120]);
  const response = await new Client().post('/login', { email: payload.email, password: payload.password });
  assertEquals(response.status, 200);
});

Deno.test('POST /api/login: a spoofed first X-Forwarded-For entry does not escape the per-address limit', async () => {
  const client = new Client();
  for (let attempt = 1; attempt <= 20; attempt++) {
    // A client-chosen entry first (rotated every time), then the one the proxy appended (the client's own).
    const response = await client.post('/login', { email: uniqueEmail('nobody'), password: 'Whatever1!' }, {
      headers: { 'X-Forwarded-For': `${new Client().address}, ${client.address}`, 'X-Real-IP': new Client().address },
    });
    assertEquals(response.status, 401, `attempt ${attempt}`);
  }
  const { payload } = await registerUser();
  const blocked = await client.post('/login', { email: payload.email, password: payload.password }, {
    headers: { 'X-Forwarded-For': `203.0.113.7, ${client.address}` },
  });
  assertEquals(blocked.status, 429);
  assert(Number(blocked.headers.get('retry-after')) > 14 * 60);
});

Deno.test('POST /api/login deletes failed sign-ins older than the window when it records a new one', async () => {
  const { payload } = await registerUser();
  const stale = uniqueEmail('stale');
  await withDb((sql) => sql`insert into private.login_failures (email, ip, created_at) values (${stale}, '192.0.2.1', now() - interval '16 minutes')`);
  assertEquals((await new Client().post('/login', { email: payload.email, password: 'Wrong1!' })).status, 401);
  const left = await withDb((sql) => sql`select count(*)::int as n from private.login_failures where created_at < now() - interval '15 minutes'`);
  assertEquals(left[0].n, 0);
  const recorded = await withDb((sql) => sql`select count(*)::int as n from private.login_failures where email = ${payload.email}`);
  assertEquals(recorded[0].n, 1);
});

Deno.test('POST /api/login answers 429 after twenty failures from one client address, for any account', async () => {
  const client = new Client();
  for (let attempt = 1; attempt <= 20; attempt++) {
    const response = await client.post('/login', { email: uniqueEmail('nobody'), password: 'Whatever1!' });
    assertEquals(response.status, 401, `attempt ${attempt}`);
  }
  const { payload } = await registerUser();
  const blocked = await client.post('/login', { email: payload.email, password: payload.password });
  assertEquals(blocked.status, 429);
  assert(Number(blocked.headers.get('retry-after')) > 0);
  const elsewhere = await new Client().post('/login', { email: payload.email, password: payload.password });
  assertEquals(elsewhere.status, 200, 'the same account signs in from another address');
});

Deno.test('a successful sign-in clears the failure count of the e-mail address', async () => {
  const { payload } = await registerUser();
  for (let round = 0; round < 2; round++) {
    for (let attempt = 1; attempt <= 4; attempt++) {
      assertEquals((await new Client().post('/login', { email: payload.email, password: 'Wrong1!' })).status, 401);
    }
    assertEquals((await new Client().post('/login', { email: payload.email, password: payload.password })).status, 200);
  }
});

// Session renewal and logout ----------------------------------------------------------------------

Deno.test('GET /api/user renews an expired access token with the refresh cookie', async () => {
  const { client, user } = await registerUser();
  const claims = decodeJwt(client.jar.get(ACCESS)!);
  const now = Math.floor(Date.now() / 1000);
  const expired = await new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(SECRET);
  client.jar.set(ACCESS, expired);
  const oldRefresh = client.jar.get(REFRESH);

  const response = await client.get('/user');
  assertEquals(response.status, 200);
  assertEquals(response.body, user);
  const renewed = response.setCookies.get(ACCESS)?.value;
  assert(renewed && renewed !== expired, 'a new access token is set');
  assert(decodeJwt(renewed).exp! > now, 'the new access token is valid');
  assertNotEquals(response.setCookies.get(REFRESH)?.value, oldRefresh, 'the refresh token rotated');
  assertEquals(decodeJwt(renewed).session_id, claims.session_id, 'same session');

  const next = await client.get('/user');
  assertEquals(next.status, 200);
  assertEquals(next.setCookies.size, 0, 'no further renewal needed');
});

Deno.test('parallel requests with an expired access token all get through (the SPA loads several queries at once)', async () => {
  const { client, user } = await registerUser();
  const claims = decodeJwt(client.jar.get(ACCESS)!);
  const now = Math.floor(Date.now() / 1000);
  client.jar.set(
    ACCESS,
    await new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 }).setProtectedHeader({ alg: 'HS256' }).sign(SECRET),
  );
  const tabs = [client.clone(), client.clone(), client.clone()];
  const responses = await Promise.all(tabs.map((tab) => tab.get('/user')));
  assertEquals(responses.map((r) => r.status), [200, 200, 200]);
  for (const response of responses) assertEquals(response.body.id, user.id);
});

Deno.test('GET /api/user renews the session when only the refresh cookie is left', async () => {
  const { client, user } = await registerUser();
  client.jar.delete(ACCESS);
  const response = await client.get('/user');
  assertEquals(response.status, 200);
  assertEquals(response.body, user);
  assert(client.jar.get(ACCESS));
});

Deno.test('GET /api/user answers 401 and clears the cookies when the refresh token is no good either', async () => {
  const { client } = await registerUser();
  const claims = decodeJwt(client.jar.get(ACCESS)!);
  const now = Math.floor(Date.now() / 1000);
  client.jar.set(
    ACCESS,
    await new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 }).setProtectedHeader({ alg: 'HS256' }).sign(SECRET),
  );
  client.jar.set(REFRESH, 'not-a-refresh-token');
  const response = await client.get('/user');
  assertEquals(response.status, 401);
  assertEquals(response.body.code, 'session_expired');
  assertEquals(client.jar.size, 0);
});

Deno.test('POST /api/logout ends the session at Auth so its tokens stop working everywhere', async () => {
  const { client, user } = await registerUser();
  const stolen = client.clone();
  assertEquals((await client.post('/logout')).status, 204);
  assertEquals(client.jar.size, 0);

  const replay = await stolen.get('/user');
  assertEquals(replay.status, 401, 'the access token of an ended session is refused');
  const [{ count }] = await withDb((sql) => sql`select count(*)::int as count from auth.sessions where user_id = ${user.id}`);
  assertEquals(count, 0);
});

Deno.test('POST /api/logout with an expired access token still ends the session', async () => {
  const { client, user } = await registerUser();
  const claims = decodeJwt(client.jar.get(ACCESS)!);
  const now = Math.floor(Date.now() / 1000);
  client.jar.set(
    ACCESS,
    await new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 }).setProtectedHeader({ alg: 'HS256' }).sign(SECRET),
  );
  assertEquals((await client.post('/logout')).status, 204);
  const [{ count }] = await withDb((sql) => sql`select count(*)::int as count from auth.sessions where user_id = ${user.id}`);
  assertEquals(count, 0);
});

Deno.test('POST /api/logout answers 204 without a session', async () => {
  const response = await new Client().post('/logout');
  assertEquals(response.status, 204);
});

// Password reset ----------------------------------------------------------------------------------

Deno.test('POST /api/forgot-password answers the same for an unknown address as for a known one', async () => {
  const { payload } = await registerUser();
  const known = await new Client().post('/forgot-password', { email: payload.email });
  const unknown = await new Client().post('/forgot-password', { email: uniqueEmail('nobody') });
  assertEquals(known.status, 200);
  assertEquals(unknown.status, 200);
  assertEquals(known.body, { ok: true });
  assertEquals(unknown.body, { ok: true });
});

Deno.test('POST /api/forgot-password answers ok also when Auth throttles repeated requests', async () => {
  const { payload } = await registerUser();
  for (let i = 0; i < 3; i++) {
    const response = await new Client().post('/forgot-password', { email: payload.email });
    assertEquals(response.status, 200);
    assertEquals(response.body, { ok: true });
  }
});

Deno.test('POST /api/forgot-password rejects an invalid e-mail address with 400', async () => {
  const response = await new Client('en').post('/forgot-password', { email: 'nope' });
  assertEquals(response.status, 400);
  assertEquals(response.body.fields, { email: enValidation.email_invalid });
});

Deno.test('the mailed reset link sets a new password, ends the old sessions and works only once', async () => {
  const { client: oldSession, payload } = await registerUser();
  assertEquals((await new Client().post('/forgot-password', { email: payload.email })).status, 200);
  const { token, link } = await recoveryToken(payload.email);
  assertMatch(link, /\/reset-password\?token=/);

  const reset = await new Client().post('/reset-password', { token, password: 'Brand-new-1', language: 'en' });
  assertEquals(reset.status, 200);
  assertEquals(reset.body, { ok: true });

  assertEquals((await oldSession.get('/user')).status, 401, 'sessions from before the reset are ended');
  assertEquals((await new Client().post('/login', { email: payload.email, password: payload.password })).status, 401);
  assertEquals((await new Client().post('/login', { email: payload.email, password: 'Brand-new-1' })).status, 200);

  const again = await new Client().post('/reset-password', { token, password: 'Another-1', language: 'en' });
  assertEquals(again.status, 400);
  assertEquals(again.body.ok, false);
  assertEquals(again.body.code, 'reset_link_invalid');
  assertEquals(again.body.error, 'The reset link is invalid or has expired. Request a new one.');
});

Deno.test('POST /api/reset-password answers ok:false in the requested language for an invalid link', async () => {
  const swedish = await new Client('en').post('/reset-password', { token: 'abc123', password: 'Secret123!', language: 'sv' });
  assertEquals(swedish.status, 400);
  assertEquals(swedish.body, {
    ok: false,
    error: 'Återställningslänken är ogiltig eller har gått ut. Begär en ny.',
    code: 'reset_link_invalid',
  });
  const english = await new Client('sv').post('/reset-password', { token: 'abc123', password: 'Secret123!', language: 'en' });
  assertEquals(english.body.error, 'The reset link is invalid or has expired. Request a new one.');
});

Deno.test('POST /api/reset-password reports a short password and a missing token with 400 ok:false', async () => {
  const short = await new Client().post('/reset-password', { token: 'abc123', password: '123', language: 'en' });
  assertEquals(short.status, 400);
  assertEquals(short.body.ok, false);
  assertEquals(short.body.error, enValidation.password_min);
  assertEquals(short.body.fields, { password: enValidation.password_min });

  const noToken = await new Client().post('/reset-password', { token: '', password: 'Secret123!', language: 'sv' });
  assertEquals(noToken.status, 400);
  assertEquals(noToken.body.fields, { token: svValidation.token_required });
});

Deno.test('POST /api/register refuses a second registration racing for the same organisation number', async () => {
  const organizationNumber = uniqueOrganizationNumber();
  const responses = await Promise.all(
    [0, 1, 2].map(() => new Client().post('/register', registration({ organizationNumber }))),
  );
  assertEquals(responses.map((r) => r.status).sort(), [201, 409, 409]);
});
