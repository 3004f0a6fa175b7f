// The recorder's install page over the real stack (issue 24 item 5): the app serves this version's extension
// zip for download (a real zip whose manifest carries the version), the steps name Chrome and Edge only, and
// only an administrator sees how to force-install it for the organisation's staff.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { accounts, signInAs } from './support/session';

const version = (JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8')) as { version: string }).version;

test('an administrator downloads this version of the extension and sees the force-install policy', async ({ page }) => {
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  await page.goto('/recorder-extension');
  await expect(page.getByRole('heading', { level: 1, name: 'Installera Kollega Recorder' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Google Chrome' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Microsoft Edge' })).toBeVisible();
  await expect(page.getByText(/Firefox|från din administratör/)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Installera åt hela organisationen' })).toBeVisible();
  await expect(page.getByText(/ExtensionInstallForcelist/)).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: `Ladda ned Kollega Recorder ${version}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`kollega-recorder-${version}.zip`);
  const zip = readFileSync((await download.path())!);
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(zip.includes(Buffer.from('manifest.json'))).toBe(true);
});

test('a user gets the download and the steps, not the policy', async ({ page }) => {
  await signInAs(page, accounts.user.email, accounts.user.password);
  await page.goto('/recorder-extension');
  await expect(page.getByRole('link', { name: `Ladda ned Kollega Recorder ${version}` })).toHaveAttribute('href', `/downloads/kollega-recorder-${version}.zip`);
  await expect(page.getByRole('heading', { name: 'Installera åt hela organisationen' })).toHaveCount(0);
});
