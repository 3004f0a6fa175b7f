// Track & Trace in a browser without the Kollega Recorder extension: it says how to install it and links
// to the install page, in both languages. Recording with the extension: e2e/recorder.spec.ts.
import { expect, test } from '@playwright/test';
import { accounts, signInAs, useLanguage } from './support/session';

test('without the extension: the install notice, no start, and the install page (sv)', async ({ page }) => {
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  await page.goto('/track-trace');
  await expect(page.getByLabel('Webbläsare')).toHaveCount(0);
  await expect(page.getByLabel('Start-URL (valfri)')).toHaveValue('https://');
  await expect(page.getByText('Tillägget Kollega Recorder behövs för att spela in')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Starta inspelning' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Exportera som flöde' })).toBeDisabled();
  await page.getByRole('link', { name: 'Så installerar du Kollega Recorder' }).click();
  await expect(page).toHaveURL(/\/recorder-extension$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Installera Kollega Recorder' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'inte installerat' })).toBeVisible();
  await expect(page.getByText('Öppna chrome://extensions och slå på Utvecklarläge uppe till höger.')).toBeVisible();
  await expect(page.getByText('Aldrig lösenord, engångskoder eller kortnummer: de blir hemligheter som du anger i Kollega. Ett personnummer blir indata till körningen.')).toBeVisible();
});

test('without the extension, in English', async ({ page }) => {
  await useLanguage(page, 'en');
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  await page.goto('/track-trace');
  await expect(page.getByText('Recording needs the Kollega Recorder extension')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeDisabled();
  await page.getByRole('link', { name: 'How to install Kollega Recorder' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Install Kollega Recorder' })).toBeVisible();
  await expect(page.getByText('Open edge://extensions and turn on Developer mode.')).toBeVisible();
});
