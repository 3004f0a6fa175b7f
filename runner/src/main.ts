// `node runner/src/main.ts` (via tsx): one runner process. Start as many as load needs, on as many
// machines; they share the queue in Postgres. SIGINT/SIGTERM stop it cleanly (browsers included).
import { loadConfig } from './config.ts';
import { startRunner } from './worker.ts';

const runner = await startRunner(loadConfig());

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`[runner] ${signal}: stopping (${runner.active()} run(s) in progress)`);
  await runner.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
