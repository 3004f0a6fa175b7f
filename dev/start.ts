// `npm start` (production build) / `npm run dev` (Vite hot reload) / `npm run db:reset`.
// Ctrl-C or SIGTERM at any moment, also while the stack is still starting, stops every process it started.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/cluster.ts';
import { createStack, StackAborted } from './lib/stack.ts';

const args = new Set(process.argv.slice(2));
const dev = args.has('--dev');

if (args.has('--reset')) {
  // The dev stack's folder (KOLLEGA_STACK_DIR names another one, as in dev/lib/stack.ts).
  const dataDir = join(repoRoot, '.local', process.env.KOLLEGA_STACK_DIR || 'dev');
  const pidFile = join(dataDir, 'pgdata', 'postmaster.pid');
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
  const running = pid > 0 && (() => { try { process.kill(pid, 0); return true; } catch { return false; } })();
  if (running) {
    console.error(`The local database is running (postgres pid ${pid}): stop \`npm start\` first, then reset.`);
    process.exit(1);
  }
  rmSync(dataDir, { recursive: true, force: true });
  console.log('Local data removed: the next start creates a fresh database with the seed.');
  process.exit(0);
}

const stack = createStack({ profile: 'dev', web: dev ? 'dev' : 'preview' });

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  await stack.stop();
  console.log('Stopped.');
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGHUP', () => void shutdown('SIGHUP'));

console.log('Starting the Kollega local stack…');
let urls;
try {
  ({ urls } = await stack.start());
} catch (error) {
  // Stopping makes the step under way fail (StackAborted, or the error of a part that was just stopped):
  // shutdown() exits once everything is stopped.
  if (error instanceof StackAborted || stopping) await new Promise(() => {});
  console.error(`\nThe local stack could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

console.log(`
Kollega is running${dev ? ' (Vite dev server, hot reload)' : ' (production build)'}.

         App URL: ${urls.app}
         API URL: ${urls.app}/api  (function itself: ${urls.api})
    Supabase URL: ${urls.supabase}  (Auth stand-in: ${urls.supabase}/auth/v1)
    Postgres URL: ${urls.db}
 Mail outbox URL: ${urls.mail}
          Runner: 1 process (runs workflows in headless Chromium; logs prefixed [runner])

Demo accounts (organisation "Fastighets AB Demo"):
  admin        admin@kollega.se      Admin123!
  superuser    superuser@kollega.se  Super123!
  user         user@kollega.se       User123!
  deactivated  inactive@kollega.se   Inactive123!   (cannot sign in)
  other org    other@kollega.se      Other123!      (admin of "Ekonomi Partner AB")

Press Ctrl-C to stop. Data is kept in .local/dev; \`npm run db:reset\` removes it.
`);
