// Web unit and component tests: jsdom, Testing Library, the same aliases and route generation as the app.
import { mergeConfig, defineConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      root: '.',
      environment: 'jsdom',
      include: ['web/src/**/*.test.{ts,tsx}', 'extension/src/**/*.test.ts'],
      setupFiles: ['web/src/test/setup.ts'],
      restoreMocks: true,
      css: false,
      // Vitest's default on a 2-core machine is one worker (cores − 1): the files are CPU-bound jsdom work, and two
      // workers take about half the time. A component test under that load may take a few seconds.
      maxWorkers: 2,
      // Each test file in a fresh VM context of a reused worker process, rather than a fresh process: the files stay
      // as isolated from each other (module state, globals), but do not each pay for a Node process, Vitest's start
      // and a new jsdom's loading (1.5 s of "environment" and about 1 s of setup a file). The whole suite, with setup.ts's savings: 271 s → 150–166 s.
      pool: 'vmForks',
      testTimeout: 20_000,
    },
  }),
);
