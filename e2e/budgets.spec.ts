// Performance budgets of the production build (issue: quality gates): the JavaScript a first visit to
// /landing and /auth downloads, gzipped, at most 150 KB; no route chunk over 100 KB gzipped.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

const assetsDir = join(import.meta.dirname, '../web/dist/assets');
const KB = 1024;
const gzipSize = (file: string) => gzipSync(readFileSync(join(assetsDir, file)), { level: 9 }).length;

for (const path of ['/landing', '/auth']) {
  test(`the JavaScript ${path} loads is at most 150 KB gzipped`, async ({ page }) => {
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) scripts.add(url.pathname.slice('/assets/'.length));
    });
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    // The pre-rendered page requests its scripts after the load event; count until it is hydrated.
    await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-hydrating'));
    await page.waitForTimeout(1000);
    const sizes = [...scripts].map((file) => ({ file, bytes: gzipSize(file) })).sort((a, b) => b.bytes - a.bytes);
    const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
    console.log(`${path}: ${(total / KB).toFixed(1)} KB gzipped in ${sizes.length} files: ${sizes.map((s) => `${s.file} ${(s.bytes / KB).toFixed(1)}`).join(', ')}`);
    expect(scripts.size).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(150 * KB);
  });
}

test('no JavaScript chunk is over 100 KB gzipped', () => {
  const files = readdirSync(assetsDir).filter((f) => f.endsWith('.js'));
  expect(files.length).toBeGreaterThan(0);
  const oversize = files.map((file) => ({ file, kb: gzipSize(file) / KB })).filter((f) => f.kb > 100);
  expect(oversize).toEqual([]);
});
