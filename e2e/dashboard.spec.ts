// The dashboard in both languages: home prompt, onboarding card, the figures as the API measures them,
// alerts from the pending errors, the real flow performance list; a new organisation sees "no data yet".
import { expect, test } from '@playwright/test';
import { accounts, callApi, registerCompany, signInAs, useLanguage } from './support/session';

type Stats = { executionsThisMonth: number; hoursSavedThisWeek: number | null; aiConfidence: number | null };
type Performance = { name: string; successRate: number | null };
type ErrorItem = { status: string; workflowName: string | null; errorMessage: string; createdAt: string };

/** A number as the app writes it in Swedish (1 247, 32,5), whatever space the locale puts between thousands. */
const swedish = (value: number) =>
  value.toLocaleString('sv-SE', { maximumFractionDigits: 1 }).replace(/\s/g, '\\s?');

test('the dashboard shows the home prompt, measured figures, alerts and the organisation’s real workflows (sv)', async ({ page }) => {
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  const stats = (await (await callApi(page, 'GET', '/api/dashboard/stats')).json()) as Stats;
  const performance = (await (await callApi(page, 'GET', '/api/dashboard/workflow-performance')).json()) as Performance[];
  const errors = ((await (await callApi(page, 'GET', '/api/error-queue')).json()) as { items: ErrorItem[] }).items;

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Vad vill du göra idag?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ditt första arbetsflöde', exact: true })).toBeVisible();
  const figures = page.getByRole('region', { name: 'Nyckeltal' });
  await expect(figures).toContainText(new RegExp(`Körningar denna månad${swedish(stats.executionsThisMonth)}`));
  await expect(figures).toContainText(/Flöden som körs nu\d+/);
  if (stats.aiConfidence === null) await expect(figures).toContainText('AI-säkerhet—Ingen data än');
  if (stats.hoursSavedThisWeek === null) await expect(figures).toContainText('Sparade timmar per vecka—Ingen data än');
  else await expect(figures).toContainText(new RegExp(`Sparade timmar per vecka${swedish(stats.hoursSavedThisWeek)} h`));

  const alerts = page.getByRole('heading', { name: 'Aviseringar' }).locator('xpath=ancestor::section[1]');
  const newest = errors.filter((item) => item.status === 'pending').sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  if (newest) {
    // The newest alert: the error in plain words (the runner's message is only in the run's technical details).
    const alert = alerts.getByRole('listitem').filter({ hasText: `Fel: ${newest.workflowName}` }).first();
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('link', { name: 'Visa körning' })).toBeVisible();
  }

  const table = page.getByRole('table');
  await expect(table.getByRole('rowheader', { name: 'Felanmälningar till ärendesystem' })).toBeVisible();
  const rent = performance.find((row) => row.name === 'Hyresavier till hyresgäster');
  const row = table.getByRole('row', { name: /Hyresavier till hyresgäster/ });
  await expect(row).toContainText('Aktiv');
  await expect(row).toContainText('Schemalagt');
  await expect(row).toContainText(rent?.successRate == null ? '—' : `${Math.round(rent.successRate)} %`);
  await expect(table.getByRole('row', { name: /Förlängning av hyresavtal/ })).toContainText('Pausad');

  await table.getByRole('button', { name: 'Åtgärder för Hyresavier till hyresgäster' }).click();
  await page.getByRole('menuitem', { name: 'Statistik' }).click();
  await expect(page).toHaveURL(/\/workflow-execution$/);

  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Nyckeltal' })).toBeVisible();
  // Quick actions: schedules are set on a workflow, team management is the user management page (admins).
  const quick = page.getByRole('heading', { name: 'Snabbåtgärder' }).locator('xpath=ancestor::section[1]');
  await expect(quick.getByRole('link', { name: /Schemaläggning/ })).toHaveAttribute('href', '/workflows');
  await expect(quick.getByRole('link', { name: /Teamhantering/ })).toHaveAttribute('href', '/user-management');
  await page.getByRole('link', { name: /Starta ny inspelning/ }).click();
  await expect(page).toHaveURL(/\/track-trace$/);
});

test('a new organisation sees no invented figures, and quick actions lead on (en)', async ({ page }) => {
  await useLanguage(page, 'en');
  await registerCompany(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'What would you like to do today?' })).toBeVisible();
  const figures = page.getByRole('region', { name: 'Key figures' });
  await expect(figures).toContainText('Executions this month0');
  await expect(figures).toContainText('Hours saved per week—No data yet');
  await expect(figures).toContainText('AI confidence—No data yet');
  await expect(figures).toContainText('Flows running now0');
  await expect(page.getByText('No alerts')).toBeVisible();
  await expect(page.getByText('Nothing needs your attention right now.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Flow performance' })).toBeVisible();
  // A new organisation has no notifications: no count on the bell, and it says so; the search finds nothing yet.
  const topBar = page.getByRole('banner').filter({ has: page.getByRole('button', { name: 'Notifications' }) });
  const bell = topBar.getByRole('button', { name: 'Notifications' });
  await expect(bell).not.toHaveAttribute('aria-describedby');
  await bell.click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText('No notifications');
  await page.keyboard.press('Escape');
  await topBar.getByRole('combobox', { name: 'Search workflows, runs and tasks' }).fill('nothing like this');
  await expect(topBar.getByRole('status').filter({ hasText: 'No matches' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: /AI assistant/ }).click();
  await expect(page).toHaveURL(/\/ai-prompt$/);
});
