// "Peka ut" end to end (issue 24) with the built Kollega Recorder in Debian's Chromium: a workflow whose
// click step no longer finds its button (the page was redesigned) is fixed by pointing at the button on the
// local test page. The step is saved with the recorder's selectors and fingerprint, its sentence names the
// button in Swedish and in English, a test run through the stack's runner then clicks the right button. The
// button's picture, cropped by the extension at the pick, is stored with the step and shown beside its sentence
// (a real JPEG the browser decodes), before and after the run; the step without an element shows its
// screenshot from the run.
import { expect, type Locator } from '@playwright/test';
import { join } from 'node:path';
import { startSites, type Sites } from '../runner/test/sites/server.ts';
import { test } from './support/extension';
import { callApi, registerCompany } from './support/session';

let sites: Sites;

test.beforeAll(async () => {
  sites = await startSites();
});

test.afterAll(async () => {
  await sites?.close();
});

test('a broken click step is fixed by pointing at the button, names it in both languages and passes a test run', async ({ page, context }) => {
  test.setTimeout(180_000);
  await registerCompany(page);
  const created = await (await callApi(page, 'POST', '/api/workflows', { name: 'Min profil' })).json();
  const pageUrl = `${sites.origin}/changed/`;
  const saved = await callApi(page, 'PUT', `/api/workflows/${created.id}/definition`, {
    definition: {
      version: 1,
      steps: [
        { id: 's1', type: 'navigate', description: '', url: pageUrl },
        { id: 's2', type: 'click', description: '', selectors: ['#submit-old'] }, // the button before the redesign
      ],
    },
  });
  expect(saved.status()).toBe(200);

  await page.goto(`/workflows/${created.id}`);
  const steps = page.getByRole('list', { name: 'Arbetsflödets steg' }).locator(':scope > li');
  await expect(steps.nth(1)).toContainText('Klicka på ett element', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Redigera steg 2' }).click();
  const dialog = page.getByRole('dialog', { name: 'Steg 2: Klicka' });
  await expect(dialog.getByLabel('Sida att öppna')).toHaveValue(pageUrl);

  const opened = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Peka ut' }).click();
  const picking = await opened;
  await expect(picking.locator('kollega-picker').getByRole('dialog')).toContainText('Klicka på det steget ska använda');
  const button = picking.getByRole('button', { name: 'Spara ändringar' });
  await button.hover();
  await expect(picking.locator('kollega-picker .name')).toHaveText('Spara ändringar');
  // The pick closes the window at once: wait for that from before the click (which may end with its page).
  await Promise.all([picking.waitForEvent('close'), button.click({ noWaitAfter: true }).catch(() => undefined)]);

  await expect(dialog.getByRole('status')).toHaveText('Utpekat: Spara ändringar');
  // The button's picture, from the extension (captureVisibleTab cropped to the button).
  const picked = dialog.getByRole('img', { name: 'Bild av elementet som pekades ut' });
  await expect(picked).toHaveAttribute('src', /^data:image\/jpeg;base64,\/9j\//);
  await expect.poll(() => loadedWidth(picked)).toBeGreaterThan(0);
  await expect(dialog.getByLabel('Beskrivning')).toHaveValue('Klicka på knappen ”Spara ändringar”');
  await dialog.getByRole('button', { name: 'Klar' }).click();
  await expect(steps.nth(1)).toContainText('Klicka på knappen ”Spara ändringar”');
  await expect(steps.nth(1).getByText('#submit-old')).toBeHidden();
  await page.getByRole('button', { name: 'Spara', exact: true }).click();
  await expect(page.getByText('Sparat som version 2')).toBeVisible();

  const detail = await (await callApi(page, 'GET', `/api/workflows/${created.id}`)).json();
  const step = detail.definition.steps[1];
  expect(step.selectors[0]).toBe('aria/Spara ändringar[role="button"]');
  expect(step.selectors).not.toContain('#submit-old');
  expect(step.fingerprint).toMatchObject({ tag: 'button', role: 'button', name: 'Spara ändringar' });

  // Stored with the step: the api serves it as a JPEG of at most 20 KB, and the step editor shows it.
  await expect
    .poll(async () => (await (await callApi(page, 'GET', `/api/workflows/${created.id}/thumbnails`)).json()), { timeout: 20_000 })
    .toEqual([{ stepId: 's2', source: 'element', version: expect.any(String) }]);
  const stored = await callApi(page, 'GET', `/api/workflows/${created.id}/steps/s2/thumbnail`);
  expect(stored.headers()['content-type']).toBe('image/jpeg');
  const bytes = await stored.body();
  expect([bytes[0], bytes[1], bytes.length <= 20 * 1024]).toEqual([0xff, 0xd8, true]);
  const own = steps.nth(1).getByRole('img', { name: 'Bild för steg 2' });
  await expect(own).toHaveAttribute('src', new RegExp(`/api/workflows/${created.id}/steps/s2/thumbnail\\?v=`));
  await expect.poll(() => loadedWidth(own)).toBeGreaterThan(0);
  await steps.nth(1).screenshot({ path: join(import.meta.dirname, '../docs/screenshots/pick-element-thumbnail.jpg'), type: 'jpeg', quality: 80 });

  // A test run clicks the button the person pointed at.
  await page.getByRole('button', { name: 'Testkör' }).click();
  await expect.poll(() => sites.results('changed').length, { timeout: 120_000, intervals: [1000] }).toBe(1);
  await expect
    .poll(async () => (await (await callApi(page, 'GET', `/api/workflows/${created.id}/thumbnails`)).json()).map((row: { stepId: string }) => row.stepId), {
      timeout: 60_000,
    })
    .toEqual(['s1', 's2']);

  // In English the step names the same button. Its picture stays the element's own; the opening step (no
  // element) shows its screenshot from that run.
  await page.evaluate(() => window.localStorage.setItem('kollega.language', 'en'));
  await page.reload();
  const rows = page.getByRole('list', { name: "The workflow's steps" }).locator(':scope > li');
  await expect(rows.nth(1)).toContainText('Click the “Spara ändringar” button');
  await expect(rows.nth(1).getByRole('img', { name: 'Picture for step 2' })).toHaveAttribute('src', /\/steps\/s2\/thumbnail\?v=/);
  await expect(rows.nth(0).getByRole('img', { name: 'Picture for step 1' })).toHaveAttribute('src', /\/api\/runs\/[0-9a-f-]{36}\/steps\/[0-9a-f-]{36}\/screenshot$/);
});

/** The decoded width of an image (0 until it has loaded, and for a picture the browser cannot decode). */
const loadedWidth = (img: Locator) => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));
