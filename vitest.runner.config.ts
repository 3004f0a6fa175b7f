// Vitest for the runner (runner/): the step engine against local pages in real Chromium, the test
// sites' own check, the vendored queue schema, and (with a running stack: API_URL, DB_URL) the hard
// cases through the api and the runner, the schedule tick, decisions and waiting runs. The engine's
// files share one Chromium browser server (runner/src/engine/test/global-setup.ts); two files at a
// time on two cores. In CI a failed test runs once more (real Chromium on two busy cores); one that
// passes only then is named FLAKY in the output and in npm test's summary (runner/test/flaky-reporter.ts).
//   npx vitest run -c vitest.runner.config.ts [path]
import { defineConfig } from 'vitest/config';
import { STACK_TESTS } from './runner/test/stack-tests.ts';

const withStack = !!process.env.API_URL;

export default defineConfig({
  test: {
    environment: 'node',
    include: ['runner/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(withStack ? [] : STACK_TESTS)],
    globalSetup: ['runner/src/engine/test/global-setup.ts'],
    maxWorkers: withStack ? 1 : 2,
    // The engine's files share their worker's module cache (imported once per worker, not once per file: 48 s of
    // import across the files, 9 s so); none keeps state another reads, and they pass shuffled. The stack's files
    // start and stop runners and restart Postgres: each keeps its own process.
    isolate: withStack,
    testTimeout: 120_000,
    hookTimeout: 60_000,
    retry: process.env.CI ? 1 : 0,
    reporters: ['default', './runner/test/flaky-reporter.ts'],
  },
});
