// The engine's tests: node environment, real Chromium shared through one browser server (test/global-setup.ts).
//   npx vitest run --config runner/src/engine/vitest.config.ts
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    // The tests mostly wait on the browser: two files at a time even on two cores.
    maxWorkers: 2,
    maxConcurrency: 3,
    hookTimeout: 30_000,
  },
});
