// Shared by the Auth stand-in's modules (dev/auth/): options, GoTrue's constants and row shapes, the
// small body readers and validators, and the user JSON GoTrue answers with.
import type { IncomingMessage } from 'node:http';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { resolve } from 'node:path';
import type postgres from 'postgres';
import type { JWTPayload } from 'jose';
import { badRequest, MIN_PASSWORD_LENGTH, validationFailed, weakPassword } from './errors.ts';
import type { Outbox } from './outbox.ts';

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
  /**
   * The bcrypt cost of the hashes it writes: 10 (GoTrue's) unless told. The test profile's stack says 4, bcrypt's
   * least, as GoTrue's own tests do (QuickHashCost): a hash then takes about 1 ms instead of 95 ms in this
   * single-threaded stand-in, where the test suites register hundreds of companies. Any cost verifies.
   */
  passwordHashCost?: number;
};

export const repoRoot = resolve(import.meta.dirname, '../..');
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
export const AUD = 'authenticated';
export const DEFAULT_ROLE = 'authenticated';
export const ADMIN_ROLES = ['service_role', 'supabase_admin'];
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// checkmail.ValidateFormat (github.com/badoux/checkmail), which GoTrue's validateEmail uses.
export const EMAIL_RE = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export type Json = Record<string, unknown>;
export type Db = postgres.TransactionSql;

export type UserRow = {
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
export type IdentityRow = {
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
export type User = UserRow & { identities: IdentityRow[] };
export type AmrEntry = { method: string; timestamp: number };
export type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
export type Claims = JWTPayload & { role?: string; session_id?: string };
export type Ctx = { req: IncomingMessage; url: URL; body: Json; ip: string | null };

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);
export const isBanned = (u: UserRow) => !!u.banned_until && u.banned_until.getTime() > Date.now();
export const sha224Hex = (s: string) => createHash('sha224').update(s).digest('hex');
export const otp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function refreshTokenString() {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(12), (b) => alphabet[b % alphabet.length]).join('');
}

export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads an optional string field; another JSON type is a decoding error, as in Go. */
export function str(body: Json, key: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw badRequest('bad_json', `Could not parse request body as JSON: json: cannot unmarshal ${typeof v} into field ${key} of type string`);
  return v;
}

export function obj(body: Json, key: string): Json | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (!isObject(v)) throw badRequest('bad_json', `Could not parse request body as JSON: json: cannot unmarshal ${Array.isArray(v) ? 'array' : typeof v} into field ${key} of type map[string]interface {}`);
  return v;
}

/** GoTrue's UpdateUserMetaData / UpdateAppMetaData: keys merge, a null value removes the key. */
export function mergeMeta(current: Json | null, update: Json): Json {
  const out: Json = { ...(current ?? {}) };
  for (const [k, v] of Object.entries(update)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

export function validateEmail(email: string | undefined): string {
  if (!email) throw validationFailed('An email address is required');
  if (email.length > 255) throw validationFailed('An email address is too long');
  if (!EMAIL_RE.test(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email.toLowerCase();
}

export function checkPassword(password: string) {
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

export function userJson(u: User): Json {
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

/** What every module of the stand-in works with: the options, the database, the signing key, the outbox. */
export type AuthDeps = {
  opts: AuthServerOptions;
  /** The pool; helpers take a transaction or the pool alike (the pool answers every query a transaction does). */
  sql: Db;
  pool: postgres.Sql;
  key: Uint8Array;
  jwtExp: number;
  otpExp: number;
  maxFrequency: number;
  reuseInterval: number;
  templatePath: string;
  subject: string;
  log: (line: string) => void;
  externalUrl: string;
  outbox: Outbox;
  /** GoTrue keeps each session's sign-in methods in auth.mfa_amr_claims; the bootstrap has no such table. */
  sessionAmr: Map<string, AmrEntry[]>;
};
