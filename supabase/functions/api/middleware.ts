// Request plumbing shared by every route: language, CSRF (webhook triggers exempt), body limits per
// route, the one error shape, 404/405, and the cookie session (with transparent refresh).
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { type AccessClaims, anonClient, authUnavailable, verifyAccessToken } from '../_shared/auth.ts';
import { SessionRejected } from '../_shared/db.ts';
import { clearSessionCookies, readSessionCookies, requestHost, setSessionCookies } from '../_shared/cookies.ts';
import { HttpError, parseJsonBody } from '../_shared/http.ts';
import { type Lang, languageFromHeader } from '../_shared/i18n.ts';
import { MAX_RUN_FILES_BYTES } from '../_shared/schemas/input-values.ts';

export type Session = { claims: AccessClaims; accessToken: string };

export type AppEnv = {
  /** Deno.serve's handler info, passed as the second argument of `app.fetch`. */
  Bindings: { remoteAddr?: { hostname?: string } } | undefined;
  Variables: { lang: Lang; session: Session };
};

export const MAX_BODY_BYTES = 64 * 1024;
/** Workflow definitions (PUT /workflows/{id}/definition) and imports (POST /workflows/import) may be larger. */
export const MAX_DEFINITION_BODY_BYTES = 1024 * 1024;

/** A batch's file (POST /workflows/{id}/batches): up to 10 MB, its zip of files up to 50 MB, plus the multipart envelope and its fields. */
export const MAX_BATCH_BODY_BYTES = 10 * 1024 * 1024 + 50 * 1024 * 1024 + 64 * 1024;
const BATCH_PATH = /^\/api\/workflows\/[^/]+\/batches$/;
/** A batch's zip of files for its rows (docs/automation.md "File inputs"), beside its CSV or XLSX. */
export const MAX_BATCH_ZIP_BYTES = 50 * 1024 * 1024;
/** "Kör nu", test runs and runs in a person's browser with files (multipart): the files of one run together, plus the
 *  envelope and the JSON. */
export const MAX_RUN_BODY_BYTES = MAX_RUN_FILES_BYTES + 64 * 1024;
const RUN_PATH = /^\/api\/workflows\/[^/]+\/(run|attended-runs)$/;
/** A webhook's JSON with its files in base64 (4 characters for every 3 bytes). */
export const MAX_HOOK_BODY_BYTES = Math.ceil(MAX_RUN_FILES_BYTES / 3) * 4 + 64 * 1024;

const LARGE_BODY_ROUTES: { method: string; path: RegExp }[] = [
  { method: 'PUT', path: /^\/api\/workflows\/[^/]+\/definition$/ },
  { method: 'POST', path: /^\/api\/workflows\/import$/ },
];

/** Webhook triggers: called by other systems, authenticated by their token (Authorization: Bearer, or the
 *  legacy path form /api/hooks/{token}), not by a session. */
export const HOOK_PATH = /^\/api\/hooks(\/[^/]+)?$/;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const language: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('lang', languageFromHeader(c.req.header('accept-language')));
  await next();
  c.header('Cache-Control', 'no-store');
};

function originAllowed(origin: string, req: Request): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.host === requestHost(req)) return true;
  const site = Deno.env.get('SITE_URL');
  return !!site && URL.canParse(site) && new URL(site).origin === url.origin;
}

function hasBody(req: Request): boolean {
  return Number(req.headers.get('content-length') ?? 0) > 0 || req.headers.has('transfer-encoding');
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0].trim().toLowerCase() === 'application/json';
}

export function isMultipart(contentType: string | undefined): boolean {
  return contentType?.split(';')[0].trim().toLowerCase() === 'multipart/form-data';
}

/**
 * State-changing requests must come from the app itself: an Origin equal to the addressed host or to
 * SITE_URL, and a JSON body (a cross-site form or `no-cors` fetch cannot send application/json).
 */
export const csrf: MiddlewareHandler<AppEnv> = async (c, next) => {
  // POST /api/hooks (and the legacy /api/hooks/{token}) is called by other systems (no Origin, no
  // cookies): the token is the credential, and the path reads no session, so there is nothing a forged request could ride on.
  const isHook = c.req.method === 'POST' && HOOK_PATH.test(c.req.path);
  if (!SAFE_METHODS.has(c.req.method) && !isHook) {
    const origin = c.req.header('origin');
    if (!origin || !originAllowed(origin, c.req.raw)) throw new HttpError(403, 'csrf_rejected');
    // A batch's file comes as multipart/form-data (a browser's file upload); the Origin check above still holds.
    // So do the files of a run ("Kör nu", a test run, "Kör i min webbläsare").
    const isUpload = c.req.method === 'POST' && (BATCH_PATH.test(c.req.path) || RUN_PATH.test(c.req.path)) && isMultipart(c.req.header('content-type'));
    if (hasBody(c.req.raw) && !isJson(c.req.header('content-type')) && !isUpload) throw new HttpError(403, 'csrf_rejected');
  }
  await next();
};

const tooLarge = () => {
  throw new HttpError(413, 'payload_too_large');
};
const smallBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
const largeBody = bodyLimit({ maxSize: MAX_DEFINITION_BODY_BYTES, onError: tooLarge });
const batchBody = bodyLimit({ maxSize: MAX_BATCH_BODY_BYTES, onError: tooLarge });
const runBody = bodyLimit({ maxSize: MAX_RUN_BODY_BYTES, onError: tooLarge });
const hookBody = bodyLimit({ maxSize: MAX_HOOK_BODY_BYTES, onError: tooLarge });

/**
 * 413 for a body over the route's limit: 64 KB, 1 MB for definitions and imports, 10 MB and a 50 MB zip (and the envelope)
 * for a batch's files, 20 MB of files for a run (multipart) or a webhook (base64). A declared
 * Content-Length over it is refused before anything is read; a body without one is read only up to it.
 */
export const limitBody: MiddlewareHandler<AppEnv> = (c, next) => {
  if (c.req.method === 'POST' && BATCH_PATH.test(c.req.path)) return batchBody(c, next);
  if (c.req.method === 'POST' && RUN_PATH.test(c.req.path) && isMultipart(c.req.header('content-type'))) return runBody(c, next);
  if (c.req.method === 'POST' && HOOK_PATH.test(c.req.path)) return hookBody(c, next);
  const large = LARGE_BODY_ROUTES.some((route) => route.method === c.req.method && route.path.test(c.req.path));
  return (large ? largeBody : smallBody)(c, next);
};

/** The request body parsed as JSON and validated; 400 with translated field errors otherwise. */
export async function readJson<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  return parseJsonBody(await c.req.text(), schema, c.get('lang'));
}

export function errorResponse(c: Context<AppEnv>, error: HttpError, extra: Record<string, unknown> = {}): Response {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  const lang = c.get('lang') ?? languageFromHeader(c.req.header('accept-language'));
  return c.json({ ...extra, ...error.body(lang) }, error.status);
}

export function handleError(error: unknown, c: Context<AppEnv>): Response {
  if (error instanceof HttpError) return errorResponse(c, error);
  if (error instanceof SessionRejected) {
    clearSessionCookies(c);
    return errorResponse(c, new HttpError(401, error.state === 'ended' ? 'session_expired' : 'account_disabled'));
  }
  // A webhook path carries its token: never in a log.
  const path = HOOK_PATH.test(c.req.path) ? '/api/hooks/…' : c.req.path;
  console.error(`[api] ${c.req.method} ${path} failed:`, error);
  return errorResponse(c, new HttpError(500, 'internal_error'));
}

/** Answers 405 (with Allow) for a known path asked with a method it does not have. Call after all routes. */
export function addMethodNotAllowed(app: Hono<AppEnv, Record<string, never>, string>, basePath: string): void {
  const methods = new Map<string, Set<string>>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue;
    const set = methods.get(route.path) ?? new Set<string>();
    set.add(route.method);
    if (route.method === 'GET') set.add('HEAD');
    methods.set(route.path, set);
  }
  for (const [path, allowed] of methods) {
    app.all(path.slice(basePath.length) || '/', () => {
      throw new HttpError(405, 'method_not_allowed', { headers: { Allow: [...allowed].join(', ') } });
    });
  }
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

function isIp(value: string): boolean {
  return IPV4.test(value) || (value.includes(':') && URL.canParse(`http://[${value}]/`));
}

/** A hosted Supabase project (SUPABASE_URL https://<ref>.supabase.co), reached through Cloudflare's edge. */
function onHostedSupabase(): boolean {
  const url = Deno.env.get('SUPABASE_URL') ?? '';
  return URL.canParse(url) && new URL(url).hostname.endsWith('.supabase.co');
}

/**
 * The client's address, as far as a proxy in front of the function vouches for it (the sign-in limits
 * key on it; docs/api.md "Sign-in limits"). Never the first X-Forwarded-For entry: the client writes it.
 * - `CLIENT_IP_HEADER` set, or a hosted Supabase project (then `cf-connecting-ip`, which the platform's
 *   edge sets and overwrites): that header only; missing or not an address → null (no per-address limit).
 * - else `TRUSTED_PROXY_HOPS` = n > 0: the n-th X-Forwarded-For entry from the right, the one the
 *   outermost trusted proxy appended (each proxy appends the address it saw; a client's own entries stay
 *   to the left). Fewer than n entries: the request did not come through the proxies → the peer.
 * - else the TCP peer.
 */
export function clientAddress(c: Context<AppEnv>): string | null {
  const header = Deno.env.get('CLIENT_IP_HEADER')?.trim() || (onHostedSupabase() ? 'cf-connecting-ip' : '');
  if (header) {
    const value = c.req.header(header)?.trim();
    return value && isIp(value) ? value : null;
  }
  const hops = Number(Deno.env.get('TRUSTED_PROXY_HOPS') ?? 0);
  const forwarded = c.req.header('x-forwarded-for')?.split(',').map((entry) => entry.trim()) ?? [];
  if (Number.isInteger(hops) && hops > 0 && forwarded.length >= hops) {
    const vouched = forwarded[forwarded.length - hops];
    return isIp(vouched) ? vouched : null;
  }
  const peer = c.env?.remoteAddr?.hostname;
  return peer && isIp(peer) ? peer : null;
}

/**
 * The caller's session from the cookies. An expired (or unverifiable) access token is renewed with
 * the refresh token and the new pair is set on the response. Whether Auth still holds the session and
 * the user is neither banned nor deactivated is checked by `withUser` in the request's transaction
 * (before the route's first query); if not, the answer is 401 and the cookies are cleared (handleError).
 */
export async function resolveSession(c: Context<AppEnv>): Promise<Session> {
  const { accessToken, refreshToken } = readSessionCookies(c);
  if (!accessToken && !refreshToken) throw new HttpError(401, 'not_authenticated');

  let session: Session | null = null;
  const claims = accessToken ? await verifyAccessToken(accessToken) : null;
  if (claims && accessToken) session = { claims, accessToken };
  if (!session) {
    if (!refreshToken) {
      clearSessionCookies(c);
      throw new HttpError(401, 'session_expired');
    }
    const { data, error } = await anonClient().auth.refreshSession({ refresh_token: refreshToken });
    if (error && authUnavailable(error)) throw new HttpError(503, 'auth_unavailable', { cause: error });
    if (error || !data.session) {
      // A concurrent request rotated this refresh token a moment ago and set new cookies: keep those.
      if (error?.code !== 'refresh_token_already_used') clearSessionCookies(c);
      throw new HttpError(401, 'session_expired');
    }
    const refreshed = await verifyAccessToken(data.session.access_token);
    if (!refreshed) throw new Error('Auth issued an access token that does not verify: check KOLLEGA_JWT_SECRET (or SUPABASE_JWT_SECRET)');
    setSessionCookies(c, data.session);
    session = { claims: refreshed, accessToken: data.session.access_token };
  }

  return session;
}

/** Requires a signed-in, active user; the session is then `c.get('session')`. */
export const requireSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('session', await resolveSession(c));
  await next();
};
