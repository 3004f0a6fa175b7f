// The database test suite: pgTAP files in supabase/tests/database run by pg_prove.
//   npx tsx dev/db-test.ts      a fresh private cluster `db-test` (port 55422): bootstrap, migrations,
//                               seed, then the suite; exits with pg_prove's status.
//   runPgTap(cluster)           the suite against an already migrated cluster (used by other runners).
// The first test file (000-setup-test-helpers) commits a `tests` schema holding only helper functions.
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Cluster, migrate, repoRoot, startCluster } from './lib/cluster.ts';

const testDir = join(repoRoot, 'supabase/tests/database');

/** Installs pgTAP (as the bootstrap superuser) and runs every `*.test.sql` in name order; returns pg_prove's exit status. */
export function runPgTap(cluster: Cluster): number {
  cluster.psql({ sql: 'create extension if not exists pgtap with schema extensions;', role: 'supabase_admin' });
  const files = readdirSync(testDir).filter((f) => f.endsWith('.test.sql')).sort().map((f) => join('supabase/tests/database', f));
  const result = spawnSync(
    'pg_prove',
    ['-h', cluster.socketDir, '-p', String(cluster.port), '-U', 'postgres', '-d', 'postgres', '--ext', '.sql', ...files],
    { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, PGOPTIONS: '--client-min-messages=warning' } },
  );
  if (result.error) throw result.error;
  return result.status ?? 1;
}

async function main(): Promise<number> {
  const name = 'db-test';
  rmSync(join(repoRoot, '.local', name), { recursive: true, force: true });
  const cluster = await startCluster({ name, port: 55422 });
  try {
    cluster.psql({ file: join(repoRoot, 'dev/sql/bootstrap.sql'), role: 'supabase_admin' });
    // On Supabase `postgres` may create schemas (the image grants it all on its database); the migrations
    // create schema `private`. Granted here only if the bootstrap has not already done so.
    cluster.psql({
      role: 'supabase_admin',
      sql: `do $$ begin
              if not has_database_privilege('postgres', 'postgres', 'create') then
                grant create on database postgres to postgres;
              end if;
            end $$;`,
    });
    migrate(cluster, { created: false });
    cluster.psql({ file: join(repoRoot, 'supabase/seed.sql') });
    return runPgTap(cluster);
  } finally {
    await cluster.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
