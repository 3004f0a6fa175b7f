// The Kollega Recorder extension end to end, built by the project's build and loaded into Debian's Chromium
// (--load-extension): a task recorded on the local test page that has random ids, a password, an iframe, an
// about:blank frame, an open shadow root and a popup; saved as a workflow and test-run by the stack's
// runner, which must post the same result to the page; the password appears nowhere (steps, messages,
// any table: definitions, audit rows, run steps and their logs). Also: pausing captures nothing, other tabs
// are not recorded, typed navigations are, and the onboarding wizard records with the same extension, saves a draft, test-runs it and activates it.
// Least privilege (issue 21): the bridge only on the app's exact origin, the capture script only while a
// recording exists, secrets told by autocomplete or a "show password" toggle, a personnummer as a run input.
// The recorded steps' element pictures are stored with the workflow and shown in its step editor (issue 24).
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import postgres from 'postgres';
import { startSites, type Sites } from '../runner/test/sites/server.ts';
import { test as extensionTest } from './support/extension';
import { callApi, registerCompany } from './support/session';

const PASSWORD = 'Hemligt-Lösen-42';

let sites: Sites;

const test = extensionTest.extend({
  page: async ({ page }, use) => {
    // Every message the extension sends the app, to search for the password afterwards.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { recorderMessages: string[] }).recorderMessages = seen;
      window.addEventListener('message', (event) => {
        if (event.data?.source === 'kollega-recorder') seen.push(JSON.stringify(event.data));
      });
    });
    await use(page);
  },
});

test.beforeAll(async () => {
  sites = await startSites();
});

test.afterAll(async () => {
  await sites?.close();
});

const screenshots = join(import.meta.dirname, '../docs/screenshots');
const stepsOf = (page: Page) => page.getByRole('list', { name: 'Inspelade steg' }).getByRole('listitem');

async function startRecording(page: Page, context: BrowserContext, url: string) {
  await page.goto('/track-trace');
  await expect(page.getByRole('button', { name: 'Starta inspelning' })).toBeEnabled();
  await page.getByLabel('Start-URL (valfri)').fill(url);
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Starta inspelning' }).click();
  const recording = await opened;
  await recording.waitForLoadState();
  await expect(page.getByRole('complementary', { name: 'Inspelningsstatus' }).getByRole('status')).toContainText('Spelar in');
  return recording;
}

test('a recording on hard pages replays through the runner, and no password is stored anywhere', async ({ page, context }) => {
  test.setTimeout(180_000);
  await registerCompany(page);
  // The organisation's secret, as the workflow editor asks for it: the recording holds only its name. It may
  // only be typed on the site the recording types it on (the test sites' origin, /recorder/).
  expect((await callApi(page, 'POST', '/api/secrets', { name: 'LOSENORD', value: PASSWORD, origins: [sites.origin] })).status()).toBeLessThan(300);

  const site = await startRecording(page, context, `${sites.origin}/recorder/`);
  await site.getByLabel('Användarnamn').fill('anna');
  await site.getByLabel('Lösenord').fill(PASSWORD);
  await site.frameLocator('iframe[title="Bankuppgifter"]').getByLabel('Bankgiro').fill('5050-1055');
  await site.frameLocator('iframe[title="Villkor"]').getByLabel('Betalningsvillkor').selectOption('30');
  await site.getByLabel('Brådskande').check();
  const popupOpened = context.waitForEvent('page');
  await site.getByRole('button', { name: 'Välj konto' }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  await popup.getByRole('listitem').filter({ hasText: '5010 Lokalhyra' }).getByRole('button', { name: 'Välj' }).click();
  await expect(site.getByText('Konto: 5010')).toBeVisible();
  await site.getByLabel('Meddelande').fill('Hyra december');
  await site.getByLabel('Meddelande').press('Enter');
  await expect(site.getByText('Betalningen är skickad.')).toBeVisible();
  await expect.poll(() => sites.results('recorder').length).toBe(1);

  const steps = stepsOf(page);
  await expect(steps).toHaveCount(10);
  const expected = [
    'Öppna',
    'Fyll i "Användarnamn" med "anna"',
    'Fyll i "Lösenord" med hemligheten LOSENORD',
    'Fyll i "Bankgiro" med "5050-1055"',
    'Välj "30 dagar" i "Betalningsvillkor"',
    'Kryssa i "Brådskande"',
    'Klicka på "Välj konto"',
    'Klicka på "Välj" (i popup-fönstret)',
    'Fyll i "Meddelande" med "Hyra december"',
    'Tryck på Enter',
  ];
  for (const [index, text] of expected.entries()) await expect(steps.nth(index)).toContainText(text);
  await expect(page.getByText('Lösenord spelas aldrig in')).toBeVisible();
  expect(await page.content()).not.toContain(PASSWORD);
  expect((await page.evaluate(() => (window as unknown as { recorderMessages: string[] }).recorderMessages)).join('\n')).not.toContain(PASSWORD);

  // Stop, save to a new workflow and test it step by step: the stack's runner replays it on a fresh load
  // of the page (new random ids), in Chromium, through the frames, the shadow root and the popup.
  await page.getByRole('complementary', { name: 'Inspelningsstatus' }).getByRole('button', { name: 'Stoppa inspelning' }).click();
  await expect(page.getByRole('complementary', { name: 'Inspelningsstatus' }).getByRole('status')).toContainText('Stoppad');
  sites.reset();
  await page.getByRole('button', { name: 'Spara och testkör' }).click();
  await expect(page).toHaveURL(/\/workflow-execution\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  const runId = page.url().split('/').at(-1)!;
  let run: { status: string; errorMessage: string | null; workflowId: string } | undefined;
  await expect
    .poll(
      async () => {
        run = await (await callApi(page, 'GET', `/api/runs/${runId}`)).json();
        return run!.status;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toMatch(/completed|failed/);
  expect(run!.status, run!.errorMessage ?? '').toBe('completed');
  expect(sites.results('recorder')).toEqual([
    { user: 'anna', passwordOk: true, bankgiro: '5050-1055', terms: '30', urgent: true, account: '5010', note: 'Hyra december' },
  ]);

  const detail = await (await callApi(page, 'GET', `/api/workflows/${run!.workflowId}`)).json();
  const definition = JSON.stringify(detail.definition);
  expect(definition).toContain('{{secret.LOSENORD}}');
  expect(definition).not.toContain(PASSWORD);

  // The elements' pictures from the recording (issue 24; at most one every 600 ms, so the fast test input leaves
  // some steps without): stored with the steps, never of the password field, and shown in the step editor.
  const pictured = ((await (await callApi(page, 'GET', `/api/workflows/${run!.workflowId}/thumbnails`)).json()) as Array<{ stepId: string; source: string }>)
    .filter((row) => row.source === 'element')
    .map((row) => row.stepId);
  expect(pictured.length).toBeGreaterThan(0);
  const password = detail.definition.steps.find((step: { value?: string }) => step.value === '{{secret.LOSENORD}}');
  expect(pictured).not.toContain(password.id);
  await page.goto(`/workflows/${run!.workflowId}`);
  const picture = page.getByRole('list', { name: 'Arbetsflödets steg' }).locator(`img[src*="/steps/${pictured[0]}/thumbnail?v="]`);
  await expect(picture).toHaveAttribute('alt', /^Bild för steg \d+$/, { timeout: 30_000 });
  await expect.poll(() => picture.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);

  // Nowhere in the database: every row of every table in the app's schemas, as text.
  const sql = postgres(process.env.DB_URL ?? 'postgresql://postgres:postgres@127.0.0.1:55322/postgres', { max: 1, onnotice: () => undefined });
  try {
    const tables = await sql<{ schema: string; name: string }[]>`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in ('public', 'app', 'auth', 'pgboss')`;
    expect(tables.length).toBeGreaterThan(5);
    const hits: string[] = [];
    for (const { schema, name } of tables) {
      const [row] = await sql.unsafe<{ n: number }[]>(`select count(*)::int as n from "${schema}"."${name}" t where t::text like $1`, [`%${PASSWORD}%`]);
      if (row!.n > 0) hits.push(`${schema}.${name}`);
    }
    expect(hits).toEqual([]);
    const [steps] = await sql<{ n: number }[]>`select count(*)::int as n from public.run_steps where run_id = ${runId}`;
    expect(steps!.n).toBeGreaterThanOrEqual(10);
  } finally {
    await sql.end();
  }
});

test('pausing captures nothing, other tabs are not recorded, a typed address is a navigate step', async ({ page, context }) => {
  await registerCompany(page);
  const site = await startRecording(page, context, `${sites.origin}/recorder/`);
  const steps = stepsOf(page);
  await expect(steps).toHaveCount(1);

  await page.getByRole('main').getByRole('button', { name: 'Pausa' }).first().click();
  await expect(page.getByRole('complementary', { name: 'Inspelningsstatus' }).getByRole('status')).toContainText('Pausad');
  await site.getByLabel('Användarnamn').fill('under paus');
  await site.getByRole('button', { name: 'Välj konto' }).click();
  await page.getByRole('main').getByRole('button', { name: 'Fortsätt' }).first().click();
  await expect(page.getByRole('complementary', { name: 'Inspelningsstatus' }).getByRole('status')).toContainText('Spelar in');

  // A tab the recording did not open (nor its pages) is not recorded.
  const other = await context.newPage();
  await other.goto(`${sites.origin}/recorder/`);
  await other.getByLabel('Meddelande').fill('annan flik');
  await other.getByRole('button', { name: 'Skicka betalning' }).click();
  await other.close();

  await site.getByLabel('Meddelande').fill('efter paus');
  await site.getByLabel('Meddelande').blur();
  await expect(steps).toHaveCount(2);
  await expect(steps.nth(1)).toContainText('Fyll i "Meddelande" med "efter paus"');

  await site.goto(`${sites.origin}/popup/`); // an address typed in the recording window
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(2)).toContainText(`Öppna ${sites.origin}/popup/`);
  await expect(page.locator('body')).not.toContainText('under paus');
  await expect(page.locator('body')).not.toContainText('annan flik');
});

test('the bridge is only on the app\'s exact origin: not on another port of the same host', async ({ page, context }) => {
  await page.goto('/track-trace');
  await expect(page.locator('html')).toHaveAttribute('data-kollega-recorder', /\d+\.\d+\.\d+/);
  // The test sites on localhost: the same host as the app, another port (the old `http://localhost/*` default matched it).
  const other = await context.newPage();
  await other.goto(`${sites.origin.replace('127.0.0.1', 'localhost')}/recorder/`);
  await expect(other.getByLabel('Användarnamn')).toBeVisible();
  expect(await other.locator('html').getAttribute('data-kollega-recorder')).toBeNull();
  // A page there cannot start a recording through the extension either.
  const opened: string[] = [];
  context.on('page', (p) => opened.push(p.url()));
  await other.evaluate(() => window.postMessage({ source: 'kollega-app', command: { type: 'start', url: 'https://example.com/' } }, location.origin));
  await other.waitForTimeout(1500);
  expect(opened).toEqual([]);
});

/** The isolated worlds of extensions' content scripts in the page's frames (CDP replays existing contexts on enable). */
async function extensionWorlds(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const worlds: string[] = [];
  cdp.on('Runtime.executionContextCreated', ({ context }) => {
    if (context.origin.startsWith('chrome-extension://')) worlds.push(context.name);
  });
  await cdp.send('Runtime.enable');
  await cdp.detach();
  return worlds;
}

test('signing in with BankID while recording becomes one "Logga in själv" step, done when the page behind it shows', async ({ page, context }) => {
  test.setTimeout(120_000);
  await registerCompany(page);
  const site = await startRecording(page, context, `${sites.origin}/eid/index.html`);
  // The person scans the moving QR code and confirms in the app (the test acts as the person).
  await site.waitForTimeout(1000);
  await site.getByRole('button', { name: 'Jag har legitimerat mig' }).click();
  await site.waitForURL(/\/eid\/form\.html/);
  await site.getByLabel('OCR-nummer').fill('7310452981');
  await site.getByLabel('OCR-nummer').press('Tab');
  const steps = stepsOf(page);
  await expect(steps).toHaveCount(4, { timeout: 15_000 });
  await expect(steps.nth(0)).toContainText('Öppna');
  await expect(steps.nth(1)).toContainText('Du loggar in själv med BankID eller Freja eID; Kollega väntar tills du är inloggad');
  await expect(steps.nth(1)).toContainText(`${sites.origin}/eid/form.html*`);
  await expect(steps.nth(2)).toContainText('Fyll i "OCR-nummer" med "7310452981"');
  await expect(steps.nth(3)).toContainText('Tryck på Tab');
  await expect(page.getByRole('list', { name: 'Inspelade steg' })).not.toContainText('Jag har legitimerat mig');
  await page.getByRole('list', { name: 'Inspelade steg' }).screenshot({ path: join(screenshots, 'recorder-sign-in-sv.jpg'), type: 'jpeg', quality: 70 });

  await page.getByRole('complementary', { name: 'Inspelningsstatus' }).getByRole('button', { name: 'Stoppa inspelning' }).click();
  await page.getByRole('button', { name: 'Exportera som flöde' }).click();
  await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  const detail = await (await callApi(page, 'GET', `/api/workflows/${page.url().split('/').at(-1)}`)).json();
  expect(detail.definition.steps.map((step: { type: string }) => step.type)).toEqual(['navigate', 'login', 'change', 'keyDown', 'keyUp']);
  expect(detail.definition.steps[1]).toMatchObject({ instructions: 'Logga in med BankID eller Freja eID i fliken.', until: { url: `${sites.origin}/eid/form.html*` } });
  // A workflow with a sign-in step runs only in a person's own browser: the list says so through its menu.
  expect(detail.hasLoginStep).toBe(true);
});

const SENSITIVE_PAGE = `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>Betalning</title></head><body><form>
<label for="pw">Lösenord</label><input id="pw" type="password"><button type="button" id="show">Visa lösenord</button>
<label for="otp">Engångskod</label><input id="otp" autocomplete="one-time-code">
<label for="card">Kortnummer</label><input id="card" autocomplete="cc-number">
<label for="pn">Personnummer</label><input id="pn">
<label for="note">Meddelande</label><input id="note">
</form><script>document.getElementById('show').onclick = () => { document.getElementById('pw').type = 'text'; };</script></body></html>`;

test('the capture script exists only while recording; shown passwords, one-time codes and card numbers become secrets, a personnummer an input', async ({ page, context }) => {
  await registerCompany(page);
  // The page from a server of its own (a page the extension opens is not reliably under context.route).
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SENSITIVE_PAGE));
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const sensitive = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sensitive/`;
  const before = await context.newPage();
  await before.goto(`${sites.origin}/recorder/`);
  expect(await extensionWorlds(before), 'no capture script before a recording').toEqual([]);

  const site = await startRecording(page, context, sensitive);
  expect((await extensionWorlds(site)).length, 'the recorded page has it').toBeGreaterThan(0);
  await site.getByRole('button', { name: 'Visa lösenord' }).click();
  const typed = { pw: 'Synligt-Lösen-7', otp: '482913', card: '4111111111111111', pn: '19811218-9876', note: 'Hyra' };
  for (const [id, value] of Object.entries(typed)) await site.locator(`#${id}`).fill(value);
  await site.locator('#note').blur();
  const steps = stepsOf(page);
  await expect(steps).toHaveCount(7);
  await expect(steps.nth(2)).toContainText('Fyll i "Lösenord" med hemligheten LOSENORD');
  await expect(steps.nth(3)).toContainText('Fyll i "Engångskod" med hemligheten ENGANGSKOD');
  await expect(steps.nth(4)).toContainText('Fyll i "Kortnummer" med hemligheten KORTNUMMER');
  await expect(steps.nth(5)).toContainText('Fyll i "Personnummer" med indata personnummer');
  await expect(steps.nth(6)).toContainText('Fyll i "Meddelande" med "Hyra"');
  const messages = (await page.evaluate(() => (window as unknown as { recorderMessages: string[] }).recorderMessages)).join('\n');
  for (const value of [typed.pw, typed.otp, typed.card, typed.pn, '8112189876']) {
    expect(messages).not.toContain(value);
    expect(await page.content()).not.toContain(value);
  }

  await page.getByRole('complementary', { name: 'Inspelningsstatus' }).getByRole('button', { name: 'Stoppa inspelning' }).click();
  await expect(page.getByRole('complementary', { name: 'Inspelningsstatus' }).getByRole('status')).toContainText('Stoppad');
  const after = await context.newPage();
  await after.goto(`${sites.origin}/recorder/`);
  expect(await extensionWorlds(after), 'no capture script after the recording').toEqual([]);
  server.close();
});

test('the onboarding wizard saves the recording as a draft, suggests inputs from its values, test-runs it through the runner and activates it', async ({ page, context }) => {
  test.setTimeout(180_000);
  await registerCompany(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Starta guidad introduktion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kom igång med Kollega' });
  await dialog.getByRole('button', { name: 'Nästa' }).click();
  await dialog.getByLabel('Namn på arbetsflödet').fill('Kontaktformulär');
  await dialog.getByLabel('Beskrivning').fill('Skickar en förfrågan');
  await dialog.getByLabel('Kategori').selectOption('Ärendehantering');
  await dialog.getByRole('button', { name: 'Nästa' }).click();
  await dialog.getByRole('button', { name: 'Nästa' }).click();
  await expect(dialog).toContainText('Steg 4 av 6');

  const opened = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Starta inspelning' }).click();
  const recording = await opened;
  await expect(dialog.getByRole('button', { name: 'Tillbaka' })).toBeDisabled();
  await recording.goto(`${sites.origin}/form/`);
  await recording.getByLabel('Namn').fill('Anna Andersson');
  await recording.getByLabel('E-post').fill('anna@example.se');
  await recording.getByLabel('Belopp (kr)').fill('1200');
  await recording.getByLabel('Meddelande').fill('Ring mig');
  await recording.getByRole('button', { name: 'Skicka' }).click();
  await expect(recording).toHaveURL(/thanks\.html$/);
  await expect.poll(() => sites.results('form').length).toBe(1);
  await expect(dialog).toContainText('6 steg inspelade');
  await dialog.getByRole('button', { name: 'Stoppa inspelning' }).click();
  await expect(dialog).toContainText('Inspelningen är klar');
  await dialog.getByRole('button', { name: 'Nästa' }).click();

  // The draft exists now, with the recorded steps.
  await expect(dialog).toContainText('Steg 5 av 6');
  const list = (await (await callApi(page, 'GET', '/api/workflows')).json()).items;
  const workflow = (list.items ?? list).find((w: { name: string }) => w.name === 'Kontaktformulär');
  expect(workflow.status).toBe('draft');

  // Suggestions from the values typed: the name, the e-mail address and the amount, nothing for the message; no AI claims.
  await expect(dialog.getByRole('switch')).toHaveCount(3);
  await expect(dialog.getByRole('switch', { name: /”Namn”/ })).toBeVisible();
  await expect(dialog.getByRole('switch', { name: /”E-post”/ })).toBeVisible();
  await expect(dialog).not.toContainText('AI');
  await dialog.getByRole('switch', { name: /”Belopp \(kr\)”/ }).click();
  await dialog.getByRole('button', { name: 'Nästa' }).click();
  await expect(dialog).toContainText('Steg 6 av 6');
  await expect(dialog).toContainText('Testkörningen använder indata: belopp_kr = 1200');
  const detail = await (await callApi(page, 'GET', `/api/workflows/${workflow.id}`)).json();
  expect(JSON.stringify(detail.definition)).toContain('{{input.belopp_kr}}');
  expect(JSON.stringify(detail.definition)).toContain('Anna Andersson');

  // A real test run by the stack's runner: the site gets the form again, with the test value of the input.
  sites.reset();
  await expect(dialog.getByRole('button', { name: 'Aktivera' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Kör test' }).click();
  await expect(dialog).toContainText('Testet lyckades: 6 steg utförda.', { timeout: 120_000 });
  expect(sites.results('form')).toEqual([{ name: 'Anna Andersson', email: 'anna@example.se', amount: '1200', message: 'Ring mig' }]);
  await dialog.getByRole('button', { name: 'Aktivera' }).click();
  await expect(dialog).toContainText('Arbetsflödet är aktiverat');
  expect((await (await callApi(page, 'GET', `/api/workflows/${workflow.id}`)).json()).status).toBe('active');
  await dialog.getByRole('button', { name: 'Slutför' }).click();
  await expect(page).toHaveURL(/\/workflows$/);
  await expect(page.getByText('Kontaktformulär')).toBeVisible();
});
