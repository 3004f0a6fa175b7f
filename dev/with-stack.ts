// Runs one command against a fresh local stack of its own (profile `test`, no web app), then stops the stack and
// exits with the command's status. The command gets the stack's URLs as API_URL, APP_URL, DB_URL, RUNNER_DB_URL,
// MAIL_URL and SUPABASE_URL. With KOLLEGA_PORT_OFFSET and KOLLEGA_STACK_DIR it runs beside another stack:
//   KOLLEGA_PORT_OFFSET=2000 KOLLEGA_STACK_DIR=test-apart node --import tsx dev/with-stack.ts npx vitest run …
// npm test (dev/test.ts) runs the runner's tests that start, stop and restart runners of their own this way.
import { spawn, type ChildProcess } from 'node:child_process';
import { startStack, type Stack } from './lib/stack.ts';

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error('usage: node --import tsx dev/with-stack.ts <command> [args…]');
  process.exit(2);
}

let stack: Stack | undefined;
let child: ChildProcess | undefined;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    child?.kill('SIGTERM');
    await stack?.stop();
    process.exit(130);
  });
}

const started = Date.now();
try {
  stack = await startStack({ profile: 'test', fresh: true, web: 'none', log: (l) => { if (process.env.STACK_LOG) console.log(l); } });
} catch (error) {
  console.error('The stack did not start:', error);
  process.exit(1);
}
console.log(`stack started in ${((Date.now() - started) / 1000).toFixed(1)} s (${stack.urls.api})`);
const { urls } = stack;
const status = await new Promise<number>((done) => {
  child = spawn(cmd, args, {
    stdio: 'inherit',
    env: { ...process.env, API_URL: urls.api, APP_URL: urls.app, DB_URL: urls.db, RUNNER_DB_URL: urls.runnerDb, MAIL_URL: urls.mail, SUPABASE_URL: urls.supabase },
  });
  child.once('error', (error) => { console.error(error.message); done(1); });
  child.once('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
});
if (!stopping) {
  await stack.stop();
  process.exit(status);
}
