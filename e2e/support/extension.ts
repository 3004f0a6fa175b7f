// The specs that use the Kollega Recorder (recorder, pick-element, attended): the extension built by the
// project's build for the app's exact origin (once per worker, into a folder of its own), and Chromium with it
// loaded. Chromium loads extensions only into a persistent context (a profile of its own, removed afterwards),
// so `context` is that, and `page` its first tab.
import { type BrowserContext, chromium, type Page, test as base } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildExtension } from '../../extension/build.ts';

/** The app's exact origin (the extension is built for it alone, as a deployment's build is for its own). */
const APP_ORIGIN = new URL(process.env.APP_URL ?? 'http://localhost:3000').origin;

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

/** `test` with `context` = Chromium with the built extension, and `page` = its first tab. */
export const test = base.extend<{ context: BrowserContext; page: Page }, { extensionDir: string }>({
  extensionDir: [
    async ({}, use) => { // (Playwright reads a fixture's needs from this pattern: none)
      const dist = mkdtempSync(join(tmpdir(), 'kollega-e2e-extension-'));
      await use((await buildExtension({ appOrigins: [APP_ORIGIN], dist })).dir);
      rmSync(dist, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  context: async ({ baseURL, extensionDir }, use) => {
    const profile = mkdtempSync(join(tmpdir(), 'kollega-extension-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      headless: true,
      baseURL,
      locale: 'sv-SE',
      args: [...ARGS, `--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`],
    });
    await use(context);
    await context.close();
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }); // Chromium's helpers may still be writing
  },
  page: async ({ context }, use) => use(context.pages()[0] ?? (await context.newPage())),
});
