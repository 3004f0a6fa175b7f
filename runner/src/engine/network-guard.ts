// Network guard: a run reaches public addresses only (no loopback, private, link-local, CGNAT, multicast or cloud
// metadata addresses), unless the runner allows private addresses (local stack, tests). Every request and
// WebSocket of the run's context is checked, and every navigate step's URL before the browser goes there.
//
// Limits, by design of a guard that sits beside the browser instead of in its network stack:
// - Playwright's routes see the first request of a redirect chain only. A redirect hop to a blocked address
//   is seen as it is sent (the request event): the guard reports it, and a document being loaded there is
//   replaced by about:blank (its step fails as blocked_address), but the hop's request itself has left.
// - The browser resolves names itself, so a name whose DNS answer changes between our lookup and the
//   browser's (rebinding) can slip through for the lifetime of our cache.
// - With a remote browser service, "private" means private to that service's network.
// Egress filtering at the network level (a filtering proxy or firewall for the browser) closes all three.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { BrowserContext, Request, Route, WebSocketRoute } from 'playwright-core';
import { isBlockedAddress, isBlockedHostname } from '../../../supabase/functions/_shared/blocked-address.ts';

export { isBlockedAddress };

export type Lookup = (hostname: string) => Promise<string[]>;
export type UrlCheck = { allowed: true } | { allowed: false; reason: string; unresolved?: boolean };

const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'ws:', 'wss:', 'data:', 'blob:']);

export const defaultLookup: Lookup = async (hostname) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Whether the run may reach `url`: the scheme is http, https, ws, wss, data or blob, and the host is not a
 * blocked name and resolves to public addresses only (every address it resolves to).
 */
export async function checkUrl(url: string, allowPrivate: boolean, lookup: Lookup = defaultLookup): Promise<UrlCheck> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { allowed: false, reason: 'not a valid address' };
  }
  if (!ALLOWED_SCHEMES.has(parsed.protocol)) return { allowed: false, reason: `the scheme ${parsed.protocol} is not allowed` };
  if (allowPrivate || parsed.protocol === 'data:' || parsed.protocol === 'blob:') return { allowed: true };
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (!host) return { allowed: false, reason: 'no host' };
  if (isIP(host.split('%')[0]!)) {
    return isBlockedAddress(host) ? { allowed: false, reason: `${host} is not a public address` } : { allowed: true };
  }
  if (isBlockedHostname(host)) return { allowed: false, reason: `${host} is a local name` };
  let addresses: string[];
  try {
    addresses = await lookup(host);
  } catch {
    return { allowed: false, reason: `${host} could not be resolved`, unresolved: true };
  }
  if (addresses.length === 0) return { allowed: false, reason: `${host} could not be resolved`, unresolved: true };
  const blocked = addresses.find(isBlockedAddress);
  return blocked ? { allowed: false, reason: `${host} resolves to ${blocked}, which is not a public address` } : { allowed: true };
}

export type GuardOptions = {
  lookup?: Lookup;
  /**
   * Called for every request or WebSocket the guard stops (before it is aborted), and for every redirect hop to a
   * blocked address (`redirect: true`; that request has been sent already, see above).
   */
  onBlocked(event: { url: string; reason: string; request?: Request; redirect?: boolean }): void;
};

export type NetworkGuard = {
  /** checkUrl with the guard's lookup and its short-lived cache. */
  check(url: string): Promise<UrlCheck>;
  dispose(): Promise<void>;
};

const CACHE_MS = 30_000;

/** Checks every request and WebSocket of `context` (public addresses only) until disposed. */
export async function installNetworkGuard(context: BrowserContext, opts: GuardOptions): Promise<NetworkGuard> {
  const lookup = opts.lookup ?? defaultLookup;
  const cache = new Map<string, { at: number; addresses: Promise<string[]> }>();
  const cachedLookup: Lookup = (hostname) => {
    const hit = cache.get(hostname);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.addresses;
    const addresses = lookup(hostname);
    cache.set(hostname, { at: Date.now(), addresses });
    addresses.catch(() => cache.delete(hostname));
    return addresses;
  };
  const check = (url: string) => checkUrl(url, false, cachedLookup);

  const onRoute = async (route: Route) => {
    const request = route.request();
    const verdict = await check(request.url());
    if (verdict.allowed) return route.fallback();
    // Told before the abort, so a step whose navigation this ends fails as blocked, not as a failed load.
    opts.onBlocked({ url: request.url(), reason: verdict.reason, request });
    await route.abort(verdict.unresolved ? 'namenotresolved' : 'blockedbyclient').catch(() => {});
  };
  const onWebSocket = async (ws: WebSocketRoute) => {
    const verdict = await check(ws.url());
    if (verdict.allowed) return ws.connectToServer();
    opts.onBlocked({ url: ws.url(), reason: verdict.reason });
    await ws.close({ code: 1008, reason: 'blocked' }).catch(() => {});
  };
  const onRequest = async (request: Request) => {
    if (!request.redirectedFrom()) return;
    const verdict = await check(request.url());
    if (verdict.allowed) return;
    opts.onBlocked({ url: request.url(), reason: verdict.reason, request, redirect: true });
    if (request.isNavigationRequest()) {
      try {
        await request.frame().goto('about:blank', { timeout: 5000 });
      } catch {
        // the frame went away or already moved on
      }
    }
  };
  const allWebSockets = () => true;
  await context.route('**/*', onRoute);
  await context.routeWebSocket(allWebSockets, onWebSocket);
  context.on('request', onRequest);
  return {
    check,
    dispose: async () => {
      context.off('request', onRequest);
      await context.unroute('**/*', onRoute).catch(() => {});
    },
  };
}
