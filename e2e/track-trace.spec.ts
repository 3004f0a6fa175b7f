// Track & Trace with a real popup window: start, simulated steps, pause, stop, window closed, edit.
import { expect, test } from '@playwright/test';
import { accounts, signInAs, useLanguage } from './support/session';

test('recording opens a window, records steps, pauses and stops when the window closes (sv)', async ({ page, context }) => {
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  await page.goto('/track-trace');
  await expect(page.getByLabel('Webbläsare')).toHaveValue('edge');
  await expect(page.getByLabel('Start-URL (valfri)')).toHaveValue('https://');

  const popupOpened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Starta inspelning' }).click();
  const popup = await popupOpened;
  const steps = page.getByRole('list', { name: 'Inspelade steg' }).getByRole('listitem');
  const status = page.getByRole('complementary', { name: 'Inspelningsstatus' }).getByRole('status');
  await expect(steps.first()).toContainText('Navigera');
  await expect(status).toContainText('Spelar in');
  await expect(steps).toHaveCount(2, { timeout: 5_000 });

  const overlay = page.getByRole('complementary', { name: 'Inspelningsstatus' });
  await overlay.getByRole('button', { name: 'Pausa' }).click();
  await expect(status).toContainText('Pausad');
  await overlay.getByRole('button', { name: 'Fortsätt' }).click();
  await expect(status).toContainText('Spelar in');

  await popup.close();
  await expect(status).toContainText('Stoppad');
  await expect(page.getByRole('button', { name: 'Starta inspelning' })).toBeVisible();

  await page.getByRole('button', { name: 'Redigera steg 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Redigera steg 1' });
  await dialog.getByLabel('Beskrivning').fill('Öppna fakturaportalen');
  await dialog.getByRole('button', { name: 'Spara' }).click();
  await expect(steps.first()).toContainText('Öppna fakturaportalen');
  await page.getByRole('button', { name: 'Ta bort steg 1' }).click();
  await page.getByRole('button', { name: 'Rensa steg' }).click();
  await expect(page.getByText('Inga steg ännu.')).toBeVisible();
});

test('recording in English: stop keeps the steps and releases the window', async ({ page, context }) => {
  await useLanguage(page, 'en');
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  await page.goto('/track-trace');
  await page.getByLabel('Start URL (optional)').fill('about:blank#kollega');
  const popupOpened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Start recording' }).click();
  const popup = await popupOpened;
  expect(popup.url()).toContain('about:blank');
  const status = page.getByRole('complementary', { name: 'Recording status' }).getByRole('status');
  const steps = page.getByRole('list', { name: 'Recorded steps' }).getByRole('listitem');
  await expect(status).toContainText('Recording ·');
  await expect(steps.first()).toContainText('Open about:blank#kollega');
  await page.getByRole('main').getByRole('button', { name: 'Stop recording' }).first().click();
  await expect(status).toContainText('Stopped ·');
  await expect(page.getByRole('button', { name: 'Show browser window' })).toBeDisabled();
  const recorded = await steps.count();
  // Longer than the shortest gap between simulated steps: nothing more arrives after stop.
  await page.waitForTimeout(3_500);
  await expect(steps).toHaveCount(recorded);
  await popup.close();
});

test('a blocked popup shows the alert', async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  await page.goto('/track-trace');
  await page.getByRole('button', { name: 'Starta inspelning' }).click();
  await expect(page.getByRole('alert')).toContainText('Webbläsarfliken kunde inte öppnas');
});
