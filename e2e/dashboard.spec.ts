// The dashboard in both languages: home prompt, onboarding card, figures, the real flow performance list.
import { expect, test } from '@playwright/test';
import { accounts, signInAs, useLanguage } from './support/session';

test('the dashboard shows the home prompt and the organisation’s real workflows (sv)', async ({ page }) => {
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Vad vill du göra idag?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ditt första arbetsflöde på 5 minuter' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Nyckeltal' })).toContainText('Körningar per månad');
  await expect(page.getByRole('region', { name: 'Nyckeltal' })).toContainText('128 h sparade denna månad');

  const table = page.getByRole('table');
  await expect(table.getByRole('rowheader', { name: 'Felanmälningar till ärendesystem' })).toBeVisible();
  const row = table.getByRole('row', { name: /Hyresavier till hyresgäster/ });
  await expect(row).toContainText('Aktiv');
  await expect(row).toContainText('Schemalagt');
  await expect(row).toContainText('99 %');
  await expect(table.getByRole('row', { name: /Förlängning av hyresavtal/ })).toContainText('Pausad');

  await table.getByRole('button', { name: 'Åtgärder för Hyresavier till hyresgäster' }).click();
  await page.getByRole('menuitem', { name: 'Statistik' }).click();
  await expect(page).toHaveURL(/\/workflow-execution$/);

  await page.goto('/');
  await page.getByRole('link', { name: /Starta ny inspelning/ }).click();
  await expect(page).toHaveURL(/\/track-trace$/);
});

test('the dashboard speaks English, and its quick actions lead on', async ({ page }) => {
  await useLanguage(page, 'en');
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'What would you like to do today?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Flow performance' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row', { name: /Hyresavier till hyresgäster/ })).toContainText('Scheduled');
  await page.getByRole('link', { name: /AI assistant/ }).click();
  await expect(page).toHaveURL(/\/ai-prompt$/);
});
