// Attended runs end to end (issue 22) with the built Kollega Recorder in Debian's Chromium: a workflow that signs
// in with a mock eID page (a moving QR code) and pays a bill behind it runs only in a person's own browser, so
// "Kör nu" on its card offers "Kör i min webbläsare"; the person runs it in a new tab, the run's page tells them
// to sign in, the test acts as the person on the eID page, and the run fills the form behind it and completes in
// that tab. Another open tab is never touched. The run location card on the workflow page explains the rule. A
// second run pauses when the person clicks in its tab during a wait (taken_over), its page says so, and
// "Fortsätt i min webbläsare" continues it in the same tab without running a finished step twice. The
// screenshots go to docs/screenshots/ for docs/automation.md.
import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startSites, type Sites } from '../runner/test/sites/server.ts';
import { test } from './support/extension';
import { callApi, registerCompany } from './support/session';

const screenshots = join(import.meta.dirname, '../docs/screenshots');
mkdirSync(screenshots, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(screenshots, `${name}.jpg`), type: 'jpeg', quality: 70 });

let sites: Sites;

test.beforeAll(async () => {
  sites = await startSites();
});

test.afterAll(async () => {
  await sites?.close();
});

test('a workflow with a sign-in step runs in the person\'s own tab from "Kör nu", waits for the sign-in and completes there', async ({ page, context }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerCompany(page);
  const created = await (await callApi(page, 'POST', '/api/workflows', { name: 'Betala leverantörsfaktura' })).json();
  const saved = await callApi(page, 'PUT', `/api/workflows/${created.id}/definition`, {
    definition: {
      version: 1,
      steps: [
        { id: 'open', type: 'navigate', description: 'Öppna banken', url: `${sites.origin}/eid/index.html` },
        {
          id: 'login',
          type: 'login',
          description: 'Logga in på banken',
          instructions: 'Öppna BankID-appen och skanna QR-koden.',
          until: { url: '*/eid/form.html' },
          timeout: 120_000,
        },
        { id: 'ocr', type: 'change', description: 'Fyll i OCR-numret', selectors: ['#ocr'], value: '7310452981' },
        { id: 'amount', type: 'change', description: 'Fyll i beloppet', selectors: ['aria/Belopp (kr)'], value: '1250' },
        { id: 'pay', type: 'click', description: 'Betala', selectors: ['aria/Betala[role="button"]'] },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await callApi(page, 'PUT', `/api/workflows/${created.id}`, { status: 'active' })).status()).toBe(200);

  // The workflow page says where it may run, and why a sign-in step means the person's browser only.
  await page.goto(`/workflows/${created.id}`);
  const location = page.locator('section', { has: page.getByRole('heading', { name: 'Var får arbetsflödet köras?' }) }).last();
  await expect(location).toContainText('Arbetsflödet har steget ”Logga in själv”', { timeout: 30_000 });
  await location.scrollIntoViewIfNeeded();
  await location.screenshot({ path: join(screenshots, 'attended-run-location-sv.jpg'), type: 'jpeg', quality: 70 });

  // A tab of the person's that the run must never touch.
  const other = await context.newPage();
  await other.goto(`${sites.origin}/form/index.html`);
  await page.bringToFront();

  // "Kör nu" on the card: the workflow runs only in a person's browser, so the dialog is offered, not an error.
  await page.goto('/workflows');
  const card = page.getByRole('article', { name: 'Betala leverantörsfaktura' });
  await card.getByRole('button', { name: 'Åtgärder för Betala leverantörsfaktura' }).click();
  await page.getByRole('menuitem', { name: 'Kör nu' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kör ”Betala leverantörsfaktura” i min webbläsare' });
  await expect(dialog).toContainText('Det här arbetsflödet körs bara i en persons egen webbläsare');
  // The extension lists the person's other tabs (never the app's own).
  await expect(dialog.getByRole('radio', { name: /\/form\/index\.html/ })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Kollega/ })).toHaveCount(0);
  await expect(dialog.getByRole('radio', { name: 'I en ny flik' })).toBeChecked();
  await shot(page, 'attended-dialog-sv');

  const opened = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Kör i min webbläsare' }).click();
  const tab = await opened;
  await expect(page).toHaveURL(/\/workflow-execution\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const runId = page.url().split('/').at(-1)!;

  // The run opened the bank in the person's tab and waits for the sign-in; its page says what to do.
  await expect.poll(() => tab.url(), { timeout: 60_000 }).toContain('/eid/index.html');
  await page.bringToFront();
  await expect(page.getByText('Logga in i fliken')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Logga in på banken/).first()).toBeVisible();
  await shot(page, 'attended-login-sv');

  // The person signs in (the QR code moved meanwhile); the run goes on by itself and pays the bill in that tab.
  await tab.getByRole('button', { name: 'Jag har legitimerat mig' }).click();
  await expect
    .poll(async () => (await (await callApi(page, 'GET', `/api/runs/${runId}`)).json()).status, { timeout: 90_000, intervals: [1000] })
    .toBe('completed');
  expect(sites.results('eid').at(-1)).toEqual({ signedIn: true, ocr: '7310452981', amount: '1250' });
  const run = await (await callApi(page, 'GET', `/api/runs/${runId}`)).json();
  expect(run.mode).toBe('attended');
  // No screenshot of the sign-in step, nor of the opening step, which leaves the tab on the sign-in page (its QR code).
  expect(run.steps.map((s: { stepId: string; status: string; hasScreenshot: boolean }) => [s.stepId, s.status, s.hasScreenshot])).toEqual([
    ['open', 'passed', false],
    ['login', 'passed', false],
    ['ocr', 'passed', true],
    ['amount', 'passed', true],
    ['pay', 'passed', true],
  ]);
  await expect(tab.getByRole('status')).toHaveText('Betalningen är registrerad.');
  // The other tab was never touched.
  expect(other.url()).toContain('/form/index.html');
  expect(sites.results('form')).toEqual([]);

  await page.bringToFront();
  await page.reload();
  await expect(page.getByText('Slutförd').first()).toBeVisible({ timeout: 30_000 });
  await shot(page, 'attended-run-completed-sv');

  // In English, the dialog on the card's own menu item.
  await page.evaluate(() => window.localStorage.setItem('kollega.language', 'en'));
  await page.goto('/workflows');
  await page.getByRole('button', { name: 'Actions for Betala leverantörsfaktura' }).click();
  await page.getByRole('menuitem', { name: 'Run in my browser' }).click();
  const english = page.getByRole('dialog', { name: 'Run “Betala leverantörsfaktura” in my browser' });
  await expect(english.getByRole('radio', { name: 'In a new tab' })).toBeChecked();
  await expect(english).toContainText('purple tab group called Kollega');
  await shot(page, 'attended-dialog-en');
});

test('the person taking over the tab pauses the run with the reason, and "Fortsätt i min webbläsare" goes on in the same tab', async ({ page, context }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerCompany(page);
  const created = await (await callApi(page, 'POST', '/api/workflows', { name: 'Registrera betalning' })).json();
  const saved = await callApi(page, 'PUT', `/api/workflows/${created.id}/definition`, {
    definition: {
      version: 1,
      steps: [
        { id: 'open', type: 'navigate', description: 'Öppna betalningen', url: `${sites.origin}/eid/form.html` },
        { id: 'ocr', type: 'change', description: 'Fyll i OCR-numret', selectors: ['#ocr'], value: '111' },
        { id: 'hold', type: 'wait', description: 'Vänta på banken', ms: 8000 },
        { id: 'amount', type: 'change', description: 'Fyll i beloppet', selectors: ['#amount'], value: '2' },
        { id: 'pay', type: 'click', description: 'Betala', selectors: ['aria/Betala[role="button"]'] },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await callApi(page, 'PUT', `/api/workflows/${created.id}`, { status: 'active', runLocation: 'both' })).status()).toBe(200);

  await page.goto('/workflows');
  await page.getByRole('button', { name: 'Åtgärder för Registrera betalning' }).click();
  await page.getByRole('menuitem', { name: 'Kör i min webbläsare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kör ”Registrera betalning” i min webbläsare' });
  await expect(dialog).not.toContainText('körs bara i en persons egen webbläsare');
  const opened = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Kör i min webbläsare' }).click();
  const tab = await opened;
  await expect(page).toHaveURL(/\/workflow-execution\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const runId = page.url().split('/').at(-1)!;
  const run = async () => (await callApi(page, 'GET', `/api/runs/${runId}`)).json();

  // During the wait the person clicks in the tab themselves: the run pauses and says why.
  await expect.poll(async () => (await run()).currentStep, { timeout: 60_000, intervals: [250] }).toBe(2);
  // A second into the 8 s wait: input the tab reports within 300 ms of the runner's own last key (the OCR number it
  // typed just before) counts as the runner's (extension/src/attended.ts, OWN_INPUT_GRACE_MS), and a faster step
  // end can bring the wait's start that close.
  await tab.waitForTimeout(1000);
  await tab.getByRole('heading', { name: 'Betala faktura' }).click();
  await expect.poll(async () => { const r = await run(); return [r.status, r.pauseReason]; }, { timeout: 15_000, intervals: [250] }).toEqual(['paused', 'taken_over']);
  await page.bringToFront();
  await expect(page.getByText('Du tog över fliken med musen eller tangentbordet')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Fortsätt', exact: true })).toHaveCount(0);
  await shot(page, 'attended-paused-sv');

  // The person continues it in the same tab, which still shows the form with what the run filled in.
  await page.getByRole('button', { name: 'Fortsätt i min webbläsare' }).click();
  const again = page.getByRole('dialog', { name: 'Fortsätt ”Registrera betalning” i min webbläsare' });
  await again.getByRole('radio', { name: /Betala faktura/ }).check();
  await again.getByRole('button', { name: 'Fortsätt' }).click();
  await expect(again).toBeHidden({ timeout: 60_000 });
  await expect.poll(async () => (await run()).status, { timeout: 90_000, intervals: [1000] }).toBe('completed');
  expect(sites.results('eid').at(-1)).toEqual({ signedIn: false, ocr: '111', amount: '2' });
  const steps = (await run()).steps as Array<{ stepId: string; status: string; attempt: number }>;
  expect(steps.filter((s) => s.status === 'passed').map((s) => s.stepId), 'no finished step ran twice').toEqual(['open', 'ocr', 'hold', 'amount', 'pay']);
  expect(steps.filter((s) => s.status === 'skipped').map((s) => [s.attempt, s.stepId])).toEqual([[1, 'hold']]);
});
