// The session lives in two HttpOnly cookies scoped to /api; the browser never sees a token.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';

export const ACCESS_COOKIE = 'sb-access-token';
export const REFRESH_COOKIE = 'sb-refresh-token';

/**
 * Both cookies outlive the access token (one hour) so that an expired access token arrives together
 * with its refresh token and can be renewed transparently; the refresh token is what really ends a
 * session (logout, ban or password change revoke it at Auth).
 */
export const SESSION_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The host the client addressed: X-Forwarded-Host (set by a proxy) first, then Host, then the URL. */
export function requestHost(req: Request): string {
  const forwarded = req.headers.get('x-forwarded-host')?.split(',')[0]?.trim();
  return (forwarded || req.headers.get('host') || new URL(req.url).host).toLowerCase();
}

function hostname(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
}

function cookieOptions(c: Context): CookieOptions {
  return {
    path: '/api',
    httpOnly: true,
    sameSite: 'Lax',
    secure: !LOCAL_HOSTNAMES.has(hostname(requestHost(c.req.raw))),
  };
}

export type SessionTokens = { access_token: string; refresh_token: string };

export function readSessionCookies(c: Context): { accessToken?: string; refreshToken?: string } {
  return { accessToken: getCookie(c, ACCESS_COOKIE) || undefined, refreshToken: getCookie(c, REFRESH_COOKIE) || undefined };
}

export function setSessionCookies(c: Context, session: SessionTokens): void {
  const options = { ...cookieOptions(c), maxAge: SESSION_COOKIE_MAX_AGE };
  setCookie(c, ACCESS_COOKIE, session.access_token, options);
  setCookie(c, REFRESH_COOKIE, session.refresh_token, options);
}

export function clearSessionCookies(c: Context): void {
  deleteCookie(c, ACCESS_COOKIE, cookieOptions(c));
  deleteCookie(c, REFRESH_COOKIE, cookieOptions(c));
}
