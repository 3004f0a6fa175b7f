// The Docker-less local stack: Postgres cluster → bootstrap + migrations + seed → Auth stand-in with
// its mail outbox → the real Deno running supabase/functions/api → the web app with /api proxied.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startCluster, migrate, repoRoot, type Cluster } from './cluster.ts';
import { ANON_KEY, JWT_SECRET, SECRETS_KEY, SERVICE_ROLE_KEY, ports, urls, type Profile } from './config.ts';

export type WebMode = 'preview' | 'dev' | 'none';
export type StackOptions = { profile: Profile; fresh?: boolean; web?: WebMode; log?: (line: string) => void };
export type Stack = {
  cluster: Cluster;
  urls: ReturnType<typeof urls>;
  env: Record<string, string>;
  stop: () => Promise<void>;
};

const bin = (name: string) => join(repoRoot, 'node_modules/.bin', name);

async function waitForHttp(url: string, child: ChildProcess, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

function startChild(cmd: string, args: string[], env: Record<string, string>, name: string, log: (l: string) => void) {
  // Own process group, so stopping it also stops whatever it started (esbuild, deno workers).
  const child = spawn(cmd, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const prefix = (chunk: Buffer) => chunk.toString().split('\n').filter((l) => l.trim()).forEach((l) => log(`[${name}] ${l}`));
  child.stdout?.on('data', prefix);
  child.stderr?.on('data', prefix);
  return child;
}

async function stopChild(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try { process.kill(-child.pid, 'SIGTERM'); } catch { /* gone */ }
  const timer = setTimeout(() => { try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* gone */ } }, 5000);
  await exited;
  clearTimeout(timer);
}

export async function startStack({ profile, fresh = false, web = 'preview', log = console.log }: StackOptions): Promise<Stack> {
  const p = ports[profile];
  const u = urls(profile);
  const name = profile === 'dev' ? 'dev' : 'test';
  if (fresh) rmSync(join(repoRoot, '.local', name), { recursive: true, force: true });

  const stoppers: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const s of stoppers.reverse()) await s().catch((e) => log(`stop: ${e instanceof Error ? e.message : e}`));
    stoppers.length = 0;
  };

  try {
    const cluster = await startCluster({ name, port: p.db });
    stoppers.push(cluster.stop);
    migrate(cluster, { created: cluster.created });
    // The runner's role is created nologin by its migration; locally it signs in with the local password.
    cluster.psql({ sql: "alter role kollega_runner login password 'postgres';", role: 'supabase_admin' });

    const { startAuthServer } = await import('../auth/server.ts');
    const auth = await startAuthServer({
      port: p.auth,
      mailPort: p.mail,
      dbUrl: cluster.url('supabase_auth_admin'),
      jwtSecret: JWT_SECRET,
      siteUrl: u.app,
      additionalRedirectUrls: [u.app.replace('localhost', '127.0.0.1')],
    });
    stoppers.push(() => auth.close());

    const env: Record<string, string> = {
      SUPABASE_URL: u.supabase,
      SUPABASE_ANON_KEY: ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
      SUPABASE_DB_URL: u.db,
      SUPABASE_JWT_SECRET: JWT_SECRET,
      SITE_URL: u.app,
      KOLLEGA_SECRETS_KEY: SECRETS_KEY,
      PORT: String(p.api),
    };
    const api = startChild(bin('deno'), ['run', '--allow-net', '--allow-env', '--allow-read', '--config', 'supabase/functions/api/deno.json', 'supabase/functions/api/index.ts'], env, 'api', log);
    stoppers.push(() => stopChild(api));
    await waitForHttp(`${u.api}/user`, api, 'The api function', 180_000);

    if (web !== 'none') {
      const webEnv = { WEB_PORT: String(p.web), API_PROXY_TARGET: `http://127.0.0.1:${p.api}` };
      if (web === 'preview') {
        log('Building the web app (vite build)…');
        const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: repoRoot, env: { ...process.env, ...webEnv }, stdio: 'inherit' });
        if (build.status !== 0) throw new Error('vite build failed');
      }
      const args = web === 'preview' ? ['preview', '--strictPort'] : ['--strictPort'];
      const vite = startChild(bin('vite'), args, webEnv, 'web', log);
      stoppers.push(() => stopChild(vite));
      await waitForHttp(u.app, vite, 'The web app', 60_000);
    }

    return { cluster, urls: u, env, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
