// Flow management over the real stack: the demo organisation's seeded runs (counters as the API counts
// them, filter, completed runs without actions, the retry dialog, details and log), a retry followed live
// as the runner executes it, and a new organisation's empty state in English.
import { expect, test } from '@playwright/test';
import { accounts, callApi, registerCompany, signInAs, useLanguage } from './support/session';

type Run = { id: string; status: string; attempt: number; failedStep: number | null; workflowName: string };

test('counters, filter, completed and failed runs, details and log of the seeded runs (sv)', async ({ page }) => {
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  const counts = (await (await callApi(page, 'GET', '/api/runs/counts')).json()) as Record<string, number>;
  expect(counts.total).toBeGreaterThan(100);

  await page.goto('/workflow-execution');
  await expect(page.getByRole('heading', { level: 1, name: 'Flödeshantering' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Brödsmulor' }).getByRole('link', { name: 'Hem' })).toHaveAttribute('href', '/dashboard');
  const counters = page.getByRole('region', { name: 'Körningar per status' });
  await expect(counters).toContainText(`Slutförda${counts.completed}`);
  await expect(counters).toContainText(`Totalt${counts.total}`);
  const list = page.getByRole('list', { name: 'Körningar' });
  await expect(list.getByRole('article')).toHaveCount(50);
  await expect(page.getByRole('button', { name: 'Visa fler' })).toBeVisible();

  await page.getByLabel('Filtrera på status').selectOption('completed');
  await expect(page).toHaveURL(/\?status=completed$/);
  const completed = list.getByRole('article').first();
  await expect(completed).toContainText('Slutförd');
  await expect(completed.getByRole('progressbar')).toHaveCount(0);
  await expect(completed.getByRole('button', { name: /Pausa|Fortsätt|Stoppa|Försök igen/ })).toHaveCount(0);

  await page.getByLabel('Filtrera på status').selectOption('failed');
  await expect(page).toHaveURL(/\?status=failed$/);
  const failed = ((await (await callApi(page, 'GET', '/api/runs?status=failed&limit=1')).json()) as { items: Run[] }).items;
  const first = list.getByRole('article').first();
  await expect(first).toContainText('Fel');
  if (failed[0].failedStep !== null) await expect(first).toContainText(`i steg ${failed[0].failedStep + 1}`);
  await first.getByRole('button', { name: 'Försök igen' }).click();
  const dialog = page.getByRole('dialog', { name: `Försök igen: ${failed[0].workflowName}` });
  await expect(dialog.getByLabel('Börja från')).toHaveValue(String(failed[0].failedStep ?? 0));
  await dialog.getByRole('button', { name: 'Avbryt' }).click();
  await expect(dialog).toHaveCount(0);

  await first.getByRole('button', { name: `Fler åtgärder för ${failed[0].workflowName}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Exportera logg' })).toHaveAttribute('href', `/api/runs/${failed[0].id}/log`);
  await page.getByRole('menuitem', { name: 'Visa detaljer' }).click();
  await expect(page).toHaveURL(new RegExp(`/workflow-execution/${failed[0].id}$`));
  await expect(page.getByRole('heading', { level: 1, name: failed[0].workflowName })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Om körningen' })).toContainText(failed[0].id);
  const log = await callApi(page, 'GET', `/api/runs/${failed[0].id}/log`);
  expect(log.status()).toBe(200);
  expect(log.headers()['content-disposition']).toContain('attachment');
  await page.getByRole('link', { name: 'Tillbaka till flödeshantering' }).click();
  await expect(page).toHaveURL(/\/workflow-execution$/);
});

test('a failed run retried from its first step is followed live until the runner ends it (sv)', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  // A failed run no other spec has retried (the error-queue spec retries the newest seeded error's run).
  const failed = ((await (await callApi(page, 'GET', '/api/runs?status=failed&limit=50')).json()) as { items: Run[] }).items;
  const run = failed.find((r) => r.attempt === 1);
  expect(run, 'a failed run on its first attempt').toBeDefined();
  if (!run) return;
  await page.goto(`/workflow-execution/${run.id}`);
  await expect(page.getByRole('heading', { level: 1, name: run.workflowName })).toBeVisible();
  const attempts = await page.getByRole('list', { name: /^Försök \d+$/ }).count();

  await page.getByRole('button', { name: 'Försök igen' }).click();
  const dialog = page.getByRole('dialog', { name: `Försök igen: ${run.workflowName}` });
  await dialog.getByLabel('Börja från').selectOption('0');
  await dialog.getByRole('button', { name: 'Försök igen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Körningen startar om' })).toBeVisible();

  const facts = page.getByRole('region', { name: 'Om körningen' });
  await expect(facts).toContainText(`Försök${run.attempt + 1}`);
  // No reload: the page follows the new attempt as the runner writes its steps, to its end.
  const attempt = page.getByRole('list', { name: `Försök ${run.attempt + 1}` });
  await expect(page.getByRole('list', { name: /^Försök \d+$/ })).toHaveCount(attempts + 1, { timeout: 60_000 });
  await expect(attempt).toContainText('Steg 1 · Navigera');
  await expect(attempt).toContainText(/Klart|Misslyckades/, { timeout: 60_000 });
  await expect(facts).toContainText(/Slutförd|Fel/, { timeout: 60_000 });
  await expect(facts).not.toContainText(/Körs|Väntar/);
});

test('a new organisation is told how to start its first run (en)', async ({ page }) => {
  await useLanguage(page, 'en');
  await registerCompany(page);
  await page.goto('/workflow-execution');
  await expect(page.getByRole('heading', { level: 1, name: 'Flow management' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Runs by status' })).toContainText('Total0');
  await expect(page.getByRole('heading', { name: 'No runs yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to workflows' }).click();
  await expect(page).toHaveURL(/\/workflows\/?$/);
});
