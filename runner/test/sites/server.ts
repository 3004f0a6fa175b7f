// The local test sites: one folder per hard case of browser automation (see docs/replay-cases.md), served
// by plain node:http on 127.0.0.1 only. Pages report what they received with
//   fetch('/__result/<caseId>', { method: 'POST', body: JSON.stringify(value) })
// and a test reads it back with sites.results('<caseId>'). Also:
//   GET /__slow/<ms>[?json=…]  answers after <ms> milliseconds (delayed content); echoes ?json or {"ok":true}
//   GET /<case>/…             static files of runner/test/sites/<case>/ (index.html for folders)
//   GET /spa/<anything>       the SPA's index.html when no such file exists (client-side routes survive a reload)
// No dependencies beyond Node.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Sites = {
  /** e.g. http://127.0.0.1:PORT (no trailing slash) */
  origin: string;
  /** The bodies the pages POSTed to /__result/<caseId>, in order (parsed JSON; the raw text if it was not JSON). */
  results(caseId: string): unknown[];
  /** Forget every result. */
  reset(): void;
  close(): Promise<void>;
};

const root = fileURLToPath(new URL('.', import.meta.url));

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** Folders whose unknown paths fall back to their index.html (client-side routing). */
const spaFolders = new Set(['spa']);

const MAX_BODY = 1_000_000;

export async function startSites(opts: { port?: number } = {}): Promise<Sites> {
  const results = new Map<string, unknown[]>();

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', String(error));
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = decodeURIComponent(url.pathname);

    const result = /^\/__result\/([\w-]+)$/.exec(path);
    if (result) {
      if (req.method !== 'POST') return send(res, 405, 'text/plain; charset=utf-8', 'POST only');
      const text = await readBody(req);
      let value: unknown = text;
      try {
        value = JSON.parse(text);
      } catch {
        // keep the raw text: a page that posts something that is not JSON is a bug the test will show
      }
      const id = result[1]!;
      if (!results.has(id)) results.set(id, []);
      results.get(id)!.push(value);
      return send(res, 204);
    }

    const slow = /^\/__slow\/(\d+)$/.exec(path);
    if (slow) {
      const ms = Math.min(Number(slow[1]), 30_000);
      await new Promise((done) => setTimeout(done, ms));
      const json = url.searchParams.get('json');
      return send(res, 200, contentTypes['.json']!, json ?? '{"ok":true}');
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', 'GET only');
    if (path === '/favicon.ico') return send(res, 204);
    if (path === '/') return send(res, 200, contentTypes['.html']!, await indexPage());

    // Static files; refuse anything that would leave the sites folder or reach this server's own sources.
    const file = normalize(join(root, path));
    const inside = file.slice(root.length);
    if (!file.startsWith(root) || inside.startsWith('.') || inside.includes(`${sep}.`) || /\.(ts|md)$/.test(file)) return send(res, 404, 'text/plain; charset=utf-8', 'not found');
    const found = await findFile(file);
    if (found) return send(res, 200, contentTypes[extname(found)] ?? 'application/octet-stream', await readFile(found), req.method === 'HEAD');
    const folder = path.split('/')[1] ?? '';
    if (spaFolders.has(folder)) return send(res, 200, contentTypes['.html']!, await readFile(join(root, folder, 'index.html')), req.method === 'HEAD');
    return send(res, 404, 'text/plain; charset=utf-8', 'not found');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('test sites: no TCP address');

  return {
    origin: `http://127.0.0.1:${address.port}`,
    results: (caseId) => [...(results.get(caseId) ?? [])],
    reset: () => results.clear(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function findFile(file: string): Promise<string | undefined> {
  for (const candidate of [file, join(file, 'index.html')]) {
    try {
      if ((await stat(candidate)).isFile()) return candidate;
    } catch {
      // try the next candidate
    }
  }
  return undefined;
}

async function indexPage(): Promise<string> {
  const { readdir } = await import('node:fs/promises');
  const entries = await readdir(root, { withFileTypes: true });
  const cases = entries.filter((e) => e.isDirectory() && !/^[._]/.test(e.name)).map((e) => e.name).sort();
  const items = cases.map((c) => `<li><a href="/${c}/">${c}</a></li>`).join('\n');
  return `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>Testsidor</title></head><body><h1>Testsidor</h1><ul>\n${items}\n</ul></body></html>`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, type?: string, body?: string | Buffer, headOnly = false) {
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (type) headers['content-type'] = type;
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(status, headers);
  res.end(headOnly ? undefined : body);
}
