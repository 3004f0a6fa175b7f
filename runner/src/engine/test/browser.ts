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
  return ws ? chromium.connect(ws) : chromium.launch(LAUNCH_OPTIONS);
}
