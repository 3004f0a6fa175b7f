// evaluateNow: one evaluateAll on an element that is there; Playwright's own evaluate (its wait, its refusal of
// several) when it is not exactly there, so the outcome never differs from locator.evaluate's.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { evaluateNow } from './evaluate-now.ts';
import { getBrowser } from './test/browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await getBrowser();
});
afterAll(async () => {
  await browser.close();
});
afterEach(async () => {
  await context.close();
});
beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
  await page.setContent(`<input id="a" value="första"><select id="s"><option value="1">Ett</option><option value="2" selected>Två</option></select>
    <p class="two">x</p><p class="two">y</p>`);
});

test('an element that is there: the function runs on it with its argument, in one evaluateAll (no Playwright evaluate)', async () => {
  const locator = page.locator('#a');
  const slow = vi.spyOn(locator, 'evaluate');
  expect(await evaluateNow(locator, (el, suffix) => (el as HTMLInputElement).value + suffix, '!')).toBe('första!');
  // An async page function is awaited; compiled once, the same source serves another element.
  const read = async (el: Element) => (el as HTMLInputElement | HTMLSelectElement).value;
  expect(await evaluateNow(locator, read, undefined)).toBe('första');
  expect(await evaluateNow(page.locator('#s'), read, undefined)).toBe('2');
  expect(slow).not.toHaveBeenCalled();
});

test('an element that shows up later: Playwright evaluate waits for it within the timeout', async () => {
  const locator = page.locator('#late');
  // The element comes 300 ms after Playwright's evaluate is asked, so the one look evaluateNow takes first never
  // meets it, however slow the machine (a timer started before the call came too soon on a loaded CI machine).
  const evaluate = locator.evaluate.bind(locator);
  const slow = vi.spyOn(locator, 'evaluate').mockImplementation(async (...args: Parameters<typeof evaluate>) => {
    await page.evaluate(() => void setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<b id="late">sen</b>'), 300));
    return evaluate(...args);
  });
  expect(await evaluateNow(locator, (el) => el.textContent, undefined, 5000)).toBe('sen');
  expect(slow).toHaveBeenCalledTimes(1);
});

test('an element that never comes fails as Playwright evaluate does (a timeout); several are refused as Playwright refuses them', async () => {
  await expect(evaluateNow(page.locator('#none'), (el) => el.id, undefined, 300)).rejects.toThrow(/Timeout 300ms exceeded/);
  await expect(evaluateNow(page.locator('.two'), (el) => el.textContent, undefined, 300)).rejects.toThrow(/strict mode violation/);
  // An error thrown by the function itself reaches the caller.
  await expect(evaluateNow(page.locator('#a'), () => { throw new Error('sidan svarade fel'); }, undefined)).rejects.toThrow(/sidan svarade fel/);
});
