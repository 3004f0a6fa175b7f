// Test helpers for the api function's tests, which run against a running local stack:
// API_URL (e.g. http://127.0.0.1:55331/api), MAIL_URL (the outbox), DB_URL (Postgres as `postgres`).
import postgres from 'postgres';
import { JWT_SECRET, urls } from '../../../../dev/lib/config.ts';

const defaults = urls('test');
export const API_URL = (Deno.env.get('API_URL') ?? defaults.api).replace(/\/+$/, '');
export const API_ORIGIN = new URL(API_URL).origin;
/** The web app's origin (the api's SITE_URL in the stack). */
export const APP_URL = new URL(Deno.env.get('APP_URL') ?? defaults.app).origin;
export const MAIL_URL = (Deno.env.get('MAIL_URL') ?? defaults.mail).replace(/\/+$/, '');
export const DB_URL = Deno.env.get('DB_URL') ?? defaults.db;
export const SECRET = new TextEncoder().encode(Deno.env.get('SUPABASE_JWT_SECRET') ?? JWT_SECRET);

export type ApiResponse = {
  status: number;
  headers: Headers;
  /** Parsed JSON, or null for an empty body. */
  // deno-lint-ignore no-explicit-any
  body: any;
  text: string;
  /** The Set-Cookie headers of the response, by cookie name. */
  setCookies: Map<string, { value: string; attributes: string }>;
};

type RequestOptions = {
  /** JSON-serialised unless a string or FormData (sent as multipart/form-data, as a browser's upload). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Send no Origin header. */
  noOrigin?: boolean;
};

/**
 * A browser-like client with a cookie jar. Each client has its own client address (sent as
 * X-Forwarded-For) so that tests never share a sign-in rate-limit bucket.
 */
export class Client {
  readonly jar = new Map<string, string>();
  readonly address: string;

  constructor(readonly lang: 'sv' | 'en' = 'en') {
    const n = crypto.getRandomValues(new Uint32Array(1))[0];
    this.address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  }

  /** A second client holding the same cookies: a reloaded tab (optionally in another language). */
  clone(lang: 'sv' | 'en' = this.lang): Client {
    const other = new Client(lang);
    for (const [name, value] of this.jar) other.jar.set(name, value);
    return other;
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const headers = new Headers({ 'Accept-Language': this.lang, 'X-Forwarded-For': this.address });
    if (!options.noOrigin && method !== 'GET') headers.set('Origin', API_ORIGIN);
    let body: string | FormData | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers.set('Content-Type', 'application/json');
    }
    if (this.jar.size) headers.set('Cookie', [...this.jar].map(([name, value]) => `${name}=${value}`).join('; '));
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);

    const response = await fetch(`${API_URL}${path}`, { method, headers, body });
    const text = await response.text();
    const setCookies = new Map<string, { value: string; attributes: string }>();
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      setCookies.set(name, { value, attributes: attributes.join(';') });
      if (!value || /max-age=0\b/i.test(cookie)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    let parsed = null;
    if (text && response.headers.get('content-type')?.includes('application/json')) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed, text, setCookies };
  }

  get(path: string, options?: RequestOptions) {
    return this.request('GET', path, options);
  }

  post(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request('POST', path, { ...options, body });
  }

  put(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request('PUT', path, { ...options, body });
  }

  patch(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request('PATCH', path, { ...options, body });
  }

  delete(path: string, options?: RequestOptions) {
    return this.request('DELETE', path, options);
  }
}

let unique = 0;
/** A string no other test run uses. */
export function uniqueId(): string {
  unique += 1;
  return `${Date.now().toString(36)}${unique.toString(36)}${crypto.getRandomValues(new Uint32Array(1))[0].toString(36)}`;
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${uniqueId()}@test.kollega.se`;
}

/** Ten digits, unique enough across runs. */
export function uniqueOrganizationNumber(): string {
  const random = crypto.getRandomValues(new Uint32Array(2));
  return `${(random[0] % 100_000).toString().padStart(5, '0')}${(random[1] % 100_000).toString().padStart(5, '0')}`;
}

export function registration(overrides: { email?: string; password?: string; organizationNumber?: string } = {}) {
  return {
    email: overrides.email ?? uniqueEmail('admin'),
    fullName: 'Test Testsson',
    password: overrides.password ?? 'Secret123!',
    organizationData: {
      name: 'Testbolaget AB',
      organizationNumber: overrides.organizationNumber ?? uniqueOrganizationNumber(),
      address: 'Storgatan 1',
      city: 'Stockholm',
      postalCode: '11122',
      country: 'Sverige',
      email: 'info@testbolaget.se',
      phone: '0701234567',
    },
  };
}

/** Registers a new organisation and its admin; the client then holds the admin's session. */
export async function registerUser(client = new Client()) {
  const payload = registration();
  const response = await client.post('/register', payload);
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${response.text}`);
  return { client, payload, user: response.body };
}

/** Runs `fn` with a connection to the stack's database as `postgres` (bypasses RLS). */
export async function withDb<T>(fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(DB_URL, { max: 1, onnotice: () => {} });
  try {
    return await fn(sql);
  } finally {
    await sql.end();
  }
}

/**
 * Adds a colleague to an organisation the way an admin's invitation does (app_metadata carries the
 * organisation and role; the trigger on auth.users creates the profile), with a confirmed password.
 */
export async function addMember(organizationId: string, role: 'user' | 'superuser' | 'admin' = 'user') {
  const email = uniqueEmail(role);
  const password = 'Member123!';
  const [{ id }] = await withDb((sql) =>
    sql<{ id: string }[]>`
      insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        raw_app_meta_data, raw_user_meta_data, confirmation_token, recovery_token, email_change_token_new, email_change)
      values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', ${email},
        extensions.crypt(${password}, extensions.gen_salt('bf', 4)), now(),
        ${sql.json({ provider: 'email', providers: ['email'], organization_id: organizationId, role })},
        ${sql.json({ full_name: 'Kalle Kollega' })}, '', '', '', '')
      returning id`
  );
  return { id, email, password };
}

/** The reset token of the newest recovery mail to `address`, waiting for it to arrive. */
export async function recoveryToken(address: string): Promise<{ token: string; link: string }> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const list = await (await fetch(`${MAIL_URL}/api/v1/messages`)).json() as {
      messages: { ID: string; To: { Address: string }[] }[];
    };
    const mail = list.messages.find((m) => m.To.some((to) => to.Address.toLowerCase() === address.toLowerCase()));
    if (mail) {
      const message = await (await fetch(`${MAIL_URL}/api/v1/message/${mail.ID}`)).json() as { HTML: string; Text: string };
      const link = `${message.HTML} ${message.Text}`.match(/https?:\/\/[^\s"'<>()]*[?&]token=([^\s"'<>&()]+)/);
      if (!link) throw new Error(`no reset link in the mail to ${address}`);
      return { link: link[0].replaceAll('&amp;', '&'), token: decodeURIComponent(link[1]) };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${address} arrived`);
}

/** A client signed in as the given account. */
export async function signIn(email: string, password: string, lang: 'sv' | 'en' = 'en'): Promise<Client> {
  const client = new Client(lang);
  const response = await client.post('/login', { email, password });
  if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status} ${response.text}`);
  return client;
}

export type Actor = { id: string; email: string; client: Client };

/**
 * A fresh organisation with a signed-in admin, superuser and member (role user): the actors of the
 * permission tests. `organizationId` is theirs.
 */
export async function team(): Promise<{ organizationId: string; admin: Actor; superuser: Actor; member: Actor }> {
  const { client, payload, user } = await registerUser();
  const [superuser, member] = await Promise.all([addMember(user.organizationId, 'superuser'), addMember(user.organizationId, 'user')]);
  const [superuserClient, memberClient] = await Promise.all([
    signIn(superuser.email, superuser.password),
    signIn(member.email, member.password),
  ]);
  return {
    organizationId: user.organizationId,
    admin: { id: user.id, email: payload.email, client },
    superuser: { id: superuser.id, email: superuser.email, client: superuserClient },
    member: { id: member.id, email: member.email, client: memberClient },
  };
}

/** The audit rows of an organisation (as postgres), newest first. */
export function auditRows(organizationId: string, action?: string) {
  return withDb((sql) =>
    sql<{ action: string; details: string; user_id: string | null; workflow_id: string | null; execution_id: string | null; metadata: Record<string, unknown> | null }[]>`
      select action, details, user_id, workflow_id, execution_id, metadata from public.audit_activities
      where organization_id = ${organizationId} and (${action ?? null}::text is null or action = ${action ?? null})
      order by created_at desc, id desc`
  );
}

/** A uuid that names no row. */
export const MISSING_ID = '00000000-0000-4000-8000-00000000dead';
