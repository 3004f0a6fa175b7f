// Vitest for the tooling under dev/ (the Auth stand-in's contract, the advisor's lints, the lockfile,
// the Markdown links); the web has its own config.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['dev/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
