// A private PostgreSQL cluster made with the machine's own binaries: the Docker-less stand-in for
// the Supabase Postgres container. Data lives under `.local/<name>/` (git-ignored) and survives restarts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');
const isRoot = process.getuid?.() === 0;

export type ClusterOptions = { name: string; port: number };
export type Cluster = {
  port: number;
  dataDir: string;
  socketDir: string;
  /** Connection URL for a role (password `postgres` for every local role). */
  url: (role?: string) => string;
  /** Runs an SQL file or string with psql, stopping at the first error. */
  psql: (args: { file?: string; sql?: string; role?: string; singleTransaction?: boolean }) => void;
  stop: () => Promise<void>;
};

export function pgBinDir(): string {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql: run `bash dev/setup.sh` (as root it installs postgresql-15).');
  const versions = readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'postgres'))).sort((a, b) => Number(b) - Number(a));
  if (!versions.length) throw new Error('No PostgreSQL server found under /usr/lib/postgresql: run `bash dev/setup.sh`.');
  return join(base, versions[0], 'bin');
}

function asPostgres(cmd: string, args: string[]): [string, string[]] {
  return isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const [c, a] = asPostgres(cmd, args);
  const result = spawnSync(c, a, { encoding: 'utf8', env });
  if (result.status !== 0) throw new Error(`${cmd} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

function chownToPostgres(path: string) {
  if (isRoot) spawnSync('chown', ['-R', 'postgres:postgres', path]);
}

export async function startCluster({ name, port }: ClusterOptions): Promise<Cluster & { created: boolean }> {
  const bin = pgBinDir();
  const root = join(repoRoot, '.local', name);
  const dataDir = join(root, 'pgdata');
  const socketDir = join(root, 'run');
  mkdirSync(socketDir, { recursive: true });
  chmodSync(join(repoRoot, '.local'), 0o755);
  chmodSync(root, 0o755);
  chownToPostgres(socketDir);

  const created = !existsSync(join(dataDir, 'PG_VERSION'));
  if (created) {
    mkdirSync(dataDir, { recursive: true });
    chownToPostgres(root);
    const pwfile = join(socketDir, 'pwfile');
    writeFileSync(pwfile, 'postgres\n');
    chownToPostgres(pwfile);
    run(join(bin, 'initdb'), ['-D', dataDir, '-U', 'supabase_admin', '--pwfile', pwfile, '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  }

  const [cmd, args] = asPostgres(join(bin, 'postgres'), [
    '-D', dataDir, '-p', String(port), '-k', socketDir,
    '-c', 'listen_addresses=127.0.0.1',
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
    '-c', 'max_connections=200', '-c', 'shared_buffers=256MB',
    '-c', 'log_min_messages=warning', '-c', 'log_min_error_statement=panic',
  ]);
  const child: ChildProcess = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => { stderr += d.toString(); if (stderr.length > 20_000) stderr = stderr.slice(-10_000); });

  const pgIsReady = join(bin, 'pg_isready');
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited (${child.exitCode}):\n${stderr}`);
    const r = spawnSync(pgIsReady, ['-h', socketDir, '-p', String(port), '-q']);
    if (r.status === 0) break;
    if (Date.now() > deadline) throw new Error(`postgres did not become ready on port ${port}:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  const url = (role = 'postgres') => `postgres://${role}:postgres@127.0.0.1:${port}/postgres`;
  const psql = ({ file, sql, role = 'postgres', singleTransaction = true }: { file?: string; sql?: string; role?: string; singleTransaction?: boolean }) => {
    const args = ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', socketDir, '-p', String(port), '-U', role, '-d', 'postgres'];
    if (singleTransaction) args.push('--single-transaction');
    if (file) args.push('-f', file);
    const r = spawnSync('psql', args, { encoding: 'utf8', input: sql, env: { ...process.env, PGOPTIONS: '--client-min-messages=warning' } });
    if (r.status !== 0) throw new Error(`psql ${file ?? ''} failed:\n${r.stderr}`);
  };

  const stop = async () => {
    if (child.exitCode !== null) return;
    const pidFile = join(dataDir, 'postmaster.pid');
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : undefined;
    // SIGINT = fast shutdown: the postmaster ends its backends and exits cleanly.
    if (pid) { try { process.kill(pid, 'SIGINT'); } catch { /* already gone */ } } else child.kill('SIGINT');
    await new Promise<void>((done) => { if (child.exitCode !== null) done(); else child.once('exit', () => done()); });
  };

  return { port, dataDir, socketDir, url, psql, stop, created };
}

/** Bootstrap (once), then every migration not yet recorded, then the seed (once, on a fresh database). */
export function migrate(cluster: Cluster, { created, seed = true }: { created: boolean; seed?: boolean }) {
  if (created) cluster.psql({ file: join(repoRoot, 'dev/sql/bootstrap.sql'), role: 'supabase_admin' });
  const dir = join(repoRoot, 'supabase/migrations');
  const files = readdirSync(dir).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
  const applied = new Set(
    spawnSync('psql', ['-X', '-At', '-h', cluster.socketDir, '-p', String(cluster.port), '-U', 'postgres', '-d', 'postgres', '-c', 'select version from supabase_migrations.schema_migrations'], { encoding: 'utf8' })
      .stdout.split('\n').filter(Boolean),
  );
  for (const file of files) {
    const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
    if (applied.has(version)) continue;
    const body = readFileSync(join(dir, file), 'utf8');
    const name = rest.join('_').replace(/'/g, "''");
    cluster.psql({ sql: `${body}\n;insert into supabase_migrations.schema_migrations (version, name) values ('${version}', '${name}');` });
  }
  if (created && seed) {
    const seedFile = join(repoRoot, 'supabase/seed.sql');
    if (existsSync(seedFile)) cluster.psql({ file: seedFile });
  }
}
