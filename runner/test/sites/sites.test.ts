// The test sites themselves are correct: each page, driven by hand with playwright-core the way a person would
// (fill, click, press Enter, accept the dialog, scroll), posts exactly the result runner/test/cases.ts expects,
// once. Plus the properties the hard cases rely on (shuffled rows, fresh random ids, stale recorded ids,
// nothing posted when the confirm dialog is dismissed).
//
//   npx vitest run -c vitest.runner.config.ts runner/test/sites
//
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CASES, loadRecording } from '../cases.ts';
import { startSites, type Sites } from './server.ts';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

let sites: Sites;
let browser: Browser;
let context: BrowserContext;

// Timeouts are set here too, so the file also runs under a config without them.
const TIMEOUT = { timeout: 30_000 };

beforeAll(async () => {
  sites = await startSites();
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await sites?.close();
}, 30_000);

async function open(path: string): Promise<Page> {
  await context?.close();
  context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  await page.goto(sites.origin + path);
  return page;
}

const expected = (id: string) => CASES.find((c) => c.id === id)!.expected;

/** Waits for the page's result and checks it arrived exactly once and is the one the case expects. */
async function expectResult(id: string) {
  await expect.poll(() => sites.results(id).length, { timeout: 5_000 }).toBeGreaterThan(0);
  await new Promise((done) => setTimeout(done, 150)); // a second post would arrive by now
  expect(sites.results(id)).toEqual([expected(id)]);
}

describe('each page, driven by hand, posts the expected result once', TIMEOUT, () => {
  test('form', async () => {
    const page = await open('/form/');
    await page.getByLabel('Namn').fill('Anna Lind');
    await page.getByLabel('E-post').fill('anna.lind@example.se');
    await page.getByLabel('Belopp (kr)').fill('1250');
    await page.getByLabel('Meddelande').fill('Hej!\nVi vill ha en offert på 40 armaturer till vårt nya kontor.');
    await page.getByRole('button', { name: 'Skicka' }).click();
    await page.waitForURL('**/form/thanks.html');
    await expectResult('form');
  });

  test('spinner (Playwright waits for the form and for the overlay to go)', async () => {
    const page = await open('/spinner/');
    await page.getByLabel('Artikelnummer').fill('A-2231');
    await page.getByLabel('Antal').fill('12');
    await page.getByRole('button', { name: 'Lägg beställning' }).click();
    await expectResult('spinner');
  });

  test('iframe', async () => {
    const page = await open('/iframe/');
    const frame = page.frameLocator('iframe[title="Registreringsformulär"]');
    await frame.getByLabel('Organisationsnummer').fill('556677-8899');
    await frame.getByLabel('Företagsnamn').fill('Fjällbacka Rör AB');
    await frame.getByRole('button', { name: 'Registrera' }).click();
    await expectResult('iframe');
  });

  test('nested-iframe', async () => {
    const page = await open('/nested-iframe/');
    const frame = page.frameLocator('iframe[title="Betalning"]').frameLocator('iframe[title="Betalningsuppgifter"]');
    await frame.getByLabel('OCR-referens').fill('7310452981');
    await frame.getByRole('button', { name: 'Bekräfta betalning' }).click();
    await expectResult('nested-iframe');
    // the frame path the recording uses: the checkout is the top page's second child frame
    const checkout = page.mainFrame().childFrames()[1]!;
    expect(checkout.url()).toMatch(/\/nested-iframe\/outer\.html$/);
    expect(checkout.childFrames()[0]!.url()).toMatch(/\/nested-iframe\/inner\.html$/);
  });

  test('shadow', async () => {
    const page = await open('/shadow/');
    await page.getByLabel('Rubrik').fill('Kan inte logga in');
    await page.getByLabel('Beskrivning').fill('Jag får felkod 403 sedan i morse.');
    await page.getByRole('button', { name: 'Skapa ärende' }).click();
    await expectResult('shadow');
    expect(await page.evaluate(() => document.querySelector('#subject'))).toBeNull(); // really inside shadow roots
  });

  test('popup', async () => {
    const page = await open('/popup/');
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Betala med kort' }).click()]);
    await popup.getByLabel('Kortinnehavare').fill('Anna Lind');
    await popup.getByLabel('Kortnummer').fill('4111 1111 1111 1111');
    await popup.getByRole('button', { name: 'Betala 12 450,00 kr' }).click();
    await expectResult('popup');
    expect(popup.url()).toBe(`${sites.origin}/popup/pay.html?invoice=1043`);
    await expect.poll(() => page.locator('#status').textContent()).toBe('Status: betald');
  });

  test('spa', async () => {
    const page = await open('/spa/');
    await page.getByRole('link', { name: /Order 1042/ }).click();
    expect(new URL(page.url()).pathname).toBe('/spa/orders/1042');
    await page.getByLabel('Intern kommentar').fill('Kund bekräftad per telefon');
    await page.getByRole('button', { name: 'Godkänn order' }).click();
    await expect.poll(() => page.locator('#status').textContent()).toBe('Order 1042 är godkänd.');
    await expectResult('spa');
    await page.reload(); // the server keeps client-side routes
    await expect.poll(() => page.locator('h1').textContent()).toBe('Order 1042');
  });

  test('random-ids (fresh ids on every load, none of the recorded ones)', async () => {
    const page = await open('/random-ids/');
    const ids = () => page.locator('input, button').evaluateAll((els) => els.map((e) => e.id));
    const first = await ids();
    await page.reload();
    const second = await ids();
    expect(first.some((id, i) => id === second[i])).toBe(false);
    const recorded = JSON.stringify(loadRecording('random-ids', sites.origin));
    for (const id of second) expect(recorded).not.toContain(id);
    await page.getByLabel('Företagsnamn').fill('Fjällbacka Rör AB');
    await page.getByLabel('Organisationsnummer').fill('556677-8899');
    await page.getByLabel('E-post för fakturor').fill('faktura@fjallbackaror.se');
    await page.getByRole('button', { name: 'Spara kund' }).click();
    await expectResult('random-ids');
  });

  test('controls', async () => {
    const page = await open('/controls/');
    await page.getByLabel('Land').selectOption('NO');
    await page.getByText('E-post', { exact: true }).click(); // the wrapping label's text
    await page.getByLabel('SMS').check();
    await page.getByLabel('Brev').uncheck();
    await page.getByText('Pro', { exact: true }).click(); // the <label for> text
    await page.getByLabel('Jag godkänner villkoren för utskick').check();
    await page.getByRole('button', { name: 'Spara inställningar' }).click();
    await expectResult('controls');
  });

  test('confirm: dismissing posts nothing, accepting posts the result', async () => {
    const page = await open('/confirm/');
    const messages: string[] = [];
    page.once('dialog', (dialog) => { messages.push(dialog.message()); void dialog.dismiss(); });
    await page.getByRole('button', { name: 'Ta bort utkast' }).click();
    await new Promise((done) => setTimeout(done, 300));
    expect(sites.results('confirm')).toEqual([]);
    page.once('dialog', (dialog) => { messages.push(dialog.message()); void dialog.accept(); });
    await page.getByRole('button', { name: 'Ta bort utkast' }).click();
    await expectResult('confirm');
    expect(messages).toEqual(['Är du säker på att du vill ta bort utkastet?', 'Är du säker på att du vill ta bort utkastet?']);
  });

  test('table (rows are shuffled between loads)', async () => {
    const page = await open('/table/');
    const orders = new Set<string>();
    for (let i = 0; i < 6; i++) {
      if (i) await page.reload();
      orders.add((await page.locator('#invoices tbody td:first-child').allTextContents()).join(','));
    }
    expect(orders.size).toBeGreaterThan(1);
    await page.getByRole('row').filter({ has: page.getByRole('cell', { name: '1043', exact: true }) }).getByRole('button', { name: 'Attestera' }).click();
    await expectResult('table');
  });

  test('enter-submit', async () => {
    const page = await open('/enter-submit/');
    await page.getByLabel('Sök').fill('Nordic Paper');
    await page.getByLabel('Sök').press('Enter');
    await expectResult('enter-submit');
    expect(await page.getByRole('button').count()).toBe(0);
  });

  test('changed (the recorded id is gone, the name is not)', async () => {
    const page = await open('/changed/');
    expect(await page.locator('#submit-old').count()).toBe(0);
    expect(JSON.stringify(loadRecording('changed', sites.origin))).toContain('#submit-old');
    await page.getByLabel('Visningsnamn').fill('Anna Lind');
    await page.getByLabel('Telefon').fill('070-123 45 67');
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await expectResult('changed');
  });

  test('infinite-scroll (TX-0057 appears only after scrolling)', async () => {
    const page = await open('/infinite-scroll/');
    const target = page.getByRole('button', { name: /^TX-0057/ });
    expect(await target.count()).toBe(0);
    for (let i = 0; i < 40 && (await target.count()) === 0; i++) {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(150);
    }
    await target.click();
    await page.getByRole('button', { name: 'Flagga transaktion' }).click();
    await expectResult('infinite-scroll');
  });

  test('label-echo (one click on each label; the "Kopia" box then cleared on the box itself)', async () => {
    const page = await open('/label-echo/');
    await page.getByText('Jag godkänner villkoren', { exact: true }).click();
    await page.getByText('SMS-avisering', { exact: true }).click();
    await page.getByText('Nyhetsbrev', { exact: true }).click(); // the styled span; its box is hidden
    await page.getByText('Pro', { exact: true }).click();
    await page.getByText('Kopia till mig', { exact: true }).click();
    await page.getByRole('checkbox', { name: 'Kopia till mig' }).click();
    await page.getByRole('button', { name: 'Spara' }).click();
    await expectResult('label-echo');
  });

  test('custom-select', async () => {
    const page = await open('/custom-select/');
    await page.getByLabel('Beskrivning').fill('Tåg Göteborg–Stockholm');
    expect(await page.getByRole('option').count()).toBe(0);
    await page.getByRole('button', { name: /Kostnadsställe/ }).click();
    await page.getByRole('option', { name: '300 Produktion' }).click();
    expect(await page.getByRole('option').count()).toBe(0);
    await page.getByRole('button', { name: 'Spara utgift' }).click();
    await expectResult('custom-select');
  });
});

test('every case has a page, a recording that loads with the real origin, and a test above', TIMEOUT, async () => {
  for (const c of CASES) {
    const recording = loadRecording(c.id, sites.origin);
    expect(recording.steps.length).toBeGreaterThan(2);
    expect(JSON.stringify(recording)).not.toContain('47811');
    const navigate = recording.steps.find((s) => s.type === 'navigate') as { url: string };
    expect(navigate.url.startsWith(`${sites.origin}/${c.id}/`)).toBe(true);
    expect((await fetch(navigate.url)).status).toBe(200);
  }
});

describe('server', TIMEOUT, () => {
  test('results are kept per case, in order, and reset', async () => {
    sites.reset();
    await fetch(`${sites.origin}/__result/probe`, { method: 'POST', body: '{"n":1}' });
    await fetch(`${sites.origin}/__result/probe`, { method: 'POST', body: 'not json' });
    expect(sites.results('probe')).toEqual([{ n: 1 }, 'not json']);
    sites.reset();
    expect(sites.results('probe')).toEqual([]);
  });

  test('/__slow/<ms> answers after the delay; no path leaves the sites folder', async () => {
    const started = Date.now();
    expect(await (await fetch(`${sites.origin}/__slow/200`)).json()).toEqual({ ok: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect((await fetch(`${sites.origin}/%2e%2e/cases.ts`)).status).toBe(404);
    expect((await fetch(`${sites.origin}/server.ts`)).status).toBe(404);
    expect((await fetch(`${sites.origin}/form/`)).headers.get('content-type')).toBe('text/html; charset=utf-8');
  });
});
