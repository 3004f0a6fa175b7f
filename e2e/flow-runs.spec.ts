// Flow management: counters, filter and the client-side run transitions, in both languages.
import { expect, test } from '@playwright/test';
import { accounts, signInAs, useLanguage } from './support/session';

test('runs can be paused, resumed, stopped and retried; suggestions applied (sv)', async ({ page }) => {
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  await page.goto('/workflow-execution');
  await expect(page.getByRole('heading', { level: 1, name: 'Flödeshantering' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Brödsmulor' }).getByRole('link', { name: 'Hem' })).toHaveAttribute('href', '/dashboard');
  const counters = page.getByRole('region', { name: 'Körningar per status' });
  await expect(counters).toContainText('Totalt6');

  const run = page.getByRole('article', { name: 'Leverantörsfakturor' });
  await expect(run).toContainText('Körs');
  await run.getByRole('button', { name: 'Pausa' }).click();
  await expect(run).toContainText('Pausad');
  await run.getByRole('button', { name: 'Fortsätt' }).click();
  await run.getByRole('button', { name: 'Stoppa' }).click();
  await expect(run).toContainText('Fel');
  await run.getByRole('button', { name: 'Försök igen' }).click();
  await expect(run).toContainText('Startar om...');
  await expect(run.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

  const completed = page.getByRole('article', { name: 'Månadsrapport ekonomi' });
  await expect(completed).toContainText('Slutförd');
  await expect(completed.getByRole('progressbar')).toHaveCount(0);

  await page.getByLabel('Filtrera på status').selectOption('pending');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toContainText('Väntar');

  await page.getByRole('button', { name: 'Tillämpa förbättring' }).first().click();
  await expect(page.getByText('Förbättringen tillämpad')).toBeVisible();
  await page.getByRole('button', { name: 'Ignorera' }).click();
  await expect(page.getByRole('button', { name: 'Ignorera' })).toHaveCount(0);
});

test('flow management speaks English', async ({ page }) => {
  await useLanguage(page, 'en');
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  await page.goto('/workflow-execution');
  await expect(page.getByRole('heading', { level: 1, name: 'Flow management' })).toBeVisible();
  const run = page.getByRole('article', { name: 'Rent notices' });
  await expect(run).toContainText('Paused');
  await run.getByRole('button', { name: 'Resume' }).click();
  await expect(run).toContainText('Running');
  await run.getByRole('button', { name: 'More actions for Rent notices' }).click();
  await page.getByRole('menuitem', { name: 'Show details' }).click();
  await expect(page.getByRole('dialog', { name: 'Run: Rent notices' })).toContainText('run-1003');
});
