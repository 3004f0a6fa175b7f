// The relay for attended runs (docs/automation.md "Attended runs", docs/deploy.md "The relay"): a WebSocket
// server in the runner process on its own port. A person's extension connects to /relay and presents the token
// the api gave it (its first message); the relay checks it in Postgres (app.runner_claim_attended_run: once,
// unexpired, bound to the run, its attempt and the person) and takes the run for this runner, or closes the
// connection. Playwright, in this same process, connects to the run's CDP bridge on a secret path, over
// loopback only. Nothing else is served.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ExtensionToRelay } from '../../../extension/src/attended-protocol.ts';
import type { CdpBridge } from './cdp-bridge.ts';
import { ExtensionLink } from './link.ts';

/** How long a new connection may take to present its token. */
const HELLO_TIMEOUT_MS = 5_000;
/** The largest message accepted (a CDP answer with a screenshot is the largest: well under this). */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** How long the extension's next token (after a service worker restart) stays valid. */
export const NEXT_TOKEN_TTL_SECONDS = 600;

export const sha256 = (token: string) => createHash('sha256').update(token).digest();
export const newToken = () => randomBytes(32).toString('base64url');

/** The run an accepted token gave this runner. */
export type AttendedClaim = { runId: string; attempt: number; personId: string };

export type RelayOptions = {
  port: number;
  host: string;
  /** Checks a token (its hash) and claims the run; undefined when refused. `nextHash`: the extension's next token. */
  claim(tokenHash: Buffer, nextHash: Buffer): Promise<AttendedClaim | undefined>;
  /** An extension presented a good token: the runner executes the run through it. */
  onSession(link: ExtensionLink, claim: AttendedClaim): void;
  log(message: string): void;
};

export type Relay = {
  /** ws://host:port, for Playwright's connectOverCDP (loopback). */
  cdpBase: string;
  port: number;
  register(bridge: CdpBridge): () => void;
  close(): Promise<void>;
};

const loopback = (request: IncomingMessage) => /^(127\.|::1$|::ffff:127\.)/.test(request.socket.remoteAddress ?? '');

export async function startRelay(opts: RelayOptions): Promise<Relay> {
  const bridges = new Map<string, CdpBridge>();
  const server = createServer((_request, response) => {
    response.writeHead(426, { 'content-type': 'text/plain' }).end('Kollega relay: WebSocket only\n');
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  server.on('upgrade', (request, socket, head) => {
    const path = new URL(request.url ?? '/', 'http://relay').pathname;
    const bridge = bridges.get(path);
    if (bridge && loopback(request)) {
      wss.handleUpgrade(request, socket, head, (ws) => bridge.accept(ws));
    } else if (path === '/relay') {
      wss.handleUpgrade(request, socket, head, (ws) => greet(ws));
    } else {
      socket.destroy();
    }
  });

  function greet(ws: WebSocket): void {
    const timer = setTimeout(() => ws.close(4408, 'no token'), HELLO_TIMEOUT_MS);
    ws.once('message', (data) => {
      clearTimeout(timer);
      let hello: ExtensionToRelay;
      try {
        hello = JSON.parse(String(data));
      } catch {
        return ws.close(4400, 'bad message');
      }
      if (hello.type !== 'hello' || typeof hello.token !== 'string' || hello.token.length > 200) return ws.close(4400, 'bad message');
      const next = newToken();
      opts.claim(sha256(hello.token), sha256(next)).then(
        (claim) => {
          if (!claim) {
            ws.send(JSON.stringify({ type: 'refused', reason: 'token' }));
            return ws.close(4401, 'token refused');
          }
          ws.send(JSON.stringify({ type: 'accepted', runId: claim.runId, nextToken: next }));
          const features = Array.isArray(hello.features) ? hello.features.filter((f) => f === 'cdpBatch' || f === 'cdpBefore') : [];
          opts.onSession(new ExtensionLink(ws, features), claim);
        },
        (error: unknown) => {
          opts.log(`relay: could not check a token: ${error instanceof Error ? error.message : error}`);
          ws.close(1011, 'try again');
        },
      );
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    cdpBase: `ws://127.0.0.1:${port}`,
    port,
    register(bridge) {
      bridges.set(bridge.path, bridge);
      return () => bridges.delete(bridge.path);
    },
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
