// Vitest for the tooling under dev/ (the Auth stand-in's contract, the advisor's lints, the lockfile,
// the Markdown links) and the extension's build (extension/build.test.ts: Node, esbuild); the web has its own config.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['dev/**/*.test.ts', 'extension/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
