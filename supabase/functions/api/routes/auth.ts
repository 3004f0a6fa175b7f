// Session endpoints: who am I, sign in, register, sign out, and the password-reset pair (SPEC §4, §7).
import type { AuthError, Session as AuthSession } from '@supabase/supabase-js';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { anonClient, authUnavailable, serviceClient, verifyAccessToken } from '../../_shared/auth.ts';
import { clearSessionCookies, readSessionCookies, setSessionCookies } from '../../_shared/cookies.ts';
import { db, SessionRejected, type Sql, type Tx, withUser } from '../../_shared/db.ts';
import { HttpError, parseJsonBody } from '../../_shared/http.ts';
import { isLang, type Lang, t } from '../../_shared/i18n.ts';
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from '../../_shared/schemas/auth.ts';
import { USER_SELECT } from '../../_shared/statements.ts';
import { type AppEnv, clientAddress, errorResponse, readJson, requireSession } from '../middleware.ts';

/** The current user as the SPA reads it. */
export type ApiUser = {
  id: string;
  email: string;
  fullName: string;
  username: string | null;
  role: 'user' | 'superuser' | 'admin';
  isActive: boolean;
  createdAt: Date;
  organizationId: string;
  organizationName: string | null;
};

/**
 * Sign-in limits (docs/api.md "Sign-in limits"). Per e-mail address, over every client address: the first
 * `email.free` failures cost nothing, then each further attempt waits `email.baseSeconds` × 2^(failures −
 * free) after the latest failure, at most `email.maxSeconds` — a guesser is slowed to one try per five
 * minutes, and whoever sends wrong passwords for a colleague's address keeps them out for five minutes at
 * most. Per client address (as a trusted proxy reports it): `address` failures in the window block it for
 * the rest of the window. Failures older than the window no longer count and are deleted.
 */
const LOGIN_LIMITS = {
  email: { free: 5, baseSeconds: 30, maxSeconds: 300 },
  address: 20,
  windowMinutes: 15,
} as const;

async function selectUser(sql: Sql | Tx, id: string): Promise<ApiUser | null> {
  const [user] = await sql<ApiUser[]>`${sql.unsafe(USER_SELECT)} where p.id = ${id}`;
  return user ?? null;
}

/** An Auth failure as the client should see it. */
function fromAuthError(error: AuthError, lang: Lang): HttpError {
  if (authUnavailable(error)) return new HttpError(503, 'auth_unavailable', { cause: error });
  switch (error.code) {
    case 'invalid_credentials':
      return new HttpError(401, 'invalid_credentials');
    case 'user_banned':
      return new HttpError(403, 'account_disabled');
    case 'email_not_confirmed':
      return new HttpError(403, 'email_not_confirmed');
    case 'user_already_exists':
    case 'email_exists':
      return new HttpError(409, 'email_exists', { fields: { email: t(lang, 'email_exists') } });
    case 'weak_password':
      return new HttpError(400, 'weak_password', { fields: { password: t(lang, 'weak_password') } });
    case 'signup_disabled':
      return new HttpError(403, 'signup_disabled');
    case 'otp_expired':
      return new HttpError(400, 'reset_link_invalid');
  }
  if (error.status === 429) return new HttpError(429, 'rate_limited');
  if (error.status !== undefined && error.status < 500) {
    console.warn(`[api] Auth refused a request (${error.status} ${error.code}): ${error.message}`);
    return new HttpError(400, 'validation_failed', { cause: error });
  }
  return new HttpError(500, 'internal_error', { cause: error });
}

/** Ends one session at Auth. Best effort: an already ended session is what we want anyway. */
async function endSession(accessToken: string): Promise<void> {
  const { error } = await serviceClient().auth.admin.signOut(accessToken, 'local');
  if (error && authUnavailable(error)) console.error('[api] could not end a session at Auth:', error.message);
}

/** Loads the user of a fresh session under RLS and sets the cookies; a deactivated user is signed out again. */
async function startSession(c: Context<AppEnv>, session: AuthSession): Promise<ApiUser> {
  const claims = await verifyAccessToken(session.access_token);
  if (!claims) throw new Error('Auth issued an access token that does not verify: check KOLLEGA_JWT_SECRET (or SUPABASE_JWT_SECRET)');
  const user = await withUser(claims, (tx) => selectUser(tx, claims.sub)).catch((error) => {
    if (error instanceof SessionRejected) return null;
    throw error;
  });
  if (!user) {
    await endSession(session.access_token);
    throw new HttpError(403, 'account_disabled');
  }
  setSessionCookies(c, session);
  return user;
}

/**
 * Seconds until another sign-in may be tried, or null when allowed. The e-mail address's failures count
 * since its last successful sign-in (within the window); the client address's within the window.
 */
async function loginRetryAfter(email: string, address: string | null): Promise<number | null> {
  const { email: byEmail, address: byAddress, windowMinutes } = LOGIN_LIMITS;
  const [row] = await db()<{ retry_after: number | null }[]>`
    with window_start as (select now() - make_interval(mins => ${windowMinutes}) as at),
    by_email as (
      select count(*)::int as failures, max(f.created_at) as latest
      from private.login_failures f, window_start w
      where f.email = ${email}
        and f.created_at > greatest(w.at, (select u.last_sign_in_at from auth.users u where u.email = ${email} and not u.is_sso_user))
    ),
    by_address as (
      select f.created_at as blocked_since
      from private.login_failures f, window_start w
      where f.ip = ${address} and f.created_at > w.at
      order by f.created_at desc offset ${byAddress - 1} limit 1
    )
    select ceil(greatest(
      (select extract(epoch from e.latest - now())
                + least(${byEmail.baseSeconds} * power(2, e.failures - ${byEmail.free}), ${byEmail.maxSeconds})
       from by_email e where e.failures >= ${byEmail.free}),
      (select extract(epoch from a.blocked_since + make_interval(mins => ${windowMinutes}) - now()) from by_address a)
    ))::int as retry_after`;
  return row?.retry_after && row.retry_after > 0 ? row.retry_after : null;
}

/** Records a failed sign-in and deletes the failures that no longer count (older than the window). */
async function recordLoginFailure(email: string, address: string | null): Promise<void> {
  await db()`
    with pruned as (
      delete from private.login_failures where created_at < now() - make_interval(mins => ${LOGIN_LIMITS.windowMinutes})
    )
    insert into private.login_failures (email, ip) values (${email}, ${address})`;
}

async function organizationNumberTaken(organizationNumber: string): Promise<boolean> {
  const [row] = await db()`select 1 from public.organizations where organization_number = ${organizationNumber}`;
  return !!row;
}

function siteUrl(c: Context<AppEnv>): string {
  // Without SITE_URL the request's Origin is used: the CSRF check has already accepted it.
  return (Deno.env.get('SITE_URL') ?? c.req.header('origin') ?? '').replace(/\/+$/, '');
}

export const authRoutes = new Hono<AppEnv>();

authRoutes.get('/user', requireSession, async (c) => {
  const { claims } = c.get('session');
  const user = await withUser(claims, (tx) => selectUser(tx, claims.sub));
  if (!user) {
    clearSessionCookies(c);
    throw new HttpError(401, 'account_disabled');
  }
  return c.json(user);
});

authRoutes.post('/login', async (c) => {
  const { email, password } = await readJson(c, loginSchema);
  const address = clientAddress(c);
  const retryAfter = await loginRetryAfter(email, address);
  if (retryAfter) {
    throw new HttpError(429, 'too_many_attempts', {
      vars: { minutes: Math.ceil(retryAfter / 60) },
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
  const { data, error } = await anonClient().auth.signInWithPassword({ email, password });
  if (error) {
    if (error.code === 'invalid_credentials') await recordLoginFailure(email, address);
    throw fromAuthError(error, c.get('lang'));
  }
  return c.json(await startSession(c, data.session));
});

authRoutes.post('/register', async (c) => {
  const lang = c.get('lang');
  const { email, password, fullName, organizationData: org } = await readJson(c, registerSchema);
  const organizationTaken = () =>
    new HttpError(409, 'organization_exists', {
      fields: { 'organizationData.organizationNumber': t(lang, 'organization_exists') },
    });
  if (await organizationNumberTaken(org.organizationNumber)) throw organizationTaken();

  const { data, error } = await anonClient().auth.signUp({
    email,
    password,
    options: {
      // Read by the trigger on auth.users that creates the organisation, its subscription and the admin profile.
      data: {
        full_name: fullName,
        organization: {
          name: org.name,
          organization_number: org.organizationNumber,
          address: org.address,
          city: org.city,
          postal_code: org.postalCode,
          country: org.country,
          email: org.email,
          phone: org.phone,
        },
      },
    },
  });
  if (error) {
    // The trigger failing makes Auth answer 500; a concurrent registration of the same number is the likely cause.
    if (error.status === 500 && (await organizationNumberTaken(org.organizationNumber))) throw organizationTaken();
    throw fromAuthError(error, lang);
  }
  if (!data.session) {
    // Auth requires e-mail confirmation first (not this project's setting): registered, but no session yet.
    const user = data.user && (await selectUser(db(), data.user.id));
    if (!user) throw new Error('Auth registered a user without a session and no profile was created');
    return c.json(user, 201);
  }
  return c.json(await startSession(c, data.session), 201);
});

authRoutes.post('/logout', async (c) => {
  const { accessToken, refreshToken } = readSessionCookies(c);
  let token = accessToken && (await verifyAccessToken(accessToken)) ? accessToken : undefined;
  if (!token && refreshToken) {
    // An expired access token cannot end its session; a refreshed one of the same session can.
    const { data } = await anonClient().auth.refreshSession({ refresh_token: refreshToken });
    token = data.session?.access_token;
  }
  if (token) await endSession(token);
  clearSessionCookies(c);
  return c.body(null, 204);
});

authRoutes.post('/forgot-password', async (c) => {
  const { email } = await readJson(c, forgotPasswordSchema);
  const { error } = await anonClient().auth.resetPasswordForEmail(email, { redirectTo: `${siteUrl(c)}/reset-password` });
  // The answer never tells whether the address has an account, nor that Auth throttled it.
  if (error && error.status !== 429) {
    console.warn(`[api] password recovery was not sent (${error.status} ${error.code}): ${error.message}`);
  }
  return c.json({ ok: true });
});

authRoutes.post('/reset-password', async (c) => {
  try {
    const text = await c.req.text();
    // Messages follow the language in the body (the reset screen's language), else Accept-Language.
    const requested = (() => {
      try {
        return (JSON.parse(text) as { language?: unknown })?.language;
      } catch {
        return undefined;
      }
    })();
    if (isLang(requested)) c.set('lang', requested);
    const { token, password } = parseJsonBody(text, resetPasswordSchema, c.get('lang'));

    const { data, error } = await anonClient().auth.verifyOtp({ token_hash: token, type: 'recovery' });
    if (error) {
      throw error.code === 'user_banned' || authUnavailable(error)
        ? fromAuthError(error, c.get('lang'))
        : new HttpError(400, 'reset_link_invalid');
    }
    if (!data.user || !data.session) throw new HttpError(400, 'reset_link_invalid');
    try {
      // Setting the password as admin ends every session of the user, the recovery one included.
      const { error: updateError } = await serviceClient().auth.admin.updateUserById(data.user.id, { password });
      if (updateError) throw fromAuthError(updateError, c.get('lang'));
    } finally {
      await endSession(data.session.access_token);
    }
    return c.json({ ok: true });
  } catch (error) {
    if (error instanceof HttpError) return errorResponse(c, error, { ok: false });
    throw error;
  }
});
