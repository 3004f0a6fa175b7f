// The bell over the real stack: a run of a new organisation's workflow fails on the runner (the site does not
// answer), and its admin, who started it and owns the workflow, sees one unread notification that says so and
// leads to the run, in Swedish; in English the same notification, now read, and no count.
import { expect, test } from '@playwright/test';
import { callApi, registerCompany, useLanguage } from './support/session';

test('the bell tells of a failed run and leads to it (sv, en)', async ({ page }) => {
  test.setTimeout(120_000);
  await registerCompany(page);
  const created = await callApi(page, 'POST', '/api/workflows', { name: 'Hyresavier e2e' });
  expect(created.status()).toBe(201);
  const { id: workflowId } = (await created.json()) as { id: string };
  const definition = { version: 1, steps: [{ id: 's1', type: 'navigate', description: 'Öppna portalen', url: 'http://127.0.0.1:9/' }] };
  expect((await callApi(page, 'PUT', `/api/workflows/${workflowId}/definition`, { definition })).status()).toBe(200);
  expect((await callApi(page, 'PUT', `/api/workflows/${workflowId}`, { status: 'active' })).status()).toBe(200);
  const started = await callApi(page, 'POST', `/api/workflows/${workflowId}/run`, {});
  expect(started.status()).toBe(202);
  const { executionId: runId } = (await started.json()) as { executionId: string };
  await expect
    .poll(async () => ((await (await callApi(page, 'GET', `/api/runs/${runId}`)).json()) as { status: string }).status, { timeout: 60_000 })
    .toBe('failed');

  await page.goto('/dashboard');
  const bell = page.getByRole('banner').getByRole('button', { name: 'Notifieringar' });
  await expect(bell).toHaveAccessibleDescription('1 oläst notifiering');
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifieringar' });
  const entry = panel.getByRole('link', { name: /En körning misslyckades.*Hyresavier e2e/ });
  await expect(entry).toContainText('Oläst');
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/workflow-execution/${runId}$`));
  await expect(bell).not.toHaveAttribute('aria-describedby');

  await useLanguage(page, 'en');
  await page.goto('/dashboard');
  const bellEn = page.getByRole('banner').getByRole('button', { name: 'Notifications' });
  await bellEn.click();
  const panelEn = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panelEn.getByRole('link', { name: /A run failed.*Hyresavier e2e/ })).not.toContainText('Unread');
  await expect(bellEn).not.toHaveAttribute('aria-describedby');
});
