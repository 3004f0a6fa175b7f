// `npm start` (production build) / `npm run dev` (Vite hot reload) / `npm run db:reset`.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/cluster.ts';
import { startStack } from './lib/stack.ts';

const args = new Set(process.argv.slice(2));
const dev = args.has('--dev');

if (args.has('--reset')) {
  rmSync(join(repoRoot, '.local', 'dev'), { recursive: true, force: true });
  console.log('Local data removed: the next start creates a fresh database with the seed.');
  process.exit(0);
}

console.log('Starting the Kollega local stack…');
const stack = await startStack({ profile: 'dev', web: dev ? 'dev' : 'preview' });

const { urls } = stack;
console.log(`
Kollega is running${dev ? ' (Vite dev server, hot reload)' : ' (production build)'}.

         App URL: ${urls.app}
         API URL: ${urls.app}/api  (function itself: ${urls.api})
    Supabase URL: ${urls.supabase}  (Auth stand-in: ${urls.supabase}/auth/v1)
    Postgres URL: ${urls.db}
 Mail outbox URL: ${urls.mail}

Demo accounts (organisation "Fastighets AB Demo"):
  admin        admin@kollega.se      Admin123!
  superuser    superuser@kollega.se  Super123!
  user         user@kollega.se       User123!
  deactivated  inactive@kollega.se   Inactive123!   (cannot sign in)
  other org    other@kollega.se      Other123!      (admin of "Ekonomi Partner AB")

Press Ctrl-C to stop. Data is kept in .local/dev; \`npm run db:reset\` removes it.
`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  await stack.stop();
  console.log('Stopped.');
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
