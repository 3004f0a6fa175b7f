// Error queue over the real stack (the demo organisation's seeded errors): the figures as the API
// measures them, retry from the failed step, the run's details, mark resolved; a member cannot ignore or
// escalate, and resolving an item a superuser ignored meanwhile is refused.
import { expect, request, test } from '@playwright/test';
import { accounts, callApi, signInAs, useLanguage } from './support/session';

const appUrl = process.env.APP_URL ?? 'http://localhost:3000';

type Stats = { pending: number; resolvedToday: number; averageResolutionMinutes: number | null; automaticRecoveryRate: number | null };
type Item = { id: string; status: string; errorMessage: string; executionId: string; stepIndex: number | null; workflowName: string | null };

test('an admin retries a run from its failed step, which resolves the error (sv)', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  const items = ((await (await callApi(page, 'GET', '/api/error-queue')).json()) as { items: Item[] }).items;
  const target = items.find((item) => item.status === 'pending');
  expect(target, 'a pending error').toBeDefined();
  if (!target) return;

  await page.goto('/error-queue');
  const list = page.getByRole('list', { name: 'Aktiva fel' });
  const row = list.getByRole('article').filter({ hasText: target.executionId }).first();
  await expect(row.getByRole('link', { name: 'Visa detaljer' })).toHaveAttribute('href', `/workflow-execution/${target.executionId}`);
  // Seeded errors predate step indexes; the server then retries from the step that failed.
  if (target.stepIndex !== null) await expect(row).toContainText(`Steg${target.stepIndex + 1}`);
  await row.getByRole('button', { name: 'Lös' }).click();
  await page.getByRole('menuitem', { name: 'Försök igen från detta steg' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Körningen startar om' })).toContainText('felet har markerats som löst');
  await expect.poll(async () => {
    const after = ((await (await callApi(page, 'GET', '/api/error-queue')).json()) as { items: Item[] }).items;
    return after.find((item) => item.id === target.id)?.status;
  }).toBe('resolved');
  // The new attempt runs on the runner; it ends (the seeded systems do not exist) before the next test counts.
  const run = async () => (await (await callApi(page, 'GET', `/api/runs/${target.executionId}`)).json()) as { attempt: number; status: string };
  expect((await run()).attempt).toBeGreaterThan(1);
  await expect.poll(async () => (await run()).status, { timeout: 60_000 }).toMatch(/^(failed|completed)$/);
});

test('an admin sees the measured figures, opens a run from an error and marks an error resolved (sv)', async ({ page }) => {
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  await page.goto('/error-queue');
  await expect(page.getByRole('heading', { level: 1, name: 'Felkö' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Aktiva fel' });
  await expect(list.getByRole('article').first()).toBeVisible();
  const stats = (await (await callApi(page, 'GET', '/api/error-queue/stats')).json()) as Stats;
  const figures = page.getByLabel('Översikt av felkön');
  await expect(figures).toContainText(`Väntande fel${stats.pending}`);
  await expect(figures).toContainText(`Lösta idag${stats.resolvedToday}`);
  if (stats.averageResolutionMinutes === null) await expect(figures).toContainText('Genomsnittlig lösningstid—Ingen data än');
  else await expect(figures).toContainText(/Genomsnittlig lösningstid[\d,]+ (min|h)/);
  if (stats.automaticRecoveryRate === null) await expect(figures).toContainText('Automatisk återhämtning—Ingen data än');
  else await expect(figures).toContainText(`Automatisk återhämtning${Math.round(stats.automaticRecoveryRate)} %`);
  const pending = await list.getByRole('article').count();

  const first = list.getByRole('article').first();
  const label = (await first.getAttribute('aria-label')) ?? '';
  expect(label).toMatch(/^(Valideringsfel|Nätverksfel|Element ej hittad|Timeout|Sidan kunde inte öppnas|[A-ZÅÄÖa-zåäö ]+): /);
  await first.getByRole('link', { name: 'Visa detaljer' }).click();
  await expect(page).toHaveURL(/\/workflow-execution\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Om körningen' })).toBeVisible();
  await page.goBack();

  // Items of one type read alike; the run's id tells them apart.
  const execution = (await first.getByText(/^[0-9a-f-]{36}$/).textContent()) ?? '';
  const item = list.getByRole('article').filter({ hasText: execution });
  await item.getByRole('button', { name: 'Lös' }).click();
  await page.getByRole('menuitem', { name: 'Markera som löst' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Fel löst' });
  await expect(toast).toContainText('Felet har markerats som löst.');
  await expect(item).toHaveCount(0);
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
  const items = ((await (await superuser.get('/api/error-queue')).json()) as { items: Item[] }).items;
  const label = (await first.getAttribute('aria-label')) ?? '';
  const shown = (await first.textContent()) ?? '';
  const target = items.find((item) => item.status === 'pending' && shown.includes(item.executionId));
  expect(target, label).toBeDefined();
  expect((await superuser.post(`/api/error-queue/${target?.id}/ignore`, { data: {} })).ok()).toBe(true);
  await superuser.dispose();

  await first.getByRole('button', { name: 'Resolve' }).click();
  await page.getByRole('menuitem', { name: 'Mark as resolved' }).click();
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
  const execution = (await first.getByText(/^[0-9a-f-]{36}$/).textContent()) ?? '';
  await first.getByRole('button', { name: 'Escalate' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Error escalated' })).toBeVisible();
  await expect(list.getByRole('article').filter({ hasText: execution })).toHaveCount(0);
});
