// Error queue over the real stack (the demo organisation's seeded errors): details, resolve; a
// member cannot ignore or escalate, and resolving an item a superuser ignored meanwhile is refused.
import { expect, request, test } from '@playwright/test';
import { accounts, signInAs, useLanguage } from './support/session';

const appUrl = process.env.APP_URL ?? 'http://localhost:3000';

test('an admin opens the details of an error and resolves it (sv)', async ({ page }) => {
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  await page.goto('/error-queue');
  await expect(page.getByRole('heading', { level: 1, name: 'Felkö' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Aktiva fel' });
  await expect(list.getByRole('article').first()).toBeVisible();
  const pending = await list.getByRole('article').count();
  const figures = page.getByLabel('Översikt av felkön');
  await expect(figures).toContainText(`Väntande fel${pending}`);
  await expect(figures).toContainText('Lösta idag12');
  await expect(figures).toContainText('Genomsnittlig lösningstid8min');
  await expect(figures).toContainText('Automatisk återhämtning85%');

  const first = list.getByRole('article').first();
  const label = (await first.getAttribute('aria-label')) ?? '';
  expect(label).toMatch(/^(Valideringsfel|Nätverksfel|Element ej hittad|Timeout|[a-z ]+): /);
  await first.getByRole('button', { name: 'Visa detaljer' }).click();
  const details = page.getByRole('dialog', { name: 'Feldetaljer' });
  await expect(details).toContainText('Körnings-id');
  await details.getByRole('button', { name: 'Stäng' }).click();

  await first.getByRole('button', { name: 'Lös' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Fel löst' });
  await expect(toast).toContainText('Felet har markerats som löst.');
  await expect(list.getByRole('article', { name: label })).toHaveCount(0);
  await expect(figures).toContainText(`Väntande fel${pending - 1}`);
});

test('in English a member sees no ignore/escalate, and resolving an item ignored meanwhile is refused', async ({ page }) => {
  await useLanguage(page, 'en');
  await signInAs(page, accounts.user.email, accounts.user.password);
  await page.goto('/error-queue');
  await expect(page.getByRole('heading', { level: 1, name: 'Error queue' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Active errors' });
  const first = list.getByRole('article').first();
  await expect(first).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ignore' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Escalate' })).toHaveCount(0);

  // A superuser ignores the first item while the member still sees it.
  const superuser = await request.newContext({ baseURL: appUrl, extraHTTPHeaders: { Origin: new URL(appUrl).origin } });
  expect(
    (await superuser.post('/api/login', { data: { email: accounts.superuser.email, password: accounts.superuser.password } })).ok(),
  ).toBe(true);
  const items = (await (await superuser.get('/api/error-queue')).json()) as Array<{ id: string; status: string; errorMessage: string }>;
  const label = (await first.getAttribute('aria-label')) ?? '';
  const target = items.find((item) => item.status === 'pending' && label.endsWith(`: ${item.errorMessage}`));
  expect(target, label).toBeDefined();
  expect((await superuser.post(`/api/error-queue/${target?.id}/ignore`, { data: {} })).ok()).toBe(true);
  await superuser.dispose();

  await first.getByRole('button', { name: 'Resolve' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Could not resolve error' });
  await expect(toast).toBeVisible();
  await expect(toast).not.toContainText('403');
});

test('in English a superuser escalates an error out of the active list', async ({ page }) => {
  await useLanguage(page, 'en');
  await signInAs(page, accounts.superuser.email, accounts.superuser.password);
  await page.goto('/error-queue');
  const list = page.getByRole('list', { name: 'Active errors' });
  const first = list.getByRole('article').first();
  await expect(first).toBeVisible();
  const label = (await first.getAttribute('aria-label')) ?? '';
  await first.getByRole('button', { name: 'Escalate' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Error escalated' })).toBeVisible();
  await expect(list.getByRole('article', { name: label })).toHaveCount(0);
});
