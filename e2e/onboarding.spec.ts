// The onboarding wizard end to end (real timers): six steps, recording, test, activation, /workflows.
import { expect, test } from '@playwright/test';
import { accounts, signInAs, useLanguage } from './support/session';

test('a guided first workflow from welcome to activation (sv)', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Starta guidad introduktion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kom igång med Kollega' });
  await expect(dialog).toContainText('Steg 1 av 6');
  await expect(dialog.getByRole('button', { name: 'Tillbaka' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Nästa' }).click();

  await expect(dialog).toContainText('Steg 2 av 6');
  const next = dialog.getByRole('button', { name: 'Nästa' });
  await expect(next).toBeDisabled();
  await dialog.getByLabel('Namn på arbetsflödet').fill('Leverantörsfakturor');
  await dialog.getByLabel('Beskrivning').fill('Registrerar leverantörsfakturor');
  await dialog.getByLabel('Kategori').selectOption('data_entry');
  await expect(next).toBeDisabled();
  await dialog.getByLabel('Hur ofta körs det?').selectOption('weekly');
  await expect(next).toBeEnabled();
  await next.click();

  await expect(dialog.getByRole('radio', { name: 'Microsoft Edge (rekommenderas)' })).toBeChecked();
  await dialog.getByRole('radio', { name: /Avancerat/ }).check();
  await dialog.getByRole('button', { name: 'Nästa' }).click();

  await expect(dialog).toContainText('Steg 4 av 6');
  await expect(dialog.getByRole('button', { name: 'Nästa' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Starta inspelning' }).click();
  await expect(dialog.getByRole('button', { name: 'Tillbaka' })).toBeDisabled();
  await expect(dialog).toContainText('2 av 8 steg inspelade', { timeout: 6_000 });
  await expect(dialog).toContainText('8 av 8 steg inspelade', { timeout: 20_000 });
  await expect(dialog).toContainText('Inspelningen är klar');
  await dialog.getByRole('button', { name: 'Nästa' }).click();

  await expect(dialog.getByRole('switch')).toHaveCount(3);
  await dialog.getByRole('switch', { name: /Notifiering/ }).click();
  await expect(dialog).toContainText('2 av 3 förbättringar valda');
  await dialog.getByRole('button', { name: 'Nästa' }).click();

  await expect(dialog).toContainText('Steg 6 av 6');
  await expect(dialog.getByRole('button', { name: 'Aktivera' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Kör test' }).click();
  await expect(dialog).toContainText('Testet lyckades', { timeout: 6_000 });
  await dialog.getByRole('button', { name: 'Aktivera' }).click();
  await expect(dialog.getByRole('button', { name: 'Slutför' })).toBeDisabled();
  await expect(dialog).toContainText('Arbetsflödet är aktiverat', { timeout: 5_000 });
  await dialog.getByRole('button', { name: 'Slutför' }).click();
  await expect(page).toHaveURL(/\/workflows$/);
  await expect(dialog).toBeHidden();
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
