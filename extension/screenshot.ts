// The README's screenshot of chrome://extensions with the unpacked build loaded (developer mode on):
//   npx tsx extension/build.ts && npx tsx extension/screenshot.ts   → docs/screenshots/recorder-extension.png
import { chromium } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
const dist = fileURLToPath(new URL('dist/chromium', import.meta.url));
const ctx = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'shot-')), {
  executablePath: '/usr/bin/chromium',
  headless: true,
  viewport: { width: 1100, height: 620 },
  locale: 'en-US',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--lang=en-US',
    `--disable-extensions-except=${dist}`,
    `--load-extension=${dist}`,
  ],
});
const page = ctx.pages()[0] ?? (await ctx.newPage());
await page.goto('chrome://extensions/');
await page.waitForTimeout(1500);
// Developer mode on, as a person installing the unpacked build has it.
await page.evaluate(
  `(() => { const m = document.querySelector('extensions-manager'); const t = m.shadowRoot.querySelector('extensions-toolbar'); const toggle = t.shadowRoot.querySelector('#devMode'); if (toggle && !toggle.checked) toggle.click(); })()`,
);
await page.waitForTimeout(1000);
await page.screenshot({ path: fileURLToPath(new URL('../docs/screenshots/recorder-extension.png', import.meta.url)) });
await ctx.close();
