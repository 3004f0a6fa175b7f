// Local stand-in for Supabase Auth (GoTrue): the subset of its HTTP API that supabase-js and the `api`
// function use, served under /auth/v1/ on the real auth.* tables, plus the mail outbox (Mailpit-like).
// The behaviour it copies from GoTrue: docs/local-stack.md. Dev tooling, not product.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import postgres from 'postgres';
import { createAdmin } from './admin.ts';
import { type AmrEntry, type AuthDeps, type AuthServerOptions, type Ctx, type Db, isObject, type Json, type Reply, repoRoot } from './common.ts';
import { ApiError, badRequest, sendError } from './errors.ts';
import { Outbox, startOutboxServer } from './outbox.ts';
import { createRecovery, recoverySubjectFromConfig } from './recovery.ts';
import { createSessions } from './sessions.ts';
import { createUsers } from './users.ts';
import { listenWhenFree } from '../lib/ports.ts';

export type { AuthServerOptions } from './common.ts';
export type AuthServer = { close(): Promise<void>; outbox: Outbox; url: string; mailUrl: string };

// --- the server: the modules by concern (users, tokens and sessions, recovery, admin) and the router --------

export async function startAuthServer(opts: AuthServerOptions): Promise<AuthServer> {
  const pool = postgres(opts.dbUrl, { max: 8, onnotice: () => {}, connection: { application_name: 'auth-standin' } });
  const deps: AuthDeps = {
    opts,
    pool,
    sql: pool as unknown as Db,
    key: new TextEncoder().encode(opts.jwtSecret),
    jwtExp: opts.jwtExpSeconds ?? 3600,
    otpExp: opts.otpExpSeconds ?? 3600,
    maxFrequency: opts.mailMaxFrequencySeconds ?? 1,
    reuseInterval: opts.refreshTokenReuseIntervalSeconds ?? 10,
    templatePath: opts.templatePath ?? join(repoRoot, 'supabase/templates/recovery.html'),
    subject: opts.recoverySubject ?? recoverySubjectFromConfig(),
    log: opts.log ?? ((line: string) => console.error(line)),
    externalUrl: `http://127.0.0.1:${opts.port}/auth/v1`,
    outbox: new Outbox(),
    sessionAmr: new Map<string, AmrEntry[]>(),
  };
  const { sql, log, outbox, externalUrl } = deps;

  try {
    await sql`select 1 from auth.users limit 1`;
  } catch (e) {
    await pool.end({ timeout: 1 });
    throw new Error(`Auth stand-in cannot read auth.users via ${opts.dbUrl.replace(/:[^:@/]*@/, ':***@')}: ${e instanceof Error ? e.message : e}`);
  }

  const users = createUsers(deps);
  const sessions = createSessions(deps, users);
  const recovery = createRecovery(deps, users, sessions);
  const admin = createAdmin(deps, users, sessions, recovery);

  // ---- routing (the GoTrue paths the project uses) and the HTTP server

  async function route(ctx: Ctx, method: string, path: string): Promise<Reply> {
    const adminUser = /^\/admin\/users\/([^/]+)$/.exec(path);
    switch (`${method} ${path}`) {
      case 'GET /health':
        return { status: 200, body: { version: 'kollega-local', name: 'GoTrue', description: 'Local stand-in for Supabase Auth' } };
      case 'GET /settings':
        return { status: 200, body: { external: { email: true, phone: false }, disable_signup: false, mailer_autoconfirm: true, phone_autoconfirm: false, sms_provider: '', saml_enabled: false } };
      case 'POST /signup':
        return sessions.signup(ctx);
      case 'POST /token': {
        const grant = ctx.url.searchParams.get('grant_type');
        if (grant === 'password') return sessions.passwordGrant(ctx);
        if (grant === 'refresh_token') return sessions.refreshGrant(ctx);
        throw new ApiError(400, 'invalid_credentials', 'unsupported_grant_type');
      }
      case 'GET /user':
        return sessions.getUser(ctx);
      case 'PUT /user':
        return sessions.putUser(ctx);
      case 'POST /logout':
        return sessions.logout(ctx);
      case 'POST /recover':
        return recovery.recover(ctx);
      case 'POST /verify':
        return recovery.verifyPost(ctx);
      case 'GET /verify':
        return recovery.verifyGet(ctx);
      case 'POST /admin/users':
        return admin.adminCreate(ctx);
      case 'GET /admin/users':
        return admin.adminList(ctx);
      case 'POST /admin/generate_link':
        return admin.generateLink(ctx);
    }
    if (adminUser) {
      const id = decodeURIComponent(adminUser[1]);
      if (method === 'GET') return admin.adminGet(ctx, id);
      if (method === 'PUT') return admin.adminUpdate(ctx, id);
      if (method === 'DELETE') return admin.adminDelete(ctx, id);
    }
    throw new ApiError(404, 'not_found', 'Not found');
  }

  async function readJson(req: IncomingMessage): Promise<Json> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > 1_000_000) throw new ApiError(413, 'request_timeout', 'Request body too large');
      chunks.push(chunk);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text.trim()) return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      throw badRequest('bad_json', `Could not parse request body as JSON: ${e instanceof Error ? e.message : e}`);
    }
    if (!isObject(parsed)) throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object');
    return parsed;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = req.method ?? 'GET';
      if (!url.pathname.startsWith('/auth/v1/')) throw new ApiError(404, 'not_found', 'Not found (the Auth API lives under /auth/v1/)');
      const path = url.pathname.slice('/auth/v1'.length).replace(/\/+$/, '');
      const body = method === 'GET' || method === 'HEAD' ? {} : await readJson(req);
      const ip = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? null;
      const reply = await route({ req, url, body, ip }, method, path);
      const headers = { ...(reply.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...reply.headers };
      res.writeHead(reply.status, headers).end(reply.body !== undefined ? JSON.stringify(reply.body) : undefined);
    } catch (error) {
      let apiError: ApiError;
      if (error instanceof ApiError) apiError = error;
      else {
        log(`auth stand-in: ${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        apiError = new ApiError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
      }
      if (res.headersSent) res.end();
      else sendError(req, res, apiError);
    }
  }

  const server: Server = createServer((req, res) => void handle(req, res));
  try {
    await listenWhenFree(server, opts.port, 'Auth stand-in');
  } catch (e) {
    await pool.end({ timeout: 1 });
    throw e;
  }
  let mailServer: Server;
  try {
    mailServer = await startOutboxServer(outbox, opts.mailPort);
  } catch (e) {
    server.close();
    await pool.end({ timeout: 1 });
    throw e;
  }

  const closeServer = (s: Server) =>
    new Promise<void>((done) => {
      s.close(() => done());
      s.closeAllConnections();
    });

  return {
    outbox,
    url: externalUrl,
    mailUrl: `http://127.0.0.1:${opts.mailPort}`,
    async close() {
      await Promise.all([closeServer(server), closeServer(mailServer)]);
      await pool.end({ timeout: 2 });
    },
  };
}
