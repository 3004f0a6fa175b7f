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
    },
  }),
);
