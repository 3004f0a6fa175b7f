// Vitest for the runner (runner/): the step engine against local pages in real Chromium, the test
// sites' own check, the vendored queue schema, and (with a running stack: API_URL, DB_URL) the hard
// cases through the api and the runner, the schedule tick, decisions and waiting runs. The engine's
// files share one Chromium browser server (runner/src/engine/test/global-setup.ts); two files at a
// time on two cores. In CI a failed test runs once more (real Chromium on two busy cores); one that
// passes only then is named FLAKY in the output and in npm test's summary (runner/test/flaky-reporter.ts).
//   npx vitest run -c vitest.runner.config.ts [path]
import { transformWithEsbuild, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { STACK_TESTS } from './runner/test/stack-tests.ts';

const withStack = !!process.env.API_URL;

/**
 * The runner's code as tsx compiles it in production (`npm run runner`): with esbuild's `keepNames`, which wraps
 * every named inner function in `__name(…)`. Vite turns that off, so without this a function the engine sends into
 * a page (evaluate) passed here and threw "__name is not defined" in a real run.
 */
function keepNamesAsTsx(): Plugin {
  return {
    name: 'keep-names-as-tsx',
    enforce: 'post',
    async transform(code, id) {
      // The runner's own code, not the tests' (their page functions run under Vite only).
      if (!/\/runner\/src\/.*\.ts$/.test(id) || /\.test\.ts$|\/test\//.test(id) || id.includes('/node_modules/')) return null;
      const out = await transformWithEsbuild(code, id.replace(/\.ts$/, '.js'), { keepNames: true, loader: 'js', sourcemap: true });
      return { code: out.code, map: out.map };
    },
  };
}

export default defineConfig({
  plugins: [keepNamesAsTsx()],
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
