// Vitest for the test sites' own test (sites.test.ts): node environment, browser-sized timeouts.
//   npx vitest run -c runner/test/sites/vitest.config.ts
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
