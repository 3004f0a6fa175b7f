// `node runner/src/main.ts` (via tsx): one runner process. Start as many as load needs, on as many
// machines; they share the queue in Postgres. SIGINT/SIGTERM drain it: no new job is taken, runs in flight
// may finish for KOLLEGA_RUNNER_DRAIN_MS, the rest go back to the queue from their current step.
import { loadConfig } from './config.ts';
import { connect } from './db.ts';
import { mailConfigFromEnv, startMailSender } from './notification-mail.ts';
import { startRunner } from './worker.ts';

// tsx turns on source maps for stack traces. Playwright formats a stack trace on every call it makes (hundreds per
// run), and through source maps that was about a fifth of the runner's CPU (docs/benchmarks.md, "Attended runs").
// Off, unless KOLLEGA_RUNNER_SOURCE_MAPS=1 asks for stack traces with TypeScript's line numbers (debugging).
if (process.env.KOLLEGA_RUNNER_SOURCE_MAPS !== '1') process.setSourceMapsEnabled(false);

const config = loadConfig();
const runner = await startRunner(config);
const mailDb = connect(config.databaseUrl, 1);
const mailer = startMailSender(mailDb, mailConfigFromEnv());

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`[runner] ${signal}: stopping (${runner.active()} run(s) in progress)`);
  await runner.stop({ drainMs: config.drainMs });
  await mailer?.stop();
  await mailDb.end({ timeout: 2 });
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
