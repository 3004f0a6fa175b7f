// The Docker-less local stack: Postgres cluster → bootstrap + migrations + seed → Auth stand-in with
// its mail outbox → the real Deno running supabase/functions/api → the runner (queue worker with
// Chromium) → the web app with /api proxied.
//
// `createStack()` returns at once; `stop()` may be called at any moment, also while `start()` is still
// bringing parts up (a Ctrl-C or SIGTERM during `vite build` or while Deno starts): it stops every part
// started so far, and `start()` then rejects with StackAborted instead of starting more.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startCluster, migrate, repoRoot, type Cluster } from './cluster.ts';
import { ANON_KEY, JWT_SECRET, SECRETS_KEY, SERVICE_ROLE_KEY, ports, urls, type Profile } from './config.ts';
import { assertPortFree } from './ports.ts';

export type WebMode = 'preview' | 'dev' | 'none';
export type StackOptions = {
  profile: Profile;
  fresh?: boolean;
  web?: WebMode;
  /** Start a runner process (default true). */
  runner?: boolean;
  log?: (line: string) => void;
};
export type Stack = {
  cluster: Cluster;
  urls: ReturnType<typeof urls>;
  env: Record<string, string>;
  stop: () => Promise<void>;
};

export class StackAborted extends Error {
  constructor() {
    super('The local stack was stopped while it was starting.');
    this.name = 'StackAborted';
  }
}

const bin = (name: string) => join(repoRoot, 'node_modules/.bin', name);

async function waitForHttp(url: string, child: ChildProcess, what: string, timeoutMs: number, aborted: () => boolean) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (aborted()) throw new StackAborted();
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited with code ${child.exitCode ?? child.signalCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.body?.cancel();
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

function startChild(cmd: string, args: string[], env: Record<string, string>, name: string, log: (l: string) => void) {
  // Own process group, so stopping it also stops whatever it started (esbuild, deno workers, Chromium).
  const child = spawn(cmd, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const prefix = (chunk: Buffer) => chunk.toString().split('\n').filter((l) => l.trim()).forEach((l) => log(`[${name}] ${l}`));
  child.stdout?.on('data', prefix);
  child.stderr?.on('data', prefix);
  return child;
}

/** SIGTERM to the child's process group, SIGKILL after `graceMs`. */
export async function stopChild(child: ChildProcess | undefined, graceMs = 8000) {
  if (!child || child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try { process.kill(-child.pid, 'SIGTERM'); } catch { /* gone */ }
  const timer = setTimeout(() => { try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* gone */ } }, graceMs);
  await exited;
  clearTimeout(timer);
  // Whatever the group leader left behind (a worker that ignored SIGTERM) goes with it.
  try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
}

/** Runs a command to its end in its own process group; stopped (and rejected) when the stack is stopped. */
function runToEnd(cmd: string, args: string[], env: Record<string, string>, track: (c: ChildProcess) => () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: 'inherit', detached: true });
    const untrack = track(child);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      untrack();
      if (code === 0) resolve();
      else reject(signal ? new StackAborted() : new Error(`${cmd} ${args.join(' ')} failed with code ${code}`));
    });
  });
}

export function createStack({ profile, fresh = false, web = 'preview', runner = true, log = console.log }: StackOptions) {
  const p = ports[profile];
  const u = urls(profile);
  // KOLLEGA_STACK_DIR: another data folder under .local/ (with KOLLEGA_PORT_OFFSET, a second stack beside this one).
  const name = process.env.KOLLEGA_STACK_DIR || (profile === 'dev' ? 'dev' : 'test');
  const stoppers: Array<() => Promise<void>> = [];
  let aborted = false;
  let stopped: Promise<void> | undefined;

  const checkpoint = () => { if (aborted) throw new StackAborted(); };
  /** Registers a part's stopper; returns a function that removes it again (a part that ended on its own). */
  const track = (stopper: () => Promise<void>) => {
    stoppers.push(stopper);
    return () => { const i = stoppers.indexOf(stopper); if (i >= 0) stoppers.splice(i, 1); };
  };
  const trackChild = (child: ChildProcess) => track(() => stopChild(child));

  const stop = (): Promise<void> => {
    aborted = true;
    stopped ??= (async () => {
      while (stoppers.length) {
        const s = stoppers.pop()!;
        await s().catch((e) => log(`stop: ${e instanceof Error ? e.message : e}`));
      }
    })();
    return stopped;
  };

  const start = async (): Promise<Stack> => {
    try {
      const wanted: Array<[number, string]> = [[p.db, 'Postgres'], [p.auth, 'Auth stand-in'], [p.mail, 'mail outbox'], [p.smtp, 'mail outbox (SMTP)'], [p.api, 'api function']];
      if (profile === 'test' && !process.env.KOLLEGA_AI_BASE_URL) wanted.push([p.ai, 'AI stub']);
      if (web !== 'none') wanted.push([p.web, 'web app']);
      if (runner) wanted.push([p.relay, 'attended-run relay']);
      // Every port is looked at first (a stack still running fails here, before anything starts); a port another
      // process binds is looked at again just before that process starts (dev/lib/ports.ts: a passing connection
      // can take a free port meanwhile), and the servers of this process wait for theirs as they listen.
      const free = (port: number, what: string) => assertPortFree(port, what, (message) => console.error(message));
      for (const [port, what] of wanted) await free(port, what);
      if (fresh) rmSync(join(repoRoot, '.local', name), { recursive: true, force: true });

      const cluster = await startCluster({ name, port: p.db });
      track(cluster.stop);
      checkpoint();
      migrate(cluster, { created: cluster.created });
      // The runner's role is created nologin by its migration; locally it signs in with the local password.
      cluster.psql({ sql: "alter role kollega_runner login password 'postgres';", role: 'supabase_admin' });
      checkpoint();

      const { startAuthServer } = await import('../auth/server.ts');
      const auth = await startAuthServer({
        port: p.auth,
        mailPort: p.mail,
        dbUrl: cluster.url('supabase_auth_admin'),
        jwtSecret: JWT_SECRET,
        siteUrl: u.app,
        additionalRedirectUrls: [u.app.replace('localhost', '127.0.0.1')],
        // Tests register hundreds of companies: bcrypt's least cost there (dev/auth/common.ts); `npm start` keeps GoTrue's.
        ...(profile === 'test' && { passwordHashCost: 4 }),
      });
      track(() => auth.close());
      const { startSmtpServer } = await import('../auth/smtp.ts');
      const smtp = await startSmtpServer(auth.outbox, p.smtp);
      track(() => new Promise<void>((done) => smtp.close(() => done())));
      checkpoint();

      // The test stack's AI is the local stub (answers with confidence 80, below the default threshold,
      // so a person decides); `npm start` uses the KOLLEGA_AI_* of the environment, or none.
      const aiEnv: Record<string, string> = {};
      if (profile === 'test' && !process.env.KOLLEGA_AI_BASE_URL) {
        const { startAiStub } = await import('./ai-stub.ts');
        const stub = await startAiStub(p.ai);
        track(() => stub.close());
        Object.assign(aiEnv, { KOLLEGA_AI_BASE_URL: stub.url, KOLLEGA_AI_API_KEY: 'stub-key', KOLLEGA_AI_MODEL: 'kollega-stub' });
      }

      const env: Record<string, string> = {
        ...aiEnv,
        SUPABASE_URL: u.supabase,
        SUPABASE_ANON_KEY: ANON_KEY,
        SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
        SUPABASE_DB_URL: u.db,
        SUPABASE_JWT_SECRET: JWT_SECRET,
        SITE_URL: u.app,
        KOLLEGA_SECRETS_KEY: SECRETS_KEY,
        // The local stack's workflows may target this machine's own pages (the runner allows it too).
        KOLLEGA_RUNNER_ALLOW_PRIVATE: 'true',
        // The web app's proxy (vite, `xfwd`) appends the browser's address to X-Forwarded-For, standing in for
        // the platform's proxy: the sign-in limits trust that last entry only (docs/api.md "Sign-in limits").
        TRUSTED_PROXY_HOPS: '1',
        // Where a person's extension reaches the runner's relay for an attended run (the runner below serves it).
        KOLLEGA_RELAY_URL: u.relay,
        PORT: String(p.api),
      };
      // KOLLEGA_API_DENO_FLAGS: extra flags for the function's Deno (e.g. `--cpu-prof-dir=.local/prof --cpu-prof-md`
      // to see where a benchmark's requests spend the function's time; written when the stack stops).
      const denoFlags = (process.env.KOLLEGA_API_DENO_FLAGS ?? '').split(' ').filter(Boolean);
      await free(p.api, 'api function');
      const api = startChild(bin('deno'), ['run', ...denoFlags, '--allow-net', '--allow-env', '--allow-read', '--config', 'supabase/functions/api/deno.json', 'supabase/functions/api/index.ts'], env, 'api', log);
      trackChild(api);
      await waitForHttp(`${u.api}/user`, api, 'The api function', 180_000, () => aborted);

      if (runner) {
        const runnerEnv = {
          ...aiEnv,
          KOLLEGA_RUNNER_DB_URL: u.runnerDb,
          KOLLEGA_SECRETS_KEY: SECRETS_KEY,
          // The local stack's runs may reach this machine's own pages (test sites, a local app).
          KOLLEGA_RUNNER_ALLOW_PRIVATE: 'true',
          KOLLEGA_RUNNER_ID: `local-${name}-1`,
          // Ctrl-C (or the tests' teardown) drains briefly: runs in flight go back to the queue after 5 s.
          KOLLEGA_RUNNER_DRAIN_MS: '5000',
          // and a run in the middle of a form the site already received goes on for at most 2 s more (then it fails
          // for a person): all within the 8 s the stack gives the runner before SIGKILL (stopChild).
          KOLLEGA_RUNNER_DRAIN_STEP_END_MS: '2000',
          // Notification e-mails go to the local outbox (its SMTP side), their links to the local app.
          KOLLEGA_SMTP_URL: u.smtp,
          KOLLEGA_APP_URL: u.app,
          // Attended runs: the relay the extension connects to (docs/deploy.md "The relay").
          KOLLEGA_RELAY_PORT: String(p.relay),
          KOLLEGA_RELAY_HOST: '127.0.0.1',
        };
        await free(p.relay, 'attended-run relay');
        const runnerProcess = startChild(process.execPath, ['--import', 'tsx', 'runner/src/main.ts'], runnerEnv, 'runner', log);
        trackChild(runnerProcess);
        Object.assign(env, { KOLLEGA_RUNNER_DB_URL: u.runnerDb });
      }

      if (web !== 'none') {
        const webEnv = { WEB_PORT: String(p.web), API_PROXY_TARGET: `http://127.0.0.1:${p.api}` };
        if (web === 'preview') {
          log('Building the web app (vite build)…');
          await runToEnd(bin('vite'), ['build', '--logLevel', 'warn'], webEnv, trackChild);
          checkpoint();
        }
        await free(p.web, 'web app');
        const args = web === 'preview' ? ['preview', '--strictPort'] : ['--strictPort'];
        const vite = startChild(bin('vite'), args, webEnv, 'web', log);
        trackChild(vite);
        await waitForHttp(u.app, vite, 'The web app', 60_000, () => aborted);
      }

      checkpoint();
      return { cluster, urls: u, env, stop };
    } catch (error) {
      // A stop during the start shows up here as whatever the interrupted part threw: report it as the stop.
      const stoppedFirst = aborted;
      await stop();
      throw stoppedFirst && !(error instanceof StackAborted) ? new StackAborted() : error;
    }
  };

  return { start, stop };
}

/** Starts the whole stack; rejects (after stopping what it started) if any part fails. */
export async function startStack(options: StackOptions): Promise<Stack> {
  return createStack(options).start();
}
