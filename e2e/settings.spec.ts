// Settings in both languages against the real API: the profile name saved, the organisation's automation
// settings saved by an admin (a fresh company, so the shared accounts' organisation keeps its defaults) and
// shown to members without a way to change them, and only the build's own version as a system fact.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { accounts, callApi, registerCompany, signInAs, useLanguage } from './support/session';

test('an admin saves the profile name and the organisation\'s automation settings on the server (sv)', async ({ page }) => {
  await registerCompany(page);
  await page.goto('/settings');
  await expect(page.getByRole('tab')).toHaveText(['Profil', 'Notifieringar', 'Automation', 'System']);
  await expect(page.getByLabel('E-post')).toBeDisabled();
  await page.getByLabel('Fullständigt namn').fill('Greta Garbo');
  await page.getByRole('button', { name: 'Spara profil' }).click();
  await expect(page.getByText('Profilen sparad')).toBeVisible();

  await page.getByRole('tab', { name: 'Automation' }).click();
  await expect(page.getByLabel('Standardtröskel för nya AI-beslut')).toHaveValue('95');
  await expect(page.getByLabel('Automatiska omförsök')).toHaveValue('0');
  await expect(page.getByLabel('Spara körningar')).toHaveValue('keep');
  await page.getByLabel('Standardtröskel för nya AI-beslut').selectOption('80');
  await page.getByLabel('Automatiska omförsök').selectOption('3');
  await page.getByLabel('Spara körningar').selectOption('90');
  await page.getByRole('button', { name: 'Spara automationsinställningar' }).click();
  await expect(page.getByText('Inställningarna sparade')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Fullständigt namn')).toHaveValue('Greta Garbo');
  expect((await (await callApi(page, 'GET', '/api/user')).json()).fullName).toBe('Greta Garbo');
  await page.getByRole('tab', { name: 'Automation' }).click();
  await expect(page.getByLabel('Standardtröskel för nya AI-beslut')).toHaveValue('80');
  expect(await (await callApi(page, 'GET', '/api/organization-settings')).json()).toEqual({
    aiThresholdDefault: 80,
    retryAttempts: 3,
    retryBackoffSeconds: 60,
    runRetentionDays: 90,
    pauseLimitHours: 24,
    siteConcurrency: 4,
  });

  await page.getByRole('tab', { name: 'System' }).click();
  const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string };
  await expect(page.getByRole('tabpanel')).toContainText(`Version${version}`);
  await expect(page.getByRole('tabpanel')).not.toContainText(/API-version|Stockholm/);
});

test('a member sees the organisation\'s settings without a way to change them; settings speak English', async ({ page }) => {
  await useLanguage(page, 'en');
  await signInAs(page, accounts.user.email, accounts.user.password);
  await page.goto('/settings');
  await expect(page.getByRole('tab')).toHaveText(['Profile', 'Notifications', 'Automation', 'System']);
  await page.getByRole('tab', { name: 'Automation' }).click();
  await expect(page.getByLabel('Default threshold of new AI decisions')).toBeDisabled();
  await expect(page.getByRole('tabpanel')).toContainText('Only admins can change them');
  await expect(page.getByRole('button', { name: 'Save automation settings' })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: /Two-factor|Automatic logout|E-mail notifications/ })).toHaveCount(0);
});
