// Which addresses a workflow run may not reach: loopback, private, link-local (cloud metadata), CGNAT,
// multicast, documentation and reserved ranges of IPv4 and IPv6 (mapped and embedded forms included), and
// local names. Pure and dependency-free: the runner's network guard checks every request with it, and the
// api refuses definitions whose navigation targets are such addresses written out (a name that resolves
// to one is caught by the runner at run time).

const BLOCKED_HOSTS = new Set(['localhost', 'metadata.google.internal', 'metadata']);

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
  const v4 = ipv4ToInt(bare);
  if (v4 !== undefined) return isBlockedV4(v4);
  if (bare.includes(':')) {
    const groups = ipv6Groups(bare);
    return groups ? isBlockedV6(groups) : true;
  }
  return true; // not an IP address at all: never treat as public
}

/** Whether a URL host (without brackets) is an IP literal rather than a name. */
export function isIpLiteral(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return ipv4ToInt(bare) !== undefined || (bare.includes(':') && ipv6Groups(bare) !== undefined);
}

export function isBlockedHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return BLOCKED_HOSTS.has(host) || host.endsWith('.localhost');
}

/**
 * A navigation target whose host is written as a blocked address or local name (`http://127.0.0.1/`,
 * `http://[::1]/`, `http://localhost/`, `http://169.254.169.254/`). Templates and names that need DNS are
 * left to the runner.
 */
export function isLiteralBlockedUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (!host) return false;
  return isIpLiteral(host) ? isBlockedAddress(host) : isBlockedHostname(host);
}
