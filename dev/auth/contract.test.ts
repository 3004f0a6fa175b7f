// Contract tests of the Auth stand-in (docs/local-stack.md: "Auth stand-in", "Rows in auth.users", "Password reset and mail"), driven with
// plain fetch the way supabase-js calls GoTrue. The database is a private cluster with only the
// bootstrap applied (dev/sql/bootstrap.sql): the contract is GoTrue's, not the product's triggers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { SignJWT, jwtVerify } from 'jose';
import { repoRoot, startCluster, type Cluster } from '../lib/cluster.ts';
import { ANON_KEY, JWT_SECRET, SERVICE_ROLE_KEY } from '../lib/config.ts';
import { startAuthServer, type AuthServer } from './server.ts';

const offset = Number(process.env.KOLLEGA_PORT_OFFSET ?? 0) || 0;
const DB_PORT = 55522 + offset;
const AUTH_PORT = 55525 + offset;
const MAIL_PORT = 55526 + offset;
const SITE = 'http://localhost:3100';
const OTHER_ALLOWED = 'http://127.0.0.1:3100';
const BASE = `http://127.0.0.1:${AUTH_PORT}/auth/v1`;
const MAIL = `http://127.0.0.1:${MAIL_PORT}`;
const NEW_API = { 'X-Supabase-Api-Version': '2024-01-01' };

let cluster: Cluster;
let auth: AuthServer;
let db: postgres.Sql;
const logged: string[] = [];

type Res = { status: number; body: any; headers: Headers; text: string };

async function call(method: string, path: string, opts: { body?: unknown; token?: string; legacy?: boolean; raw?: string } = {}): Promise<Res> {
  const headers: Record<string, string> = {
    apikey: ANON_KEY,
    Authorization: `Bearer ${opts.token ?? ANON_KEY}`,
    'X-Client-Info': 'gotrue-js/2.0.0',
    ...(opts.legacy ? {} : NEW_API),
  };
  if (opts.body !== undefined || opts.raw !== undefined) headers['Content-Type'] = 'application/json;charset=UTF-8';
  const res = await fetch(`${BASE}${path}`, { method, headers, body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)), redirect: 'manual' });
  const text = await res.text();
  let body: any;
  try { body = text ? JSON.parse(text) : undefined; } catch { body = undefined; }
  return { status: res.status, body, headers: res.headers, text };
}

const admin = (method: string, path: string, body?: unknown) => call(method, path, { body, token: SERVICE_ROLE_KEY });

let counter = 0;
const uniqueEmail = (tag: string) => `${tag}-${++counter}-${Date.now()}@example.com`;

async function signUp(email = uniqueEmail('user'), password = 'secret123', data: Record<string, unknown> = {}) {
  const r = await call('POST', '/signup', { body: { email, password, data, gotrue_meta_security: {}, code_challenge: null, code_challenge_method: null } });
  expect(r.status, r.text).toBe(200);
  return { email, password, session: r.body, user: r.body.user };
}

async function signIn(email: string, password: string) {
  return call('POST', '/token?grant_type=password', { body: { email, password, gotrue_meta_security: {} } });
}

function expectError(r: Res, status: number, code: string, message?: string | RegExp) {
  expect(r.status, r.text).toBe(status);
  expect(r.body.code).toBe(code);
  expect(typeof r.body.message).toBe('string');
  if (message instanceof RegExp) expect(r.body.message).toMatch(message);
  else if (message) expect(r.body.message).toBe(message);
  expect(r.headers.get('x-sb-error-code')).toBe(code);
  expect(r.headers.get('x-supabase-api-version')).toBe('2024-01-01');
}

async function mails(): Promise<any> {
  return (await fetch(`${MAIL}/api/v1/messages`)).json();
}

beforeAll(async () => {
  rmSync(join(repoRoot, '.local', 'auth-test'), { recursive: true, force: true });
  const c = await startCluster({ name: 'auth-test', port: DB_PORT });
  cluster = c;
  c.psql({ file: join(repoRoot, 'dev/sql/bootstrap.sql'), role: 'supabase_admin' });
  db = postgres(c.url('supabase_admin'), { max: 2, onnotice: () => {} });
  auth = await startAuthServer({
    port: AUTH_PORT,
    mailPort: MAIL_PORT,
    dbUrl: c.url('supabase_auth_admin'),
    jwtSecret: JWT_SECRET,
    siteUrl: SITE,
    additionalRedirectUrls: [OTHER_ALLOWED],
    log: (line) => logged.push(line),
  });
});

afterAll(async () => {
  await auth?.close();
  await db?.end({ timeout: 1 });
  await cluster?.stop();
});

describe('transport and errors', () => {
  it('serves only under /auth/v1 and answers unknown routes with 404 JSON', async () => {
    const outside = await fetch(`http://127.0.0.1:${AUTH_PORT}/signup`, { method: 'POST' });
    expect(outside.status).toBe(404);
    expectError(await call('GET', '/nope'), 404, 'not_found');
    expect((await call('GET', '/health')).status).toBe(200);
  });

  it('answers malformed JSON and wrongly typed fields with 400 bad_json instead of crashing', async () => {
    expectError(await call('POST', '/signup', { raw: '{"email":' }), 400, 'bad_json');
    expectError(await call('POST', '/signup', { raw: '[1,2]' }), 400, 'bad_json');
    expectError(await call('POST', '/signup', { body: { email: 42, password: 'secret123' } }), 400, 'bad_json');
    expectError(await call('POST', '/token?grant_type=password', { body: { email: ['a'], password: {} } }), 400, 'bad_json');
  });

  it('uses the legacy shape {code:<status>, error_code, msg} without X-Supabase-Api-Version', async () => {
    const r = await call('POST', '/signup', { body: { email: uniqueEmail('weak'), password: '123' }, legacy: true });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ code: 422, error_code: 'weak_password', msg: 'Password should be at least 6 characters.', weak_password: { reasons: ['length'] } });
    expect(r.headers.get('x-sb-error-code')).toBe('weak_password');
    expect(r.headers.get('x-supabase-api-version')).toBeNull();
  });
});

describe('POST /signup', () => {
  it('creates a confirmed user with identity and returns a session (autoconfirm)', async () => {
    const email = uniqueEmail('Signup').toUpperCase();
    const r = await call('POST', '/signup', { body: { email, password: 'secret123', data: { full_name: 'Anna Svensson', organization: { name: 'AB' } } } });
    expect(r.status, r.text).toBe(200);
    const s = r.body;
    expect(Object.keys(s).sort()).toEqual(['access_token', 'expires_at', 'expires_in', 'refresh_token', 'token_type', 'user']);
    expect(s.token_type).toBe('bearer');
    expect(s.expires_in).toBe(3600);
    expect(s.refresh_token).toMatch(/^[A-Za-z0-9]{12}$/);
    const u = s.user;
    expect(u.email).toBe(email.toLowerCase());
    expect(u).toMatchObject({ aud: 'authenticated', role: 'authenticated', phone: '', is_anonymous: false, app_metadata: { provider: 'email', providers: ['email'] } });
    expect(u.user_metadata).toMatchObject({ full_name: 'Anna Svensson', organization: { name: 'AB' }, email: email.toLowerCase(), email_verified: true, sub: u.id });
    for (const k of ['id', 'created_at', 'updated_at', 'email_confirmed_at', 'confirmed_at', 'last_sign_in_at']) expect(u[k], k).toBeTruthy();
    for (const k of ['encrypted_password', 'recovery_token', 'confirmation_token', 'instance_id', 'is_sso_user', 'banned_until', 'phone_confirmed_at', 'new_email']) expect(u, k).not.toHaveProperty(k);
    expect(u.identities).toHaveLength(1);
    expect(u.identities[0]).toMatchObject({ id: u.id, user_id: u.id, provider: 'email', email: email.toLowerCase(), identity_data: { sub: u.id, email: email.toLowerCase() } });
    expect(u.identities[0].identity_id).toMatch(/^[0-9a-f-]{36}$/);

    const [row] = await db`select * from auth.users where id = ${u.id}`;
    expect(row.encrypted_password).toMatch(/^\$2a\$10\$/);
    expect(row.instance_id).toBe('00000000-0000-0000-0000-000000000000');
    expect([row.confirmation_token, row.recovery_token, row.email_change_token_new, row.email_change]).toEqual(['', '', '', '']);
    const [{ ok }] = await db`select extensions.crypt('secret123', ${row.encrypted_password}) = ${row.encrypted_password} as ok`;
    expect(ok).toBe(true);
  });

  it('issues an HS256 access token with the GoTrue claims', async () => {
    const { session, user } = await signUp();
    const { payload, protectedHeader } = await jwtVerify(session.access_token, new TextEncoder().encode(JWT_SECRET));
    expect(protectedHeader).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({
      aud: 'authenticated', iss: `http://127.0.0.1:${AUTH_PORT}/auth/v1`, sub: user.id, email: user.email, phone: '',
      role: 'authenticated', aal: 'aal1', is_anonymous: false, app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(session.expires_at).toBe(payload.exp);
    expect(payload.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    const [sessionRow] = await db`select * from auth.sessions where id = ${payload.session_id as string}`;
    expect(sessionRow.user_id).toBe(user.id);
    const [tokenRow] = await db`select * from auth.refresh_tokens where token = ${session.refresh_token}`;
    expect(tokenRow).toMatchObject({ user_id: user.id, revoked: false, session_id: payload.session_id });
  });

  it('refuses weak, empty and missing passwords and malformed emails', async () => {
    const weak = await call('POST', '/signup', { body: { email: uniqueEmail('w'), password: '12345' } });
    expectError(weak, 422, 'weak_password', 'Password should be at least 6 characters.');
    expect(weak.body.weak_password).toEqual({ reasons: ['length'] });
    expectError(await call('POST', '/signup', { body: { email: uniqueEmail('e'), password: '' } }), 400, 'validation_failed', 'Signup requires a valid password');
    expectError(await call('POST', '/signup', { body: { email: uniqueEmail('e') } }), 400, 'validation_failed', 'Signup requires a valid password');
    expectError(await call('POST', '/signup', { body: { email: 'not-an-email', password: 'secret123' } }), 400, 'validation_failed', /^Unable to validate email address/);
    expectError(await call('POST', '/signup', { body: { email: 'a b@example.com', password: 'secret123' } }), 400, 'validation_failed');
    expectError(await call('POST', '/signup', { body: { email: uniqueEmail('l'), password: 'x'.repeat(73) } }), 400, 'validation_failed');
  });

  it('refuses an existing email (any case) with 422 user_already_exists', async () => {
    const { email } = await signUp();
    expectError(await call('POST', '/signup', { body: { email: email.toUpperCase(), password: 'another123' } }), 422, 'user_already_exists', 'User already registered');
  });

  it('answers 500 unexpected_failure when a trigger on auth.users fails, leaving nothing behind', async () => {
    await db.unsafe(`
      create or replace function public.refuse_signup() returns trigger language plpgsql security definer as $$
      begin if new.raw_user_meta_data ->> 'refuse' = 'yes' then raise exception 'refused by trigger'; end if; return new; end $$;
      create trigger refuse_signup after insert on auth.users for each row execute function public.refuse_signup();`);
    try {
      const email = uniqueEmail('trigger');
      const r = await call('POST', '/signup', { body: { email, password: 'secret123', data: { refuse: 'yes' } } });
      expectError(r, 500, 'unexpected_failure', 'Database error saving new user');
      expect(await db`select 1 from auth.users where email = ${email}`).toHaveLength(0);
      expect(logged.some((l) => l.includes('refused by trigger'))).toBe(true);
    } finally {
      await db.unsafe('drop trigger refuse_signup on auth.users; drop function public.refuse_signup();');
    }
  });
});

describe('insert order seen by triggers on auth.users (GoTrue signup.go / admin.go)', () => {
  it('INSERTs with user_metadata and app_metadata {provider, providers} only; role, admin app_metadata and confirmation follow as UPDATEs', async () => {
    await db.unsafe(`
      create table public.insert_snapshots (email text, snapshot jsonb);
      create function public.snapshot_insert() returns trigger language plpgsql security definer as $$
      begin insert into public.insert_snapshots values (new.email, jsonb_build_object('role', new.role, 'app', new.raw_app_meta_data,
        'user', new.raw_user_meta_data, 'confirmed', new.email_confirmed_at is not null)); return new; end $$;
      create trigger snapshot_insert after insert on auth.users for each row execute function public.snapshot_insert();`);
    try {
      const self = uniqueEmail('order-self');
      await signUp(self, 'secret123', { full_name: 'Self', organization: { name: 'Org' } });
      const invited = uniqueEmail('order-admin');
      const r = await admin('POST', '/admin/users', { email: invited, password: 'secret123', email_confirm: true, user_metadata: { full_name: 'Inv' }, app_metadata: { organization_id: 'x' } });
      expect(r.status, r.text).toBe(200);
      expect(r.body).toMatchObject({ role: 'authenticated', app_metadata: { organization_id: 'x', provider: 'email' } });
      const rows = Object.fromEntries((await db`select email, snapshot from public.insert_snapshots`).map((x) => [x.email, x.snapshot]));
      expect(rows[self]).toEqual({ role: '', app: { provider: 'email', providers: ['email'] }, user: { full_name: 'Self', organization: { name: 'Org' } }, confirmed: false });
      expect(rows[invited]).toEqual({ role: '', app: { provider: 'email', providers: ['email'] }, user: { full_name: 'Inv' }, confirmed: false });
    } finally {
      await db.unsafe('drop trigger snapshot_insert on auth.users; drop function public.snapshot_insert(); drop table public.insert_snapshots;');
    }
  });
});

describe('POST /token?grant_type=password', () => {
  it('signs in and records last_sign_in_at and a new session', async () => {
    const { email, password, user } = await signUp();
    await db`update auth.users set last_sign_in_at = now() - interval '1 day' where id = ${user.id}`;
    const r = await signIn(email.toUpperCase(), password);
    expect(r.status, r.text).toBe(200);
    expect(r.body.user.id).toBe(user.id);
    expect(Date.now() - Date.parse(r.body.user.last_sign_in_at)).toBeLessThan(10_000);
    expect(await db`select 1 from auth.sessions where user_id = ${user.id}`).toHaveLength(2);
    expect(r.body).not.toHaveProperty('weak_password');
  });

  it('checks in GoTrue order: unknown/no password, banned, wrong password, unconfirmed', async () => {
    const { email, user } = await signUp();
    expectError(await signIn(uniqueEmail('nobody'), 'secret123'), 400, 'invalid_credentials', 'Invalid login credentials');
    expectError(await signIn(email, ''), 400, 'invalid_credentials', 'Invalid login credentials');
    expectError(await call('POST', '/token?grant_type=password', { body: {} }), 400, 'invalid_credentials');
    expectError(await signIn(email, 'wrong-password'), 400, 'invalid_credentials', 'Invalid login credentials');
    await db`update auth.users set banned_until = now() + interval '1 hour' where id = ${user.id}`;
    expectError(await signIn(email, 'wrong-password'), 400, 'user_banned', 'User is banned');
    await db`update auth.users set banned_until = now() - interval '1 hour' where id = ${user.id}`;
    await db`update auth.users set email_confirmed_at = null where id = ${user.id}`;
    expectError(await signIn(email, 'wrong-password'), 400, 'invalid_credentials');
    expectError(await signIn(email, 'secret123'), 400, 'email_not_confirmed', 'Email not confirmed');
  });

  it('accepts users seeded with pgcrypto crypt() and refuses rows with NULL token columns like GoTrue', async () => {
    const email = uniqueEmail('seeded');
    const [{ id }] = await db`
      insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
        created_at, updated_at, confirmation_token, email_change, email_change_token_new, recovery_token)
      values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', ${email},
        extensions.crypt('Seeded123!', extensions.gen_salt('bf')), now(), '{"provider":"email","providers":["email"]}', '{}', now(), now(), '', '', '', '')
      returning id`;
    const r = await signIn(email, 'Seeded123!');
    expect(r.status, r.text).toBe(200);
    expect(r.body.user.identities).toEqual([]);
    await db`update auth.users set recovery_token = null where id = ${id}`;
    expectError(await signIn(email, 'Seeded123!'), 500, 'unexpected_failure', 'Database error querying schema');
    await db`update auth.users set recovery_token = '' where id = ${id}`;
  });

  it('refuses an unknown grant_type', async () => {
    expectError(await call('POST', '/token?grant_type=magic', { body: {} }), 400, 'invalid_credentials', 'unsupported_grant_type');
    expectError(await call('POST', '/token', { body: {} }), 400, 'invalid_credentials', 'unsupported_grant_type');
  });
});

describe('POST /token?grant_type=refresh_token', () => {
  const refresh = (token: string) => call('POST', '/token?grant_type=refresh_token', { body: { refresh_token: token } });

  it('rotates: new token with the old as parent, same session, old revoked', async () => {
    const { session } = await signUp();
    const r = await refresh(session.refresh_token);
    expect(r.status, r.text).toBe(200);
    expect(r.body.refresh_token).not.toBe(session.refresh_token);
    expect(r.body.user.id).toBe(session.user.id);
    const [oldRow] = await db`select * from auth.refresh_tokens where token = ${session.refresh_token}`;
    const [newRow] = await db`select * from auth.refresh_tokens where token = ${r.body.refresh_token}`;
    expect(oldRow.revoked).toBe(true);
    expect(newRow).toMatchObject({ revoked: false, parent: session.refresh_token, session_id: oldRow.session_id });
    const { payload } = await jwtVerify(r.body.access_token, new TextEncoder().encode(JWT_SECRET));
    expect(payload.session_id).toBe(oldRow.session_id);
    expect(payload.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
  });

  it('answers a retry of the just-rotated token with the active token (reuse interval), older reuse is refused and revokes the family', async () => {
    const { session } = await signUp();
    const first = await refresh(session.refresh_token);
    const retry = await refresh(session.refresh_token);
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.refresh_token).toBe(first.body.refresh_token);
    const second = await refresh(first.body.refresh_token);
    expect(second.status).toBe(200);
    expectError(await refresh(session.refresh_token), 400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    expectError(await refresh(second.body.refresh_token), 400, 'refresh_token_already_used');
  });

  it('refuses unknown tokens, banned users and missing tokens', async () => {
    expectError(await refresh('doesnotexist'), 400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    expectError(await call('POST', '/token?grant_type=refresh_token', { body: {} }), 400, 'validation_failed');
    const { session, user } = await signUp();
    await db`update auth.users set banned_until = now() + interval '1 hour' where id = ${user.id}`;
    expectError(await refresh(session.refresh_token), 400, 'user_banned', 'Invalid Refresh Token: User Banned');
  });
});

describe('bearer guard (GET /user)', () => {
  const key = new TextEncoder().encode(JWT_SECRET);

  it('returns the bare user for a valid access token', async () => {
    const { session, user } = await signUp();
    const r = await call('GET', '/user', { token: session.access_token });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual(user);
  });

  it('401 without a bearer, 403 bad_jwt for garbage, wrong secret or expiry', async () => {
    const r = await fetch(`${BASE}/user`, { headers: { ...NEW_API, apikey: ANON_KEY } });
    expect(r.status).toBe(401);
    expect((await r.json()).code).toBe('no_authorization');
    expectError(await call('GET', '/user', { token: 'garbage' }), 403, 'bad_jwt', /^invalid JWT: unable to parse or verify signature/);
    const { user } = await signUp();
    const forged = await new SignJWT({ sub: user.id, role: 'authenticated' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode('x'.repeat(40)));
    expectError(await call('GET', '/user', { token: forged }), 403, 'bad_jwt');
    const expired = await new SignJWT({ sub: user.id, role: 'authenticated' }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(1_600_000_000).setExpirationTime(1_600_003_600).sign(key);
    expectError(await call('GET', '/user', { token: expired }), 403, 'bad_jwt');
    const notUuid = await new SignJWT({ sub: 'abc', role: 'authenticated' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(key);
    expectError(await call('GET', '/user', { token: notUuid }), 400, 'bad_jwt');
  });

  it('403 user_not_found, session_not_found and user_banned', async () => {
    const a = await signUp();
    await db`delete from auth.users where id = ${a.user.id}`;
    expectError(await call('GET', '/user', { token: a.session.access_token }), 403, 'user_not_found');
    const b = await signUp();
    expect((await call('POST', '/logout', { token: b.session.access_token })).status).toBe(204);
    expectError(await call('GET', '/user', { token: b.session.access_token }), 403, 'session_not_found');
    const c = await signUp();
    await db`update auth.users set banned_until = now() + interval '1 hour' where id = ${c.user.id}`;
    expectError(await call('GET', '/user', { token: c.session.access_token }), 403, 'user_banned', 'User is banned');
  });
});

describe('PUT /user', () => {
  it('merges data into user_metadata (null removes a key) and refuses app_metadata', async () => {
    const { session } = await signUp(undefined, undefined, { a: 1, b: 2 });
    const r = await call('PUT', '/user', { token: session.access_token, body: { data: { b: null, c: 3 } } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.user_metadata).toMatchObject({ a: 1, c: 3 });
    expect(r.body.user_metadata).not.toHaveProperty('b');
    expectError(await call('PUT', '/user', { token: session.access_token, body: { app_metadata: { role: 'admin' } } }), 403, 'not_admin');
  });

  it('changes the password: weak 422, same 422, else other sessions end and the current stays', async () => {
    const { email, password, session } = await signUp();
    const other = await signIn(email, password);
    const weak = await call('PUT', '/user', { token: session.access_token, body: { password: '123' } });
    expectError(weak, 422, 'weak_password');
    expect(weak.body.weak_password.reasons).toEqual(['length']);
    expectError(await call('PUT', '/user', { token: session.access_token, body: { password } }), 422, 'same_password', 'New password should be different from the old password.');
    const r = await call('PUT', '/user', { token: session.access_token, body: { password: 'brand-new-1' } });
    expect(r.status, r.text).toBe(200);
    expect((await call('GET', '/user', { token: session.access_token })).status).toBe(200);
    expectError(await call('GET', '/user', { token: other.body.access_token }), 403, 'session_not_found');
    expectError(await call('POST', '/token?grant_type=refresh_token', { body: { refresh_token: other.body.refresh_token } }), 400, 'refresh_token_not_found');
    expectError(await signIn(email, password), 400, 'invalid_credentials');
    expect((await signIn(email, 'brand-new-1')).status).toBe(200);
  });

  it('changes the email at once (autoconfirm) and refuses one already taken', async () => {
    const a = await signUp();
    const b = await signUp();
    expectError(await call('PUT', '/user', { token: a.session.access_token, body: { email: b.email } }), 422, 'email_exists');
    const next = uniqueEmail('moved');
    const r = await call('PUT', '/user', { token: a.session.access_token, body: { email: next.toUpperCase() } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.email).toBe(next);
    expect(r.body.identities[0].email).toBe(next);
    expect((await signIn(next, a.password)).status).toBe(200);
  });
});

describe('POST /logout', () => {
  it('local ends only the current session, others all but it, global all; 204 without body', async () => {
    const { email, password, session } = await signUp();
    const s2 = (await signIn(email, password)).body;
    const s3 = (await signIn(email, password)).body;
    const local = await call('POST', '/logout?scope=local', { token: s3.access_token });
    expect(local.status).toBe(204);
    expect(local.text).toBe('');
    expect((await call('GET', '/user', { token: session.access_token })).status).toBe(200);
    expect((await call('GET', '/user', { token: s3.access_token })).status).toBe(403);
    expect((await call('POST', '/logout?scope=others', { token: session.access_token })).status).toBe(204);
    expect((await call('GET', '/user', { token: s2.access_token })).status).toBe(403);
    expect((await call('GET', '/user', { token: session.access_token })).status).toBe(200);
    const s4 = (await signIn(email, password)).body;
    expect((await call('POST', '/logout', { token: session.access_token })).status).toBe(204);
    expect((await call('GET', '/user', { token: s4.access_token })).status).toBe(403);
    expectError(await call('POST', '/token?grant_type=refresh_token', { body: { refresh_token: s4.refresh_token } }), 400, 'refresh_token_not_found');
  });

  it('refuses an unknown scope and needs a bearer', async () => {
    const { session } = await signUp();
    expectError(await call('POST', '/logout?scope=everything', { token: session.access_token }), 400, 'validation_failed');
    expect((await call('POST', '/logout', { token: 'x' })).status).toBe(403);
  });
});

describe('password recovery: POST /recover, POST /verify, outbox', () => {
  const recover = (email: string, redirect?: string) =>
    call('POST', `/recover${redirect ? `?redirect_to=${encodeURIComponent(redirect)}` : ''}`, { body: { email, gotrue_meta_security: {}, code_challenge: null, code_challenge_method: null } });
  const mailTo = async (email: string) => (await mails()).messages.find((m: any) => m.To[0].Address === email);
  const tokenFrom = (html: string) => /\?token=([0-9a-f]{56})"/.exec(html)?.[1];

  it('answers 200 {} for unknown emails without sending mail', async () => {
    const before = (await mails()).total;
    const r = await recover(uniqueEmail('ghost'));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({});
    expect((await mails()).total).toBe(before);
    expectError(await recover('bad email'), 400, 'validation_failed');
  });

  it('mails a link <redirect_to>?token=<token_hash>, stored like GoTrue (recovery_token, recovery_sent_at, one_time_tokens)', async () => {
    const { email, user } = await signUp();
    const r = await recover(email, `${SITE}/reset-password`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({});
    const summary = await mailTo(email);
    expect(summary).toMatchObject({ To: [{ Address: email }], Subject: expect.any(String), Created: expect.any(String), Snippet: expect.any(String) });
    const mail = await (await fetch(`${MAIL}/api/v1/message/${summary.ID}`)).json();
    expect(mail).toMatchObject({ ID: summary.ID, Subject: summary.Subject, To: [{ Address: email }] });
    expect(mail.HTML).toContain(`href="${SITE}/reset-password?token=`);
    expect(mail.Text).toContain(`${SITE}/reset-password?token=`);
    const token = tokenFrom(mail.HTML)!;
    const [row] = await db`select recovery_token, recovery_sent_at from auth.users where id = ${user.id}`;
    expect(row.recovery_token).toBe(token);
    expect(Date.now() - row.recovery_sent_at.getTime()).toBeLessThan(10_000);
    const [ott] = await db`select * from auth.one_time_tokens where user_id = ${user.id}`;
    expect(ott).toMatchObject({ token_type: 'recovery_token', token_hash: token, relates_to: email });
  });

  it('limits a user to one mail per second (429) and honours only allowed redirects', async () => {
    const { email } = await signUp();
    expect((await recover(email, 'https://evil.example.com/steal')).status).toBe(200);
    expectError(await recover(email), 429, 'over_email_send_rate_limit', /^For security purposes, you can only request this after \d+ seconds\.$/);
    let html = (await (await fetch(`${MAIL}/api/v1/message/${(await mailTo(email)).ID}`)).json()).HTML as string;
    expect(html).toContain(`href="${SITE}?token=`);
    await db`update auth.users set recovery_sent_at = now() - interval '2 seconds' where email = ${email}`;
    expect((await recover(email, `${OTHER_ALLOWED}/reset-password`)).status).toBe(200);
    html = (await (await fetch(`${MAIL}/api/v1/message/${(await mailTo(email)).ID}`)).json()).HTML;
    expect(html).toContain(`href="${OTHER_ALLOWED}/reset-password?token=`);
  });

  it('verifies the token_hash once into a recovery session (amr otp) that can set a new password', async () => {
    const { email, user } = await signUp();
    await recover(email, `${SITE}/reset-password`);
    const token = tokenFrom((await (await fetch(`${MAIL}/api/v1/message/${(await mailTo(email)).ID}`)).json()).HTML)!;
    const v = await call('POST', '/verify', { body: { token_hash: token, type: 'recovery', gotrue_meta_security: {} } });
    expect(v.status, v.text).toBe(200);
    expect(v.body.user.id).toBe(user.id);
    expect(v.body.refresh_token).toBeTruthy();
    const { payload } = await jwtVerify(v.body.access_token, new TextEncoder().encode(JWT_SECRET));
    expect(payload.amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);
    const [row] = await db`select recovery_token from auth.users where id = ${user.id}`;
    expect(row.recovery_token).toBe('');
    expect(await db`select 1 from auth.one_time_tokens where user_id = ${user.id}`).toHaveLength(0);
    expectError(await call('POST', '/verify', { body: { token_hash: token, type: 'recovery' } }), 403, 'otp_expired', 'Email link is invalid or has expired');
    expect((await call('PUT', '/user', { token: v.body.access_token, body: { password: 'recovered-1' } })).status).toBe(200);
    expect((await signIn(email, 'recovered-1')).status).toBe(200);
  });

  it('refuses extra fields, unknown or expired hashes and banned users', async () => {
    expectError(await call('POST', '/verify', { body: { token_hash: 'abc', type: 'recovery', email: 'a@b.se' } }), 400, 'validation_failed', 'Only the token_hash and type should be provided');
    expectError(await call('POST', '/verify', { body: { token_hash: 'abc', type: 'recovery', redirect_to: SITE } }), 400, 'validation_failed', 'Only the token_hash and type should be provided');
    expectError(await call('POST', '/verify', { body: { type: 'recovery' } }), 400, 'validation_failed');
    expectError(await call('POST', '/verify', { body: { token_hash: 'f'.repeat(56), type: 'recovery' } }), 403, 'otp_expired', 'Email link is invalid or has expired');
    const a = await signUp();
    await recover(a.email);
    await db`update auth.users set recovery_sent_at = now() - interval '3601 seconds' where id = ${a.user.id}`;
    const [ra] = await db`select recovery_token from auth.users where id = ${a.user.id}`;
    expectError(await call('POST', '/verify', { body: { token_hash: ra.recovery_token, type: 'recovery' } }), 403, 'otp_expired');
    const b = await signUp();
    await recover(b.email);
    await db`update auth.users set banned_until = now() + interval '1 day' where id = ${b.user.id}`;
    const [rb] = await db`select recovery_token from auth.users where id = ${b.user.id}`;
    expectError(await call('POST', '/verify', { body: { token_hash: rb.recovery_token, type: 'recovery' } }), 403, 'user_banned', 'User is banned');
  });

  it('GET /verify (the default ConfirmationURL) redirects with the session in the fragment', async () => {
    const { email } = await signUp();
    const link = await admin('POST', `/admin/generate_link?redirect_to=${encodeURIComponent(`${SITE}/welcome`)}`, { type: 'recovery', email });
    const r = await fetch(link.body.action_link, { redirect: 'manual' });
    expect(r.status).toBe(303);
    const location = new URL(r.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/welcome`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('access_token')).toBeTruthy();
    const again = await fetch(link.body.action_link, { redirect: 'manual' });
    expect(new URLSearchParams(new URL(again.headers.get('location')!).hash.slice(1)).get('error_code')).toBe('otp_expired');
  });

  it('outbox: newest first, one message by ID, HTML index, delete all', async () => {
    const list = await mails();
    expect(list.total).toBeGreaterThan(1);
    expect(list.messages.length).toBe(list.total);
    const times = list.messages.map((m: any) => Date.parse(m.Created));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const index = await fetch(`${MAIL}/`);
    expect(index.headers.get('content-type')).toMatch(/text\/html/);
    expect(await index.text()).toContain(`/view/${list.messages[0].ID}`);
    const view = await fetch(`${MAIL}/view/${list.messages[0].ID}`);
    expect(await view.text()).toContain('token=');
    expect((await fetch(`${MAIL}/api/v1/message/nope`)).status).toBe(404);
    expect((await fetch(`${MAIL}/api/v1/messages`, { method: 'DELETE' })).status).toBe(200);
    expect(await mails()).toMatchObject({ total: 0, messages: [] });
  });
});

describe('admin API', () => {
  it('requires a service_role (or supabase_admin) JWT', async () => {
    expectError(await call('POST', '/admin/users', { body: { email: uniqueEmail('x') } }), 403, 'not_admin', 'User not allowed');
    const r = await fetch(`${BASE}/admin/users`, { method: 'POST', headers: NEW_API });
    expect(r.status).toBe(401);
    const supabaseAdmin = await new SignJWT({ role: 'supabase_admin' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode(JWT_SECRET));
    const list = await call('GET', '/admin/users', { token: supabaseAdmin });
    expect(list.status, list.text).toBe(200);
    expect(list.body).toMatchObject({ aud: 'authenticated', users: expect.any(Array) });
    const { session } = await signUp();
    expectError(await call('GET', `/admin/users/${session.user.id}`, { token: session.access_token }), 403, 'not_admin');
  });

  it('creates users (email_confirm, metadata) and refuses duplicates and weak passwords', async () => {
    const email = uniqueEmail('created');
    const r = await admin('POST', '/admin/users', { email, password: 'Created123!', email_confirm: true, user_metadata: { full_name: 'Eva' }, app_metadata: { tenant: 't1' } });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ email, app_metadata: { provider: 'email', providers: ['email'], tenant: 't1' }, user_metadata: { full_name: 'Eva' } });
    expect(r.body.email_confirmed_at).toBeTruthy();
    expect((await signIn(email, 'Created123!')).status).toBe(200);
    expectError(await admin('POST', '/admin/users', { email: email.toUpperCase(), password: 'Created123!' }), 422, 'email_exists', 'A user with this email address has already been registered');
    expectError(await admin('POST', '/admin/users', { email: uniqueEmail('weak'), password: '123' }), 422, 'weak_password');
    const unconfirmed = uniqueEmail('unconfirmed');
    const u = await admin('POST', '/admin/users', { email: unconfirmed, password: 'Created123!' });
    expect(u.body).not.toHaveProperty('email_confirmed_at');
    expectError(await signIn(unconfirmed, 'Created123!'), 400, 'email_not_confirmed');
  });

  it('gets a user by id; 404 user_not_found otherwise', async () => {
    const { user } = await signUp();
    const r = await admin('GET', `/admin/users/${user.id}`);
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(user.id);
    expectError(await admin('GET', '/admin/users/6f1e5a4e-0000-4000-8000-000000000000'), 404, 'user_not_found');
    expectError(await admin('PUT', '/admin/users/6f1e5a4e-0000-4000-8000-000000000000', {}), 404, 'user_not_found');
  });

  it('updates metadata (merge), email and password (ending every session)', async () => {
    const { user, session, email } = await signUp(undefined, undefined, { keep: 1 });
    const next = uniqueEmail('renamed');
    const r = await admin('PUT', `/admin/users/${user.id}`, { user_metadata: { full_name: 'Ny' }, app_metadata: { deactivated: true }, email: next, password: 'Reset-by-admin1' });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ email: next, user_metadata: { keep: 1, full_name: 'Ny' }, app_metadata: { provider: 'email', providers: ['email'], deactivated: true } });
    expectError(await call('GET', '/user', { token: session.access_token }), 403, 'session_not_found');
    expectError(await signIn(email, 'secret123'), 400, 'invalid_credentials');
    expect((await signIn(next, 'Reset-by-admin1')).status).toBe(200);
    expectError(await admin('PUT', `/admin/users/${user.id}`, { password: '12' }), 422, 'weak_password');
  });

  it('bans with Go durations, lifts with none, refuses malformed durations', async () => {
    const { user, email, password, session } = await signUp();
    const r = await admin('PUT', `/admin/users/${user.id}`, { ban_duration: '876000h' });
    expect(r.status, r.text).toBe(200);
    expect(new Date(r.body.banned_until).getUTCFullYear()).toBeGreaterThan(new Date().getUTCFullYear() + 98);
    expectError(await signIn(email, password), 400, 'user_banned');
    expectError(await call('GET', '/user', { token: session.access_token }), 403, 'user_banned');
    const lifted = await admin('PUT', `/admin/users/${user.id}`, { ban_duration: 'none' });
    expect(lifted.body).not.toHaveProperty('banned_until');
    expect((await signIn(email, password)).status).toBe(200);
    const short = await admin('PUT', `/admin/users/${user.id}`, { ban_duration: '1h30m' });
    expect(Date.parse(short.body.banned_until) - Date.now()).toBeGreaterThan(89 * 60_000);
    for (const bad of ['10d', 'forever', '1h-']) {
      expectError(await admin('PUT', `/admin/users/${user.id}`, { ban_duration: bad }), 400, 'validation_failed', /^invalid format for ban duration/);
    }
  });

  it('generate_link recovery returns the flattened user with link properties and sends no mail', async () => {
    const { email, user } = await signUp();
    const before = (await mails()).total;
    const r = await admin('POST', `/admin/generate_link?redirect_to=${encodeURIComponent(`${SITE}/reset-password`)}`, { type: 'recovery', email });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id: user.id, email, verification_type: 'recovery', redirect_to: `${SITE}/reset-password` });
    expect(r.body.email_otp).toMatch(/^\d{6}$/);
    expect(r.body.hashed_token).toBe(createHash('sha224').update(email + r.body.email_otp).digest('hex'));
    const link = new URL(r.body.action_link);
    expect(`${link.origin}${link.pathname}`).toBe(`${BASE}/verify`);
    expect(Object.fromEntries(link.searchParams)).toEqual({ token: r.body.hashed_token, type: 'recovery', redirect_to: `${SITE}/reset-password` });
    expect((await mails()).total).toBe(before);
    expectError(await admin('POST', '/admin/generate_link', { type: 'recovery', email: uniqueEmail('nobody') }), 404, 'user_not_found');
    const v = await call('POST', '/verify', { body: { token_hash: r.body.hashed_token, type: 'recovery' } });
    expect(v.status, v.text).toBe(200);
  });

  it('deletes users', async () => {
    const { user } = await signUp();
    expect((await admin('DELETE', `/admin/users/${user.id}`)).status).toBe(200);
    expectError(await admin('GET', `/admin/users/${user.id}`), 404, 'user_not_found');
  });
});

// supabase-js itself, as the api function runs it: the real Deno with the function's deno.json
// (npm:@supabase/supabase-js@2). Skipped where the deno npm package is not installed.
const DENO = join(repoRoot, 'node_modules/.bin/deno');
const FUNCTION_CONFIG = join(repoRoot, 'supabase/functions/api/deno.json');
const SUPABASE_JS_SCRIPT = `
import { createClient } from '@supabase/supabase-js';
const [url, anonKey, serviceKey, email] = Deno.args;
const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };
const anon = () => createClient(url, anonKey, options);
const service = createClient(url, serviceKey, options);
const err = (e) => e ? { name: e.name, code: e.code, status: e.status, message: e.message, reasons: e.reasons } : undefined;
const out = {};
const signUp = await anon().auth.signUp({ email, password: 'secret123', options: { data: { full_name: 'Sam' } } });
out.signUp = { error: err(signUp.error), session: !!signUp.data.session, email: signUp.data.user?.email, full_name: signUp.data.user?.user_metadata.full_name };
out.duplicate = err((await anon().auth.signUp({ email, password: 'secret123' })).error);
out.weak = err((await anon().auth.signUp({ email: 'weak-' + email, password: '123' })).error);
out.badLogin = err((await anon().auth.signInWithPassword({ email, password: 'wrong-password' })).error);
const signIn = await anon().auth.signInWithPassword({ email, password: 'secret123' });
out.signIn = { error: err(signIn.error), session: !!signIn.data.session };
const session = signIn.data.session;
out.getUser = { error: err((await anon().auth.getUser(session.access_token)).error) };
const refreshed = await anon().auth.refreshSession({ refresh_token: session.refresh_token });
out.refresh = { error: err(refreshed.error), rotated: refreshed.data.session?.refresh_token !== session.refresh_token };
out.reset = await anon().auth.resetPasswordForEmail(email, { redirectTo: url.replace(/:\\d+$/, ':3100') + '/reset-password' });
const link = await service.auth.admin.generateLink({ type: 'recovery', email });
out.generateLink = { error: err(link.error), properties: Object.keys(link.data.properties ?? {}).sort(), email: link.data.user?.email };
const verified = await anon().auth.verifyOtp({ token_hash: link.data.properties.hashed_token, type: 'recovery' });
out.verifyOtp = { error: err(verified.error), session: !!verified.data.session };
out.verifyAgain = err((await anon().auth.verifyOtp({ token_hash: link.data.properties.hashed_token, type: 'recovery' })).error);
const recovery = anon();
await recovery.auth.setSession(verified.data.session);
out.samePassword = err((await recovery.auth.updateUser({ password: 'secret123' })).error);
const updated = await recovery.auth.updateUser({ password: 'secret456', data: { locale: 'sv' } });
out.updateUser = { error: err(updated.error), locale: updated.data.user?.user_metadata.locale };
out.oldSession = err((await anon().auth.getUser(session.access_token)).error);
const again = await anon().auth.signInWithPassword({ email, password: 'secret456' });
out.adminUpdate = err((await service.auth.admin.updateUserById(again.data.user.id, { ban_duration: '876000h' })).error);
out.banned = err((await anon().auth.signInWithPassword({ email, password: 'secret456' })).error);
await service.auth.admin.updateUserById(again.data.user.id, { ban_duration: 'none' });
out.adminSignOut = err((await service.auth.admin.signOut(again.data.session.access_token, 'local')).error);
out.afterSignOut = err((await anon().auth.getUser(again.data.session.access_token)).error);
out.notAdmin = err((await anon().auth.admin.createUser({ email: 'x-' + email, password: 'secret123' })).error);
console.log(JSON.stringify(out));
`;

describe.skipIf(!existsSync(DENO))('supabase-js (Deno, the api function\'s deno.json)', () => {
  it('signs up, in, refreshes, recovers, updates, bans and signs out through the stand-in', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'auth-supabase-js-'));
    try {
      const script = join(dir, 'probe.js');
      writeFileSync(script, SUPABASE_JS_SCRIPT);
      const email = uniqueEmail('supabase-js');
      // Asynchronous: the stand-in answers from this very process.
      const args = ['run', '--quiet', '--no-lock', '--allow-net', '--allow-env', '--allow-read', '--config', FUNCTION_CONFIG, script, `http://127.0.0.1:${AUTH_PORT}`, ANON_KEY, SERVICE_ROLE_KEY, email];
      const r = await new Promise<{ code: number; stdout: string; stderr: string }>((done) =>
        execFile(DENO, args, { encoding: 'utf8', timeout: 110_000 }, (error, stdout, stderr) => done({ code: error ? 1 : 0, stdout, stderr })),
      );
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout.trim().split('\n').pop()!);
      expect(out.signUp).toEqual({ session: true, email, full_name: 'Sam' });
      expect(out.duplicate).toMatchObject({ name: 'AuthApiError', code: 'user_already_exists', status: 422 });
      expect(out.weak).toMatchObject({ name: 'AuthWeakPasswordError', code: 'weak_password', status: 422, reasons: ['length'] });
      expect(out.badLogin).toMatchObject({ name: 'AuthApiError', code: 'invalid_credentials', status: 400, message: 'Invalid login credentials' });
      expect(out.signIn).toEqual({ session: true });
      expect(out.getUser).toEqual({});
      expect(out.refresh).toEqual({ rotated: true });
      expect(out.reset).toEqual({ data: {}, error: null });
      expect(out.generateLink).toEqual({ properties: ['action_link', 'email_otp', 'hashed_token', 'redirect_to', 'verification_type'], email });
      expect(out.verifyOtp).toEqual({ session: true });
      expect(out.verifyAgain).toMatchObject({ code: 'otp_expired', status: 403 });
      expect(out.samePassword).toMatchObject({ code: 'same_password', status: 422 });
      expect(out.updateUser).toEqual({ locale: 'sv' });
      expect(out.oldSession).toMatchObject({ name: 'AuthSessionMissingError' });
      expect(out.adminUpdate).toBeUndefined();
      expect(out.banned).toMatchObject({ code: 'user_banned', status: 400 });
      expect(out.adminSignOut).toBeUndefined();
      expect(out.afterSignOut).toMatchObject({ name: 'AuthSessionMissingError' });
      expect(out.notAdmin).toMatchObject({ code: 'not_admin', status: 403 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
