// Local stand-in for Supabase Auth (GoTrue): the subset of its HTTP API that supabase-js and the `api`
// function use, served under /auth/v1/ on the real auth.* tables, plus the mail outbox (Mailpit-like).
// The behaviour it copies from GoTrue: docs/local-stack.md. Dev tooling, not product.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import postgres from 'postgres';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import { bcryptHash, bcryptVerify } from './bcrypt.ts';
import { ApiError, MIN_PASSWORD_LENGTH, badRequest, sendError, validationFailed, weakPassword } from './errors.ts';
import { Outbox, startOutboxServer } from './outbox.ts';

export type AuthServerOptions = {
  /** Serves everything under /auth/v1/ on 127.0.0.1:port. */
  port: number;
  /** The outbox HTTP server on 127.0.0.1:mailPort. */
  mailPort: number;
  /** Postgres URL of `supabase_auth_admin`. */
  dbUrl: string;
  /** HS256 secret. */
  jwtSecret: string;
  /** Default redirect; a `redirect_to` is honoured only if it matches siteUrl or additionalRedirectUrls. */
  siteUrl: string;
  additionalRedirectUrls?: string[];
  jwtExpSeconds?: number;
  templatePath?: string;
  /** Recovery mail subject; default: `[auth.email.template.recovery] subject` of supabase/config.toml. */
  recoverySubject?: string;
  /** `[auth.email] max_frequency`: 1 s like the CLI template. */
  mailMaxFrequencySeconds?: number;
  /** `[auth.email] otp_expiry`: 3600 s like the CLI template. */
  otpExpSeconds?: number;
  /** `[auth] refresh_token_reuse_interval`: 10 s. */
  refreshTokenReuseIntervalSeconds?: number;
  /** Where failures (5xx, database errors) are reported; default console.error. Successes log nothing. */
  log?: (line: string) => void;
};

export type AuthServer = { close(): Promise<void>; outbox: Outbox; url: string; mailUrl: string };

const repoRoot = resolve(import.meta.dirname, '../..');
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const AUD = 'authenticated';
const DEFAULT_ROLE = 'authenticated';
const ADMIN_ROLES = ['service_role', 'supabase_admin'];
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// checkmail.ValidateFormat (github.com/badoux/checkmail), which GoTrue's validateEmail uses.
const EMAIL_RE = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

type Json = Record<string, unknown>;
type Db = postgres.TransactionSql;

type UserRow = {
  instance_id: string | null;
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Json | null;
  raw_user_meta_data: Json | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  phone_change: string | null;
  phone_change_sent_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  reauthentication_sent_at: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
};
type IdentityRow = {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
};
type User = UserRow & { identities: IdentityRow[] };
type AmrEntry = { method: string; timestamp: number };
type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
type Claims = JWTPayload & { role?: string; session_id?: string };
type Ctx = { req: IncomingMessage; url: URL; body: Json; ip: string | null };

// --- small helpers ------------------------------------------------------------------------------

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);
const isBanned = (u: UserRow) => !!u.banned_until && u.banned_until.getTime() > Date.now();
const sha224Hex = (s: string) => createHash('sha224').update(s).digest('hex');
const otp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

function refreshTokenString() {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(12), (b) => alphabet[b % alphabet.length]).join('');
}

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads an optional string field; another JSON type is a decoding error, as in Go. */
function str(body: Json, key: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw badRequest('bad_json', `Could not parse request body as JSON: json: cannot unmarshal ${typeof v} into field ${key} of type string`);
  return v;
}

function obj(body: Json, key: string): Json | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (!isObject(v)) throw badRequest('bad_json', `Could not parse request body as JSON: json: cannot unmarshal ${Array.isArray(v) ? 'array' : typeof v} into field ${key} of type map[string]interface {}`);
  return v;
}

/** GoTrue's UpdateUserMetaData / UpdateAppMetaData: keys merge, a null value removes the key. */
function mergeMeta(current: Json | null, update: Json): Json {
  const out: Json = { ...(current ?? {}) };
  for (const [k, v] of Object.entries(update)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

function validateEmail(email: string | undefined): string {
  if (!email) throw validationFailed('An email address is required');
  if (email.length > 255) throw validationFailed('An email address is too long');
  if (!EMAIL_RE.test(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email.toLowerCase();
}

function checkPassword(password: string) {
  if ([...password].length < MIN_PASSWORD_LENGTH) throw weakPassword();
  if (Buffer.byteLength(password) > 72) throw validationFailed('Password cannot be longer than 72 characters');
}

/** Go's time.ParseDuration: e.g. `876000h`, `2h45m`, `1.5h`, `300ms`, `0`; returns milliseconds. */
export function parseGoDuration(input: string): number {
  const fail = () => validationFailed(`invalid format for ban duration: time: invalid duration "${input}"`);
  let s = input;
  let sign = 1;
  if (s.startsWith('-') || s.startsWith('+')) {
    if (s[0] === '-') sign = -1;
    s = s.slice(1);
  }
  if (s === '0') return 0;
  if (!s) throw fail();
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, 'μs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  const part = /^(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)/;
  let total = 0;
  while (s) {
    const m = part.exec(s);
    if (!m) throw fail();
    total += Number(m[1]) * units[m[2]];
    s = s.slice(m[0].length);
  }
  return sign * total;
}

function userJson(u: User): Json {
  const out: Json = { id: u.id, aud: u.aud ?? '', role: u.role ?? '', email: u.email ?? '' };
  const opt = (key: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== '') out[key] = value;
  };
  opt('email_confirmed_at', iso(u.email_confirmed_at));
  out.phone = u.phone ?? '';
  opt('phone_confirmed_at', iso(u.phone_confirmed_at));
  opt('confirmation_sent_at', iso(u.confirmation_sent_at));
  opt('confirmed_at', iso(u.confirmed_at));
  opt('recovery_sent_at', iso(u.recovery_sent_at));
  opt('new_email', u.email_change);
  opt('email_change_sent_at', iso(u.email_change_sent_at));
  opt('new_phone', u.phone_change);
  opt('phone_change_sent_at', iso(u.phone_change_sent_at));
  opt('reauthentication_sent_at', iso(u.reauthentication_sent_at));
  opt('last_sign_in_at', iso(u.last_sign_in_at));
  out.app_metadata = u.raw_app_meta_data ?? {};
  out.user_metadata = u.raw_user_meta_data ?? {};
  out.identities = u.identities.map((i) => ({
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
    last_sign_in_at: iso(i.last_sign_in_at),
    created_at: iso(i.created_at),
    updated_at: iso(i.updated_at),
    email: i.email ?? undefined,
  }));
  opt('invited_at', iso(u.invited_at));
  opt('banned_until', iso(u.banned_until));
  opt('deleted_at', iso(u.deleted_at));
  out.created_at = iso(u.created_at);
  out.updated_at = iso(u.updated_at);
  out.is_anonymous = u.is_anonymous;
  return out;
}

function recoverySubjectFromConfig(): string {
  try {
    const toml = readFileSync(join(repoRoot, 'supabase/config.toml'), 'utf8');
    const section = /\[auth\.email\.template\.recovery\]([\s\S]*?)(?:\n\[|$)/.exec(toml)?.[1] ?? '';
    const subject = /^\s*subject\s*=\s*"((?:[^"\\]|\\.)*)"/m.exec(section)?.[1];
    if (subject) return subject.replace(/\\"/g, '"').replace(/\\\\/g, '\\');
  } catch {
    // no config: GoTrue's default subject
  }
  return 'Reset Your Password';
}

const DEFAULT_TEMPLATE = '<h2>Reset Password</h2>\n<p>Follow this link to reset the password for your user:</p>\n<p><a href="{{ .ConfirmationURL }}">Reset Password</a></p>';

/** The Go-template subset Supabase mail templates use: `{{ .Name }}` and `{{ .Data.key }}`, HTML-escaped. */
export function renderTemplate(template: string, vars: Record<string, unknown>): string {
  const escape = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' })[c]!);
  return template.replace(/\{\{-?\s*\.([A-Za-z]\w*)(?:\.([A-Za-z_]\w*))?\s*-?\}\}/g, (_m, name: string, key?: string) => {
    const value = vars[name];
    if (key) return escape(isObject(value) ? value[key] : '');
    return escape(isObject(value) ? JSON.stringify(value) : value);
  });
}

// --- the server ---------------------------------------------------------------------------------

export async function startAuthServer(opts: AuthServerOptions): Promise<AuthServer> {
  const jwtExp = opts.jwtExpSeconds ?? 3600;
  const otpExp = opts.otpExpSeconds ?? 3600;
  const maxFrequency = opts.mailMaxFrequencySeconds ?? 1;
  const reuseInterval = opts.refreshTokenReuseIntervalSeconds ?? 10;
  const templatePath = opts.templatePath ?? join(repoRoot, 'supabase/templates/recovery.html');
  const subject = opts.recoverySubject ?? recoverySubjectFromConfig();
  const log = opts.log ?? ((line: string) => console.error(line));
  const externalUrl = `http://127.0.0.1:${opts.port}/auth/v1`;
  const key = new TextEncoder().encode(opts.jwtSecret);
  const pool = postgres(opts.dbUrl, { max: 8, onnotice: () => {}, connection: { application_name: 'auth-standin' } });
  // Helpers take a transaction or the pool alike; the pool answers every query a transaction does.
  const sql = pool as unknown as Db;
  const outbox = new Outbox();
  // GoTrue keeps each session's sign-in methods in auth.mfa_amr_claims; the bootstrap has no such table.
  const sessionAmr = new Map<string, AmrEntry[]>();

  try {
    await sql`select 1 from auth.users limit 1`;
  } catch (e) {
    await pool.end({ timeout: 1 });
    throw new Error(`Auth stand-in cannot read auth.users via ${opts.dbUrl.replace(/:[^:@/]*@/, ':***@')}: ${e instanceof Error ? e.message : e}`);
  }

  // ---- users

  async function loadUser(db: Db, where: { id?: string; email?: string; recoveryToken?: string; confirmationToken?: string }, lock = false): Promise<User | undefined> {
    const cond = where.id
      ? db`id = ${where.id}`
      : where.email !== undefined
        ? db`lower(email) = ${where.email.toLowerCase()} and instance_id = ${NIL_UUID} and aud = ${AUD} and is_sso_user = false`
        : where.recoveryToken !== undefined
          ? db`recovery_token = ${where.recoveryToken} and recovery_token <> ''`
          : db`confirmation_token = ${where.confirmationToken ?? ''} and confirmation_token <> ''`;
    const rows = lock
      ? await db<UserRow[]>`select * from auth.users where ${cond} limit 1 for update`
      : await db<UserRow[]>`select * from auth.users where ${cond} limit 1`;
    const row = rows[0];
    if (!row) return undefined;
    // GoTrue scans these into Go strings: a NULL fails every flow that loads the user (contract §3).
    if ([row.confirmation_token, row.recovery_token, row.email_change_token_new, row.email_change].some((v) => v === null)) {
      log(`auth stand-in: auth.users ${row.id} has NULL token columns (confirmation_token, recovery_token, email_change_token_new, email_change must be '')`);
      throw new ApiError(500, 'unexpected_failure', 'Database error querying schema');
    }
    const identities = await db<IdentityRow[]>`select * from auth.identities where user_id = ${row.id} order by created_at, id`;
    return { ...row, identities };
  }

  async function reload(db: Db, id: string): Promise<User> {
    const u = await loadUser(db, { id });
    if (!u) throw new ApiError(404, 'user_not_found', 'User not found');
    return u;
  }

  // ---- tokens and sessions

  async function accessToken(u: User, sessionId: string, amr: AmrEntry[]) {
    const iat = Math.floor(Date.now() / 1000);
    const exp = iat + jwtExp;
    const claims = {
      aud: u.aud ?? AUD,
      exp,
      iat,
      iss: externalUrl,
      sub: u.id,
      email: u.email ?? '',
      phone: u.phone ?? '',
      app_metadata: u.raw_app_meta_data ?? {},
      user_metadata: u.raw_user_meta_data ?? {},
      role: u.role ?? DEFAULT_ROLE,
      aal: 'aal1',
      amr,
      session_id: sessionId,
      is_anonymous: u.is_anonymous,
    };
    const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
    return { token, exp, iat };
  }

  async function sessionBody(u: User, sessionId: string, refreshToken: string, extra: Json = {}) {
    const amr = sessionAmr.get(sessionId) ?? [{ method: 'token_refresh', timestamp: Math.floor(Date.now() / 1000) }];
    const { token, exp, iat } = await accessToken(u, sessionId, amr);
    return { access_token: token, token_type: 'bearer', expires_in: exp - iat, expires_at: exp, refresh_token: refreshToken, user: userJson(u), ...extra };
  }

  /** New auth.sessions row + first refresh token; updates last_sign_in_at. */
  async function newSession(db: Db, userId: string, method: string, ctx: Ctx): Promise<{ sessionId: string; refreshToken: string }> {
    const sessionId = randomUUID();
    const refreshToken = refreshTokenString();
    const userAgent = ctx.req.headers['user-agent'] ?? null;
    await db`insert into auth.sessions (id, user_id, aal, user_agent, ip, created_at, updated_at) values (${sessionId}, ${userId}, 'aal1', ${userAgent}, ${ctx.ip}, now(), now())`;
    await db`insert into auth.refresh_tokens (token, user_id, revoked, session_id, created_at, updated_at) values (${refreshToken}, ${userId}, false, ${sessionId}, now(), now())`;
    await db`update auth.users set last_sign_in_at = now(), updated_at = now() where id = ${userId}`;
    await db`update auth.identities set last_sign_in_at = now() where user_id = ${userId}`;
    sessionAmr.set(sessionId, [{ method, timestamp: Math.floor(Date.now() / 1000) }]);
    return { sessionId, refreshToken };
  }

  async function issue(db: Db, userId: string, method: string, ctx: Ctx, extra: Json = {}) {
    const { sessionId, refreshToken } = await newSession(db, userId, method, ctx);
    return sessionBody(await reload(db, userId), sessionId, refreshToken, extra);
  }

  async function verifyJwt(ctx: Ctx): Promise<Claims> {
    const header = ctx.req.headers.authorization ?? '';
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) throw new ApiError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    try {
      const { payload } = await jwtVerify(m[1], key, { algorithms: ['HS256'] });
      return payload as Claims;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ApiError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
    }
  }

  /** requireAuthentication: the bearer's user (and session) must exist; banned users are refused. */
  async function authenticate(ctx: Ctx): Promise<{ user: User; sessionId: string | null }> {
    const claims = await verifyJwt(ctx);
    if (!claims.sub) throw new ApiError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    if (!UUID_RE.test(claims.sub)) throw new ApiError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
    const user = await loadUser(sql, { id: claims.sub });
    if (!user) throw new ApiError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    let sessionId: string | null = null;
    if (claims.session_id) {
      if (!UUID_RE.test(claims.session_id)) throw new ApiError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
      const rows = await sql`select id from auth.sessions where id = ${claims.session_id} and user_id = ${user.id}`;
      if (!rows.length) throw new ApiError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      sessionId = claims.session_id;
    }
    if (isBanned(user)) throw new ApiError(403, 'user_banned', 'User is banned');
    return { user, sessionId };
  }

  async function requireAdmin(ctx: Ctx) {
    const claims = await verifyJwt(ctx);
    if (!claims.role || !ADMIN_ROLES.includes(claims.role)) throw new ApiError(403, 'not_admin', 'User not allowed');
  }

  function redirectTo(raw: string | null | undefined): string {
    if (!raw) return opts.siteUrl;
    for (const base of [opts.siteUrl, ...(opts.additionalRedirectUrls ?? [])]) {
      if (base.includes('*')) {
        const pattern = base.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*\*/g, '\u0000').replace(/\*/g, '[^/]*').replace(/\u0000/g, '.*');
        if (new RegExp(`^${pattern}$`).test(raw)) return raw;
        continue;
      }
      const b = base.replace(/\/+$/, '');
      if (raw === b || raw === `${b}/` || ['/', '?', '#'].some((sep) => raw.startsWith(b + sep))) return raw;
    }
    return opts.siteUrl;
  }

  /** Stores a fresh recovery token (users.recovery_token + auth.one_time_tokens); returns OTP and hash. */
  async function newRecoveryToken(db: Db, u: User) {
    const code = otp();
    const hash = sha224Hex((u.email ?? '') + code);
    await db`update auth.users set recovery_token = ${hash}, recovery_sent_at = now(), updated_at = now() where id = ${u.id}`;
    await db`insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to)
             values (${u.id}, 'recovery_token', ${hash}, ${u.email ?? ''})
             on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`;
    return { code, hash };
  }

  const actionLink = (hash: string, type: string, redirect: string) =>
    `${externalUrl}/verify?token=${encodeURIComponent(hash)}&type=${encodeURIComponent(type)}&redirect_to=${encodeURIComponent(redirect)}`;

  /**
   * Creates the user in GoTrue's order, so triggers on auth.users see what they would see under GoTrue:
   * the INSERT carries email, password, aud, `data`/user_metadata and app_metadata {provider, providers}
   * only (role '' and email unconfirmed); role, the admin's app_metadata, confirmation and ban follow
   * as UPDATEs in the same transaction (signup.go signupNewUser, admin.go adminUserCreate).
   */
  async function createUserRows(
    db: Db,
    p: { id?: string; email?: string; phone?: string; password?: string; passwordHash?: string; confirm: boolean; userMeta: Json; appMeta?: Json; role?: string; bannedUntil?: Date | null },
  ): Promise<string> {
    const id = p.id ?? randomUUID();
    // An admin-created user without a password gets a random one, as in GoTrue.
    const hash = p.passwordHash ?? bcryptHash(p.password ?? randomBytes(48).toString('base64url'));
    await db`
      insert into auth.users (instance_id, id, aud, role, email, encrypted_password, phone,
        raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
        confirmation_token, recovery_token, email_change_token_new, email_change)
      values (${NIL_UUID}, ${id}, ${AUD}, '', ${p.email ?? null}, ${hash}, ${p.phone || null},
        ${JSON.stringify({ provider: 'email', providers: ['email'] })}::text::jsonb, ${JSON.stringify(p.userMeta)}::text::jsonb, now(), now(),
        '', '', '', '')`;
    if (p.email) {
      const identityData: Json = { sub: id, email: p.email, email_verified: false, phone_verified: false };
      await db`insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at, last_sign_in_at)
               values (${id}, ${id}, ${JSON.stringify(identityData)}::text::jsonb, 'email', now(), now(), now())`;
      await db`update auth.users set raw_user_meta_data = raw_user_meta_data || ${JSON.stringify(identityData)}::text::jsonb where id = ${id}`;
    }
    await db`update auth.users set role = ${p.role ?? DEFAULT_ROLE} where id = ${id}`;
    if (p.appMeta) {
      await db`update auth.users set raw_app_meta_data = ${JSON.stringify(mergeMeta({ provider: 'email', providers: ['email'] }, p.appMeta))}::text::jsonb where id = ${id}`;
    }
    if (p.confirm) {
      await db`update auth.users set email_confirmed_at = now(), raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}'::jsonb where id = ${id}`;
      await db`update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb where user_id = ${id} and provider = 'email'`;
    }
    if (p.bannedUntil !== undefined) await db`update auth.users set banned_until = ${p.bannedUntil} where id = ${id}`;
    return id;
  }

  const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === '23505';

  function dbFailure(what: string, e: unknown): ApiError {
    log(`auth stand-in: ${what}: ${e instanceof Error ? e.message : String(e)}`);
    return new ApiError(500, 'unexpected_failure', what);
  }

  // ---- endpoints

  async function signup(ctx: Ctx): Promise<Reply> {
    const { body } = ctx;
    const password = str(body, 'password') ?? '';
    const rawEmail = str(body, 'email');
    const phone = str(body, 'phone');
    const data = obj(body, 'data') ?? {};
    if (!password) throw validationFailed('Signup requires a valid password');
    checkPassword(password);
    if (rawEmail && phone) throw validationFailed('Only an email address or phone number should be provided on signup.');
    if (!rawEmail) throw validationFailed(phone ? 'Phone signups are disabled' : 'To signup, please provide your email');
    const email = validateEmail(rawEmail.trim());
    if (await loadUser(sql, { email })) throw new ApiError(422, 'user_already_exists', 'User already registered');
    try {
      return {
        status: 200,
        body: await pool.begin(async (tx) => {
          const id = await createUserRows(tx, { email, password, confirm: true, userMeta: data });
          return issue(tx, id, 'password', ctx);
        }),
      };
    } catch (e) {
      if (e instanceof ApiError) throw e;
      if (isUniqueViolation(e) && /users_email/.test(String((e as { constraint_name?: string }).constraint_name))) {
        throw new ApiError(422, 'user_already_exists', 'User already registered');
      }
      throw dbFailure('Database error saving new user', e);
    }
  }

  async function passwordGrant(ctx: Ctx): Promise<Reply> {
    const email = str(ctx.body, 'email');
    const password = str(ctx.body, 'password');
    const invalid = () => new ApiError(400, 'invalid_credentials', 'Invalid login credentials');
    const user = email ? await loadUser(sql, { email: email.trim() }) : undefined;
    if (!user || !password) throw invalid();
    if (isBanned(user)) throw new ApiError(400, 'user_banned', 'User is banned');
    if (!user.encrypted_password || !bcryptVerify(password, user.encrypted_password)) throw invalid();
    if (!user.email_confirmed_at) throw new ApiError(400, 'email_not_confirmed', 'Email not confirmed');
    const extra = [...password].length < MIN_PASSWORD_LENGTH
      ? { weak_password: { reasons: ['length'], message: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.` } }
      : {};
    return { status: 200, body: await pool.begin((tx) => issue(tx, user.id, 'password', ctx, extra)) };
  }

  async function refreshGrant(ctx: Ctx): Promise<Reply> {
    const token = str(ctx.body, 'refresh_token');
    if (!token) throw validationFailed('refresh_token required');
    const notFound = () => new ApiError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    type TokenRow = { id: string; token: string; user_id: string; revoked: boolean; updated_at: Date; parent: string | null; session_id: string | null };
    const outcome = await pool.begin(async (tx) => {
      const [row] = await tx<TokenRow[]>`select * from auth.refresh_tokens where token = ${token} for update`;
      if (!row || !row.session_id || !UUID_RE.test(row.user_id)) return { error: notFound() };
      const [session] = await tx`select id from auth.sessions where id = ${row.session_id} for update`;
      if (!session) return { error: notFound() };
      const user = await loadUser(tx, { id: row.user_id });
      if (!user) return { error: notFound() };
      if (isBanned(user)) return { error: new ApiError(400, 'user_banned', 'Invalid Refresh Token: User Banned') };
      if (row.revoked) {
        const [active] = await tx<TokenRow[]>`select * from auth.refresh_tokens where session_id = ${row.session_id} and revoked = false order by id desc limit 1`;
        const withinReuse = Date.now() - row.updated_at.getTime() < reuseInterval * 1000;
        // A client retrying right after a refresh whose answer it lost gets the current token again.
        if (active && active.parent === row.token && withinReuse) return { body: await sessionBody(user, row.session_id, active.token) };
        await tx`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = ${row.session_id} and revoked = false`;
        return { error: new ApiError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
      }
      const next = refreshTokenString();
      await tx`update auth.refresh_tokens set revoked = true, updated_at = now() where id = ${row.id}`;
      await tx`insert into auth.refresh_tokens (token, user_id, revoked, parent, session_id, created_at, updated_at) values (${next}, ${row.user_id}, false, ${row.token}, ${row.session_id}, now(), now())`;
      await tx`update auth.sessions set refreshed_at = now(), updated_at = now() where id = ${row.session_id}`;
      return { body: await sessionBody(user, row.session_id, next) };
    });
    if (outcome.error) throw outcome.error;
    return { status: 200, body: outcome.body };
  }

  async function getUser(ctx: Ctx): Promise<Reply> {
    const { user } = await authenticate(ctx);
    return { status: 200, body: userJson(user) };
  }

  async function putUser(ctx: Ctx): Promise<Reply> {
    const { user, sessionId } = await authenticate(ctx);
    const { body } = ctx;
    if (body.app_metadata !== undefined) throw new ApiError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
    const password = str(body, 'password');
    const rawEmail = str(body, 'email');
    const data = obj(body, 'data');
    let email: string | undefined;
    if (rawEmail !== undefined && rawEmail.trim().toLowerCase() !== (user.email ?? '')) {
      email = validateEmail(rawEmail.trim());
      const other = await loadUser(sql, { email });
      if (other && other.id !== user.id) throw new ApiError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    let hash: string | undefined;
    if (password !== undefined) {
      checkPassword(password);
      if (user.encrypted_password && bcryptVerify(password, user.encrypted_password)) {
        throw new ApiError(422, 'same_password', 'New password should be different from the old password.');
      }
      hash = bcryptHash(password);
    }
    await pool.begin(async (tx) => {
      if (data) await tx`update auth.users set raw_user_meta_data = ${JSON.stringify(mergeMeta(user.raw_user_meta_data, data))}::text::jsonb, updated_at = now() where id = ${user.id}`;
      if (email) await changeEmail(tx, user, email);
      if (hash) await changePassword(tx, user.id, hash, sessionId);
    });
    return { status: 200, body: userJson(await reload(sql, user.id)) };
  }

  /** UpdatePassword(tx, keepSession): new hash, pending recovery cleared, every other session ended. */
  async function changePassword(db: Db, userId: string, hash: string, keepSession: string | null) {
    await db`update auth.users set encrypted_password = ${hash}, recovery_token = '', updated_at = now() where id = ${userId}`;
    await db`delete from auth.one_time_tokens where user_id = ${userId} and token_type = 'recovery_token'`;
    if (keepSession) await db`delete from auth.sessions where user_id = ${userId} and id <> ${keepSession}`;
    else await db`delete from auth.sessions where user_id = ${userId}`;
  }

  /** With autoconfirm on, GoTrue changes the address at once; the email identity follows. */
  async function changeEmail(db: Db, user: User, email: string) {
    const meta = { ...(user.raw_user_meta_data ?? {}) };
    if ('email' in meta) meta.email = email;
    await db`update auth.users set email = ${email}, raw_user_meta_data = ${JSON.stringify(meta)}::text::jsonb, updated_at = now() where id = ${user.id}`;
    await db`update auth.identities set identity_data = identity_data || jsonb_build_object('email', ${email}::text), updated_at = now() where user_id = ${user.id} and provider = 'email'`;
  }

  async function logout(ctx: Ctx): Promise<Reply> {
    const { user, sessionId } = await authenticate(ctx);
    const scope = ctx.url.searchParams.get('scope') || 'global';
    if (!['global', 'local', 'others'].includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
    if (scope === 'local' && sessionId) await sql`delete from auth.sessions where id = ${sessionId}`;
    else if (scope === 'others') await sql`delete from auth.sessions where user_id = ${user.id} and id is distinct from ${sessionId}`;
    else if (scope === 'global') await sql`delete from auth.sessions where user_id = ${user.id}`;
    return { status: 204 };
  }

  async function recover(ctx: Ctx): Promise<Reply> {
    const rawEmail = str(ctx.body, 'email');
    if (!rawEmail) throw validationFailed('Password recovery requires an email');
    const email = validateEmail(rawEmail.trim());
    const redirect = redirectTo(ctx.url.searchParams.get('redirect_to'));
    await pool.begin(async (tx) => {
      const user = await loadUser(tx, { email }, true);
      if (!user) return;
      if (user.recovery_sent_at) {
        const wait = user.recovery_sent_at.getTime() + maxFrequency * 1000 - Date.now();
        if (wait > 0) throw new ApiError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${Math.ceil(wait / 1000)} seconds.`);
      }
      const { code, hash } = await newRecoveryToken(tx, user);
      const template = existsSync(templatePath) ? readFileSync(templatePath, 'utf8') : DEFAULT_TEMPLATE;
      const html = renderTemplate(template, {
        ConfirmationURL: actionLink(hash, 'recovery', redirect),
        Token: code,
        TokenHash: hash,
        SiteURL: opts.siteUrl,
        RedirectTo: redirect,
        Email: user.email,
        Data: user.raw_user_meta_data ?? {},
      });
      outbox.add({ to: user.email ?? email, subject, html });
    });
    return { status: 200, body: {} };
  }

  /** The token_hash (or email + OTP) verification shared by POST and GET /verify. */
  async function verifyToken(ctx: Ctx, p: { type: string; tokenHash?: string; token?: string; email?: string }) {
    const types = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email', 'sms', 'phone_change'];
    if (!types.includes(p.type)) throw validationFailed('Verify requires a verification type');
    const expired = () => new ApiError(403, 'otp_expired', 'Email link is invalid or has expired');
    let hash = p.tokenHash;
    if (hash === undefined) {
      if (!p.email) throw validationFailed('Only an email address or phone number should be provided on verify');
      hash = sha224Hex(validateEmail(p.email.trim()) + (p.token ?? ''));
    }
    return pool.begin(async (tx) => {
      let user: User | undefined;
      let sentAt: Date | null = null;
      if (['recovery', 'magiclink', 'email'].includes(p.type)) {
        user = await loadUser(tx, { recoveryToken: hash }, true);
        sentAt = user?.recovery_sent_at ?? null;
      }
      if (!user && ['signup', 'invite', 'email'].includes(p.type)) {
        user = await loadUser(tx, { confirmationToken: hash }, true);
        sentAt = user?.confirmation_sent_at ?? null;
      }
      if (!user || !sentAt || sentAt.getTime() + otpExp * 1000 < Date.now()) throw expired();
      if (isBanned(user)) throw new ApiError(403, 'user_banned', 'User is banned');
      await tx`update auth.users set recovery_token = case when recovery_token = ${hash} then '' else recovery_token end,
                 confirmation_token = case when confirmation_token = ${hash} then '' else confirmation_token end,
                 email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
               where id = ${user.id}`;
      await tx`delete from auth.one_time_tokens where user_id = ${user.id} and token_hash = ${hash}`;
      return issue(tx, user.id, 'otp', ctx);
    });
  }

  async function verifyPost(ctx: Ctx): Promise<Reply> {
    const { body } = ctx;
    const type = str(body, 'type') ?? '';
    const tokenHash = str(body, 'token_hash');
    const token = str(body, 'token');
    if (tokenHash && token) throw validationFailed('Verify requires either a token or a token hash, but not both');
    if (!tokenHash && !token) throw validationFailed('Verify requires either a token or a token hash');
    if (tokenHash && (body.email !== undefined || body.phone !== undefined || body.redirect_to !== undefined)) {
      throw validationFailed('Only the token_hash and type should be provided');
    }
    return { status: 200, body: await verifyToken(ctx, { type, tokenHash, token, email: str(body, 'email') }) };
  }

  /** The mail link: 303 to redirect_to with the session (or the error) in the fragment, implicit flow. */
  async function verifyGet(ctx: Ctx): Promise<Reply> {
    const q = ctx.url.searchParams;
    const type = q.get('type') ?? '';
    const target = redirectTo(q.get('redirect_to'));
    try {
      const s = await verifyToken(ctx, { type, tokenHash: q.get('token') ?? '' });
      const fragment = new URLSearchParams({
        access_token: s.access_token,
        expires_at: String(s.expires_at),
        expires_in: String(s.expires_in),
        refresh_token: s.refresh_token,
        token_type: 'bearer',
        type,
      });
      return { status: 303, headers: { Location: `${target}#${fragment}` } };
    } catch (e) {
      if (!(e instanceof ApiError) || e.status >= 500) throw e;
      const fragment = new URLSearchParams({ error: e.status === 403 ? 'access_denied' : 'invalid_request', error_code: e.code, error_description: e.message });
      return { status: 303, headers: { Location: `${target}#${fragment}` } };
    }
  }

  // ---- admin

  function banUntil(body: Json): Date | null | undefined {
    const raw = str(body, 'ban_duration');
    if (raw === undefined || raw === '') return undefined;
    if (raw === 'none') return null;
    const ms = parseGoDuration(raw);
    return ms === 0 ? null : new Date(Date.now() + ms);
  }

  function adminUserId(id: string) {
    if (!UUID_RE.test(id)) throw new ApiError(404, 'validation_failed', 'user_id must be an UUID');
    return id;
  }

  async function adminCreate(ctx: Ctx): Promise<Reply> {
    await requireAdmin(ctx);
    const { body } = ctx;
    const rawEmail = str(body, 'email');
    const phone = str(body, 'phone');
    const password = str(body, 'password');
    const passwordHash = str(body, 'password_hash');
    const id = str(body, 'id');
    const role = str(body, 'role');
    const userMeta = obj(body, 'user_metadata') ?? {};
    const appMeta = obj(body, 'app_metadata');
    if (id !== undefined && !/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(id)) throw validationFailed('ID must conform to the uuid v4 format');
    if (password !== undefined && passwordHash !== undefined) throw validationFailed('Only a password or a password hash should be provided');
    if (passwordHash !== undefined && !/^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/.test(passwordHash)) throw validationFailed('Invalid password hash format');
    if (!rawEmail && !phone) throw validationFailed('Unable to validate email address: invalid format');
    const email = rawEmail ? validateEmail(rawEmail.trim()) : undefined;
    if (password !== undefined) checkPassword(password);
    const bannedUntil = banUntil(body);
    if (email && (await loadUser(sql, { email }))) throw new ApiError(422, 'email_exists', 'A user with this email address has already been registered');
    if (id && (await loadUser(sql, { id }))) throw new ApiError(422, 'user_already_exists', 'User already registered');
    try {
      const newId = await pool.begin((tx) =>
        createUserRows(tx, { id, email, phone, password, passwordHash, confirm: body.email_confirm === true, userMeta, appMeta, role, bannedUntil }),
      );
      return { status: 200, body: userJson(await reload(sql, newId)) };
    } catch (e) {
      if (e instanceof ApiError) throw e;
      if (isUniqueViolation(e)) throw new ApiError(422, 'email_exists', 'A user with this email address has already been registered');
      throw dbFailure('Database error creating new user', e);
    }
  }

  async function adminGet(ctx: Ctx, id: string): Promise<Reply> {
    await requireAdmin(ctx);
    return { status: 200, body: userJson(await reload(sql, adminUserId(id))) };
  }

  async function adminList(ctx: Ctx): Promise<Reply> {
    await requireAdmin(ctx);
    const page = Math.max(1, Number(ctx.url.searchParams.get('page')) || 1);
    const perPage = Math.min(1000, Math.max(1, Number(ctx.url.searchParams.get('per_page')) || 50));
    const rows = await sql<{ id: string }[]>`select id from auth.users where instance_id = ${NIL_UUID} and aud = ${AUD} order by created_at desc, id limit ${perPage} offset ${(page - 1) * perPage}`;
    const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from auth.users where instance_id = ${NIL_UUID} and aud = ${AUD}`;
    const users = [];
    for (const r of rows) users.push(userJson(await reload(sql, r.id)));
    return { status: 200, body: { aud: AUD, users }, headers: { 'x-total-count': String(count) } };
  }

  async function adminUpdate(ctx: Ctx, rawId: string): Promise<Reply> {
    await requireAdmin(ctx);
    const id = adminUserId(rawId);
    const { body } = ctx;
    const user = await reload(sql, id);
    const password = str(body, 'password');
    const rawEmail = str(body, 'email');
    const role = str(body, 'role');
    const userMeta = obj(body, 'user_metadata');
    const appMeta = obj(body, 'app_metadata');
    if (password !== undefined) checkPassword(password);
    const bannedUntil = banUntil(body);
    let email: string | undefined;
    if (rawEmail !== undefined && rawEmail.trim().toLowerCase() !== (user.email ?? '')) {
      email = validateEmail(rawEmail.trim());
      const other = await loadUser(sql, { email });
      if (other && other.id !== id) throw new ApiError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    const hash = password !== undefined ? bcryptHash(password) : undefined;
    try {
      await pool.begin(async (tx) => {
        if (email) await changeEmail(tx, user, email);
        if (userMeta) {
          const current = (await reload(tx, id)).raw_user_meta_data;
          await tx`update auth.users set raw_user_meta_data = ${JSON.stringify(mergeMeta(current, userMeta))}::text::jsonb, updated_at = now() where id = ${id}`;
        }
        if (appMeta) await tx`update auth.users set raw_app_meta_data = ${JSON.stringify(mergeMeta(user.raw_app_meta_data, appMeta))}::text::jsonb, updated_at = now() where id = ${id}`;
        if (role) await tx`update auth.users set role = ${role}, updated_at = now() where id = ${id}`;
        if (body.email_confirm === true) await tx`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = ${id}`;
        if (bannedUntil !== undefined) await tx`update auth.users set banned_until = ${bannedUntil}, updated_at = now() where id = ${id}`;
        if (hash) await changePassword(tx, id, hash, null);
      });
    } catch (e) {
      if (e instanceof ApiError) throw e;
      if (isUniqueViolation(e)) throw new ApiError(422, 'email_exists', 'A user with this email address has already been registered');
      throw dbFailure('Database error updating user', e);
    }
    return { status: 200, body: userJson(await reload(sql, id)) };
  }

  async function adminDelete(ctx: Ctx, rawId: string): Promise<Reply> {
    await requireAdmin(ctx);
    const id = adminUserId(rawId);
    await reload(sql, id);
    try {
      await sql`delete from auth.users where id = ${id}`;
    } catch (e) {
      throw dbFailure('Database error deleting user', e);
    }
    return { status: 200, body: {} };
  }

  async function generateLink(ctx: Ctx): Promise<Reply> {
    await requireAdmin(ctx);
    const type = str(ctx.body, 'type') ?? '';
    if (!['recovery', 'magiclink'].includes(type)) throw validationFailed('Invalid email action link type requested');
    const email = validateEmail(str(ctx.body, 'email')?.trim());
    const redirect = redirectTo(ctx.url.searchParams.get('redirect_to') ?? str(ctx.body, 'redirect_to'));
    const result = await pool.begin(async (tx) => {
      const user = await loadUser(tx, { email }, true);
      if (!user) throw new ApiError(404, 'user_not_found', 'User with this email not found');
      const { code, hash } = await newRecoveryToken(tx, user);
      return { user: await reload(tx, user.id), code, hash };
    });
    return {
      status: 200,
      body: {
        ...userJson(result.user),
        action_link: actionLink(result.hash, type, redirect),
        email_otp: result.code,
        hashed_token: result.hash,
        verification_type: type,
        redirect_to: redirect,
      },
    };
  }

  // ---- routing

  async function route(ctx: Ctx, method: string, path: string): Promise<Reply> {
    const adminUser = /^\/admin\/users\/([^/]+)$/.exec(path);
    switch (`${method} ${path}`) {
      case 'GET /health':
        return { status: 200, body: { version: 'kollega-local', name: 'GoTrue', description: 'Local stand-in for Supabase Auth' } };
      case 'GET /settings':
        return { status: 200, body: { external: { email: true, phone: false }, disable_signup: false, mailer_autoconfirm: true, phone_autoconfirm: false, sms_provider: '', saml_enabled: false } };
      case 'POST /signup':
        return signup(ctx);
      case 'POST /token': {
        const grant = ctx.url.searchParams.get('grant_type');
        if (grant === 'password') return passwordGrant(ctx);
        if (grant === 'refresh_token') return refreshGrant(ctx);
        throw new ApiError(400, 'invalid_credentials', 'unsupported_grant_type');
      }
      case 'GET /user':
        return getUser(ctx);
      case 'PUT /user':
        return putUser(ctx);
      case 'POST /logout':
        return logout(ctx);
      case 'POST /recover':
        return recover(ctx);
      case 'POST /verify':
        return verifyPost(ctx);
      case 'GET /verify':
        return verifyGet(ctx);
      case 'POST /admin/users':
        return adminCreate(ctx);
      case 'GET /admin/users':
        return adminList(ctx);
      case 'POST /admin/generate_link':
        return generateLink(ctx);
    }
    if (adminUser) {
      const id = decodeURIComponent(adminUser[1]);
      if (method === 'GET') return adminGet(ctx, id);
      if (method === 'PUT') return adminUpdate(ctx, id);
      if (method === 'DELETE') return adminDelete(ctx, id);
    }
    throw new ApiError(404, 'not_found', 'Not found');
  }

  async function readJson(req: IncomingMessage): Promise<Json> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > 1_000_000) throw new ApiError(413, 'request_timeout', 'Request body too large');
      chunks.push(chunk);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text.trim()) return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      throw badRequest('bad_json', `Could not parse request body as JSON: ${e instanceof Error ? e.message : e}`);
    }
    if (!isObject(parsed)) throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object');
    return parsed;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = req.method ?? 'GET';
      if (!url.pathname.startsWith('/auth/v1/')) throw new ApiError(404, 'not_found', 'Not found (the Auth API lives under /auth/v1/)');
      const path = url.pathname.slice('/auth/v1'.length).replace(/\/+$/, '');
      const body = method === 'GET' || method === 'HEAD' ? {} : await readJson(req);
      const ip = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? null;
      const reply = await route({ req, url, body, ip }, method, path);
      const headers = { ...(reply.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...reply.headers };
      res.writeHead(reply.status, headers).end(reply.body !== undefined ? JSON.stringify(reply.body) : undefined);
    } catch (error) {
      let apiError: ApiError;
      if (error instanceof ApiError) apiError = error;
      else {
        log(`auth stand-in: ${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        apiError = new ApiError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
      }
      if (res.headersSent) res.end();
      else sendError(req, res, apiError);
    }
  }

  const server: Server = createServer((req, res) => void handle(req, res));
  try {
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(opts.port, '127.0.0.1', () => {
        server.off('error', fail);
        done();
      });
    });
  } catch (e) {
    await pool.end({ timeout: 1 });
    throw e;
  }
  let mailServer: Server;
  try {
    mailServer = await startOutboxServer(outbox, opts.mailPort);
  } catch (e) {
    server.close();
    await pool.end({ timeout: 1 });
    throw e;
  }

  const closeServer = (s: Server) =>
    new Promise<void>((done) => {
      s.close(() => done());
      s.closeAllConnections();
    });

  return {
    outbox,
    url: externalUrl,
    mailUrl: `http://127.0.0.1:${opts.mailPort}`,
    async close() {
      await Promise.all([closeServer(server), closeServer(mailServer)]);
      await pool.end({ timeout: 2 });
    },
  };
}
