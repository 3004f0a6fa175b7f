// Settings in both languages: tabs, defaults, the profile of the signed-in user, local saving.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { accounts, signInAs, useLanguage } from './support/session';

test('the settings tabs show the defaults and the signed-in profile (sv)', async ({ page }) => {
  await signInAs(page, accounts.user.email, accounts.user.password);
  await page.goto('/settings');
  await expect(page.getByLabel('E-post')).toHaveValue(accounts.user.email);
  await expect(page.getByLabel('Roll')).toHaveValue('Användare');
  await expect(page.getByLabel('Roll')).toBeDisabled();
  await expect(page.getByLabel('Organisation')).toBeDisabled();
  await expect(page.getByLabel('Tidszon')).toHaveValue('Europe/Stockholm');

  await page.getByRole('tab', { name: 'Automation' }).click();
  await expect(page.getByLabel('Standardnivå för AI-säkerhet')).toHaveValue('90');
  await expect(page.getByLabel('Antal omförsök')).toHaveValue('3');
  await page.getByLabel('Antal omförsök').selectOption('5');
  await page.getByRole('button', { name: 'Spara automationsinställningar' }).click();
  await expect(page.getByText('Inställningarna sparade')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Automation' }).click();
  await expect(page.getByLabel('Antal omförsök')).toHaveValue('5');

  await page.getByRole('tab', { name: 'System' }).click();
  // The build's own version (package.json), and no backup time the product does not keep.
  const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string };
  await expect(page.getByRole('tabpanel')).toContainText(`Version${version}`);
  await expect(page.getByRole('tabpanel')).not.toContainText('säkerhetskopiering');
  await expect(page.getByRole('tabpanel')).toContainText('EU (Stockholm)');
});

test('settings speak English', async ({ page }) => {
  await useLanguage(page, 'en');
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('switch', { name: /E-mail notifications/ })).toBeChecked();
  await expect(page.getByRole('switch', { name: /Success messages/ })).not.toBeChecked();
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByRole('switch', { name: /Two-factor authentication/ })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: /Automatic logout/ })).toBeChecked();
});
