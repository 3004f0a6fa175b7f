// Supabase Auth from the server: access-token verification (HS256, the project's JWT secret), the
// supabase-js clients, and whether the session behind a token is still alive.
import { type AuthError, createClient, type SupabaseClient } from '@supabase/supabase-js';
import { type JWTPayload, jwtVerify } from 'jose';

/** The claims of a GoTrue access token that the function relies on (docs/local-stack.md, "Access tokens and the local keys"). */
export type AccessClaims = JWTPayload & {
  sub: string;
  role: 'authenticated';
  session_id: string;
  email?: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function env(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

let secret: Uint8Array | undefined;

/**
 * Tokens that verified, with their claims, so that the requests of a session (every few seconds per open screen)
 * do not each decode and HMAC-check the same token again. A hit is only a token this process verified itself,
 * and it is given out only until its `exp`; whether its session is still alive is checked per request anyway
 * (withUser). Bounded: emptied when full.
 */
const verified = new Map<string, AccessClaims>();
const VERIFIED_MAX = 10_000;

/** The verified claims of a signed-in user's access token, or null when it is expired, forged or not a user token. */
export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  const known = verified.get(token);
  if (known) {
    if (typeof known.exp === 'number' && known.exp > Date.now() / 1000) return known;
    verified.delete(token);
  }
  // A hosted project refuses secrets named SUPABASE_*, so a deployment sets KOLLEGA_JWT_SECRET (docs/deploy.md);
  // the local stack and `supabase functions serve` may use SUPABASE_JWT_SECRET.
  secret ??= new TextEncoder().encode(Deno.env.get('KOLLEGA_JWT_SECRET') || env('SUPABASE_JWT_SECRET'));
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], audience: 'authenticated' });
    const ok = typeof payload.sub === 'string' && UUID.test(payload.sub) &&
      payload.role === 'authenticated' &&
      typeof payload.session_id === 'string' && UUID.test(payload.session_id) &&
      typeof payload.exp === 'number';
    if (!ok) return null;
    if (verified.size >= VERIFIED_MAX) verified.clear();
    verified.set(token, payload as AccessClaims);
    return payload as AccessClaims;
  } catch {
    return null;
  }
}

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/**
 * A fresh client with the anon key. One per request: a client keeps the session of its last sign-in
 * in memory, so sharing one between requests would mix users.
 */
export function anonClient(): SupabaseClient {
  return createClient(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY'), clientOptions);
}

let service: SupabaseClient | undefined;

/** The service-role client, for `auth.admin.*` only (its calls keep no session, so it is shared). */
export function serviceClient(): SupabaseClient {
  service ??= createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), clientOptions);
  return service;
}

/** True when Auth could not answer (network failure or a 5xx): retry later, do not treat as a verdict. */
export function authUnavailable(error: AuthError): boolean {
  return error.status === undefined || error.status === 0 || error.status >= 500;
}
