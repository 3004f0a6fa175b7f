// Chromium with the built Kollega Recorder loaded: Chromium loads extensions only into a persistent context
// (a profile of its own, removed afterwards).
import { type BrowserContext, chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

export async function launchWithExtension(extensionDir: string, baseURL: string | undefined): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'kollega-extension-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    baseURL,
    locale: 'sv-SE',
    args: [...ARGS, `--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }); // Chromium's helpers may still be writing
    },
  };
}

/** The `context` fixture of a spec that uses the extension built into `dir()` (known once its beforeAll ran). */
export function extensionContext(dir: () => string) {
  return async ({ baseURL }: { baseURL: string | undefined }, use: (context: BrowserContext) => Promise<void>) => {
    const { context, close } = await launchWithExtension(dir(), baseURL);
    await use(context);
    await close();
  };
}
