// Vitest for the runner (runner/): the step engine against local pages in real Chromium, the test
// sites' own check, the vendored queue schema, and (with a running stack: API_URL, DB_URL) the hard
// cases through the api and the runner and the schedule tick. The engine's files share one Chromium
// browser server (runner/src/engine/test/global-setup.ts); two files at a time on two cores.
//   npx vitest run -c vitest.runner.config.ts [path]
import { defineConfig } from 'vitest/config';

const withStack = !!process.env.API_URL;

export default defineConfig({
  test: {
    environment: 'node',
    include: ['runner/**/*.test.ts'],
    // These three need a running stack (npm test passes its URLs).
    exclude: ['**/node_modules/**', ...(withStack ? [] : ['runner/test/replay.test.ts', 'runner/test/schedules.test.ts', 'runner/test/decisions.test.ts'])],
    globalSetup: ['runner/src/engine/test/global-setup.ts'],
    maxWorkers: withStack ? 1 : 2,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
