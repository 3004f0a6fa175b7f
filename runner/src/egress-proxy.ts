// The runner's egress proxy (issue 21, "Egress"): the browser reaches the web only through it, and it enforces
// the address policy where the connection is made. It resolves each host itself, refuses the connection when
// any address is not public (loopback, private, link-local and cloud metadata, CGNAT, multicast: the network
// guard's classification), and connects to exactly the address it checked. That closes what a guard beside the
// browser cannot (network-guard.ts): a DNS answer that changes between check and connect (rebinding), and
// redirect hops, each of which is a new connection through here.
//
// HTTP proxy protocol: CONNECT for https and wss, absolute-form requests for http, upgrades for ws.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { connect as netConnect, isIP, type Socket } from 'node:net';
import { isBlockedAddress, isBlockedHostname } from '../../supabase/functions/_shared/blocked-address.ts';
import { defaultLookup, type Lookup } from './engine/network-guard.ts';

export type EgressProxy = { url: string; close(): Promise<void> };

export type EgressOptions = {
  lookup?: Lookup;
  /** Whether an address may not be reached (default: not a public address). */
  blocked?: (address: string) => boolean;
  log?: (message: string) => void;
};

type Target = { address: string; port: number } | { refused: string };

/** The one address to connect to for `host`, or why not: every address the host resolves to must be allowed. */
async function resolveTarget(host: string, port: number, opts: Required<Pick<EgressOptions, 'lookup' | 'blocked'>>): Promise<Target> {
  const name = host.replace(/^\[|\]$/g, '');
  if (!name || !Number.isInteger(port) || port < 1 || port > 65535) return { refused: 'not a valid address' };
  if (!isIP(name) && isBlockedHostname(name)) return { refused: `${name} is a local name` };
  let addresses: string[];
  try {
    addresses = isIP(name) ? [name] : await opts.lookup(name);
  } catch {
    return { refused: `${name} could not be resolved` };
  }
  if (!addresses.length) return { refused: `${name} could not be resolved` };
  const bad = addresses.find(opts.blocked);
  if (bad) return { refused: `${name} resolves to ${bad}, which runs may not reach` };
  return { address: addresses[0]!, port };
}

function refuse(socket: Socket, why: string): void {
  const body = `Kollega refused the connection: ${why}\n`;
  socket.end(`HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
}

/** Starts the proxy on 127.0.0.1 (a free port); the browser contexts of a run use it as their proxy. */
export async function startEgressProxy(options: EgressOptions = {}): Promise<EgressProxy> {
  const opts = { lookup: options.lookup ?? defaultLookup, blocked: options.blocked ?? isBlockedAddress };
  const log = options.log ?? (() => {});
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };

  const server: Server = createServer(async (req, res) => {
    // An absolute-form request for http: forwarded to the checked address, as origin-form.
    if (!req.url || !URL.canParse(req.url) || new URL(req.url).protocol !== 'http:') {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Kollega refused the request: not a proxy request\n');
      return;
    }
    const url = new URL(req.url);
    const target = await resolveTarget(url.hostname, Number(url.port || 80), opts);
    if ('refused' in target) {
      log(`egress refused: ${url.host} (${target.refused})`);
      res.writeHead(403, { 'content-type': 'text/plain' }).end(`Kollega refused the connection: ${target.refused}\n`);
      return;
    }
    const headers = { ...req.headers };
    delete headers['proxy-connection'];
    delete headers['proxy-authorization'];
    const upstream = httpRequest({ host: target.address, port: target.port, method: req.method, path: `${url.pathname}${url.search}`, headers, setHost: false });
    upstream.on('response', (answer: IncomingMessage) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    req.pipe(upstream);
  });

  // https and wss: a tunnel to the checked address.
  server.on('connect', async (req: IncomingMessage, client: Socket, head: Buffer) => {
    track(client);
    const m = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(req.url ?? '');
    const target = m ? await resolveTarget(m[1]!, Number(m[2]), opts) : ({ refused: 'not a valid address' } as const);
    if ('refused' in target) {
      log(`egress refused: ${req.url} (${target.refused})`);
      return refuse(client, target.refused);
    }
    const upstream = netConnect(target.port, target.address, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    track(upstream);
    upstream.on('error', () => client.destroy());
  });

  // ws: the upgrade request forwarded as is to the checked address.
  server.on('upgrade', async (req: IncomingMessage, client: Socket, head: Buffer) => {
    track(client);
    const url = req.url && URL.canParse(req.url) ? new URL(req.url) : null;
    const target = url ? await resolveTarget(url.hostname, Number(url.port || 80), opts) : ({ refused: 'not a valid address' } as const);
    if ('refused' in target) return refuse(client, target.refused);
    const upstream = netConnect(target.port, target.address, () => {
      const lines = [`${req.method} ${url!.pathname}${url!.search} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        if (!/^proxy-/i.test(req.rawHeaders[i]!)) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    track(upstream);
    upstream.on('error', () => client.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
