// A small HTTP server for the engine's tests, on 127.0.0.1 with a free port. Pages are registered per test;
// pages report what they received by POSTing JSON to /post/<name> (see `post()` in every page). A WebSocket at /ws
// keeps every text message it receives as a post named "ws".
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { WebSocketServer } from 'ws';

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void | Promise<void>;

export type TestServer = {
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  url(path: string): string;
  /** Serves `html` (a body fragment, wrapped in a page with `post()`; or a full document) at `path`. */
  page(path: string, html: string): void;
  handle(path: string, handler: Handler): void;
  /** The JSON bodies POSTed to /post/<name> (or /__result/<name>), in order. */
  posts(name: string): unknown[];
  /** How many requests reached `path` (any method). */
  hits(path: string): number;
  reset(): void;
  close(): Promise<void>;
};

const POST_SCRIPT = `<script>window.post=(n,v)=>fetch('/post/'+n,{method:'POST',body:JSON.stringify(v===undefined?null:v)});</script>`;

export function html(body: string): string {
  if (/^\s*<!doctype/i.test(body)) return body;
  return `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>Test</title>${POST_SCRIPT}</head><body>${body}</body></html>`;
}

export async function startServer(): Promise<TestServer> {
  const pages = new Map<string, Handler>();
  const posts = new Map<string, unknown[]>();
  const hits = new Map<string, number>();

  const builtins: Record<string, Handler> = {
    '/slow': async (_req, res, url) => {
      await new Promise((r) => setTimeout(r, Number(url.searchParams.get('ms') ?? 500)));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html(url.searchParams.get('body') ?? '<p id="slow">slow</p>'));
    },
    '/download': (_req, res, url) => {
      const name = url.searchParams.get('name') ?? 'report.txt';
      const size = Number(url.searchParams.get('size') ?? 1000);
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-disposition': `attachment; filename="${name}"`, 'content-length': String(size) });
      res.end(Buffer.alloc(size, 'x'));
    },
    '/redirect': (_req, res, url) => {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
      res.end();
    },
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    // `/__result/<name>` too: the address the hard cases' pages (runner/test/sites) post to.
    const post = /^\/(?:post|__result)\/([\w-]+)$/.exec(url.pathname);
    if (post && req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      let value: unknown = text;
      try {
        value = JSON.parse(text);
      } catch {
        // keep the text
      }
      if (!posts.has(post[1]!)) posts.set(post[1]!, []);
      posts.get(post[1]!)!.push(value);
      res.writeHead(204, { 'access-control-allow-origin': '*' });
      return res.end();
    }
    const handler = pages.get(url.pathname) ?? builtins[url.pathname];
    if (!handler) {
      res.writeHead(404, { 'content-type': 'text/html' });
      return res.end(html('<h1>Finns inte</h1>'));
    }
    try {
      await handler(req, res, url);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    }
  });
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/ws') return socket.destroy();
    sockets.handleUpgrade(req, socket, head, (ws) => {
      ws.on('message', (data) => {
        if (!posts.has('ws')) posts.set('ws', []);
        posts.get('ws')!.push(String(data));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    port: address.port,
    url: (path) => `${origin}${path}`,
    page: (path, body) =>
      pages.set(path, (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(html(body));
      }),
    handle: (path, handler) => pages.set(path, handler),
    posts: (name) => [...(posts.get(name) ?? [])],
    hits: (path) => hits.get(path) ?? 0,
    reset: () => {
      pages.clear();
      posts.clear();
      hits.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of sockets.clients) ws.terminate();
        sockets.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
