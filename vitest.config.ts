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
      testTimeout: 20_000,
    },
  }),
);
