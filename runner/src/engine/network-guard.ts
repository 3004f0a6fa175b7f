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

export type Lookup = (hostname: string) => Promise<string[]>;
export type UrlCheck = { allowed: true } | { allowed: false; reason: string; unresolved?: boolean };

const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'ws:', 'wss:', 'data:', 'blob:']);
const BLOCKED_HOSTS = new Set(['localhost', 'metadata.google.internal', 'metadata']);

export const defaultLookup: Lookup = async (hostname) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

function ipv4ToInt(ip: string): number | undefined {
  const parts = ip.split('.');
  if (parts.length !== 4) return undefined;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return undefined;
    n = n * 256 + Number(p);
  }
  return n;
}

/** [network, prefix length] ranges of IPv4 that are not public. */
const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, incl. 169.254.169.254 (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. broadcast
];
const BLOCKED_V4_RANGES = BLOCKED_V4.map(([net, bits]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { net: (ipv4ToInt(net)! & mask) >>> 0, mask };
});

function isBlockedV4(n: number): boolean {
  return BLOCKED_V4_RANGES.some(({ net, mask }) => ((n & mask) >>> 0) === net);
}

/** The eight 16-bit groups of an IPv6 address (with an embedded dotted IPv4 tail), or undefined. */
function ipv6Groups(ip: string): number[] | undefined {
  let text = ip.toLowerCase().replace(/^\[|\]$/g, '');
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const v4 = ipv4ToInt(tail[1]!);
    if (v4 === undefined) return undefined;
    text = text.slice(0, -tail[1]!.length) + `${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? head.length !== 8 : missing < 1) return undefined;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill(0), ...rest];
  return groups.some(Number.isNaN) ? undefined : groups;
}

function isBlockedV6(g: number[]): boolean {
  const v4At = (i: number) => ((g[i]! << 16) | g[i + 1]!) >>> 0;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return true; // ::
  if (zeros(0, 7) && g[7] === 1) return true; // ::1
  if (zeros(0, 5) && g[5] === 0xffff) return isBlockedV4(v4At(6)); // ::ffff:a.b.c.d (IPv4-mapped)
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return isBlockedV4(v4At(6)); // ::ffff:0:a.b.c.d (IPv4-translated)
  if (zeros(0, 6)) return isBlockedV4(v4At(6)); // ::a.b.c.d (IPv4-compatible, deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return isBlockedV4(v4At(6)); // 64:ff9b::/96 NAT64
  if (g[0] === 0x2002) return isBlockedV4(v4At(1)); // 6to4 embeds an IPv4 address
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((first & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated)
  if ((first & 0xff00) === 0xff00) return true; // ff00::/8 multicast
  if (first === 0x2001 && g[1] === 0x0db8) return true; // 2001:db8::/32 documentation
  if (first === 0x0100 && zeros(1, 4)) return true; // 100::/64 discard
  return false;
}

/** Whether an IP address (v4, v6, IPv4-mapped v6, with or without brackets) is not a public address. */
export function isBlockedAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '');
  const kind = isIP(bare.split('%')[0]!);
  if (kind === 4) return isBlockedV4(ipv4ToInt(bare)!);
  if (kind === 6) {
    const groups = ipv6Groups(bare);
    return groups ? isBlockedV6(groups) : true;
  }
  return true; // not an IP address at all: never treat as public
}

function isBlockedHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return BLOCKED_HOSTS.has(host) || host.endsWith('.localhost');
}

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
