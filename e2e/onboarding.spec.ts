// The onboarding wizard end to end up to its record step (without the recorder extension); with the extension
// the recording, the draft it becomes, the suggestions, the real test run and the activation run in
// e2e/recorder.spec.ts.
import { expect, test } from '@playwright/test';
import { accounts, signInAs, useLanguage } from './support/session';

test('a guided first workflow up to recording, which asks for the extension and saves nothing yet (sv)', async ({ page }) => {
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Starta guidad introduktion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kom igång med Kollega' });
  await expect(dialog).toContainText('Steg 1 av 6');
  await expect(dialog).not.toContainText('kan ångras');
  await expect(dialog.getByRole('button', { name: 'Tillbaka' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Nästa' }).click();

  await expect(dialog).toContainText('Steg 2 av 6');
  const next = dialog.getByRole('button', { name: 'Nästa' });
  await expect(next).toBeDisabled();
  await dialog.getByLabel('Namn på arbetsflödet').fill('Leverantörsfakturor');
  await dialog.getByLabel('Beskrivning').fill('Registrerar leverantörsfakturor');
  await expect(next).toBeDisabled();
  await dialog.getByLabel('Kategori').selectOption('Rapportering');
  await expect(next).toBeEnabled();
  await next.click();

  // Prepare: tips only (the recorder is the extension; there is no browser or mode to choose).
  await expect(dialog).toContainText('Steg 3 av 6');
  await expect(dialog.getByRole('radio')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Nästa' }).click();

  // Record: without the Kollega Recorder extension (this browser has none) the step says how to install it
  // and cannot start.
  await expect(dialog).toContainText('Steg 4 av 6');
  await expect(dialog.getByRole('button', { name: 'Nästa' })).toBeDisabled();
  await expect(dialog.getByText('Tillägget Kollega Recorder behövs för att spela in')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Starta inspelning' })).toBeDisabled();
  await expect(dialog.getByRole('link', { name: 'Så installerar du Kollega Recorder' })).toHaveAttribute('href', '/recorder-extension');
  await dialog.getByRole('button', { name: 'Stäng' }).click();
  await page.goto('/workflows');
  await expect(page.getByText('Leverantörsfakturor')).toHaveCount(0);
});

test('the wizard speaks English and starts over after closing', async ({ page }) => {
  await useLanguage(page, 'en');
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Start guided introduction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get started with Kollega' });
  await expect(dialog).toContainText('Step 1 of 6');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog).toContainText('Step 2 of 6');
  await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Start guided introduction' }).click();
  await expect(dialog).toContainText('Step 1 of 6');
});
