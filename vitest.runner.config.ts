// Vitest for the runner (runner/): the step engine against local pages in real Chromium, the test
// sites' own check, and (with a running stack: API_URL, DB_URL) the hard cases through the api and the
// runner and the schedule tick.
// One file at a time: each starts Chromium, and the machine has two cores.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['runner/**/*.test.ts'],
    // These two need a running stack (npm test passes its URLs).
    exclude: ['**/node_modules/**', ...(process.env.API_URL ? [] : ['runner/test/replay.test.ts', 'runner/test/schedules.test.ts'])],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
