// One Chromium for the engine's tests: the browser server of test/global-setup.ts when the suite runs with
// vitest.runner.config.ts, else a browser launched by the test file. Names under *.kollega.test resolve to
// 127.0.0.1 inside the browser (a "public" host for the network guard's tests, with a fake lookup).
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';
import { LAUNCH_OPTIONS } from './launch.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    engineBrowserWs?: string;
  }
}

export async function getBrowser(): Promise<Browser> {
  const ws = inject('engineBrowserWs');
  if (!ws) return chromium.launch(LAUNCH_OPTIONS);
  try {
    return await chromium.connect(ws);
  } catch (error) {
    // The shared server went away (seen once in a clean-clone CI run, mid-suite, cause unknown): every later file
    // then failed on connect. A file launches its own browser instead, and says so.
    console.warn(`the shared test browser is gone (${error instanceof Error ? error.message.split('\n')[0] : error}); this file launches its own`);
    return chromium.launch(LAUNCH_OPTIONS);
  }
}
