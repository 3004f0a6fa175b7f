// The pre-rendered public pages (web/prerender.ts): /landing and /auth arrive as finished HTML that
// paints without JavaScript, and the SPA hydrates that markup without a mismatch, so the page a
// visitor first sees is exactly the page they then use. Visitors it does not fit (English chosen
// earlier, a search parameter) get the SPA's own render instead of a flash of the Swedish page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

const texts = (lng: 'sv' | 'en', ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../web/src/locales/${lng}/${ns}.json`), 'utf8')) as Record<string, any>;
const pages = [
  { path: '/landing', heading: `${texts('sv', 'landing').hero.title_start} ${texts('sv', 'landing').hero.title_highlight}`, title: texts('sv', 'landing').title },
  { path: '/auth', heading: texts('sv', 'auth').card.title, title: texts('sv', 'auth').title },
];


const hydrated = (page: Page) => page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-hydrating'));

for (const { path, heading, title } of pages) {
  test(`${path} is pre-rendered: it paints its heading without JavaScript`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(path);
    expect(await response?.text()).toContain(`data-prerendered="${path}"`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(`${title} · Kollega`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
    await context.close();
  });

  test(`${path} hydrates the pre-rendered markup without a mismatch`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat|#418|#423|#425/i.test(message.text())) errors.push(message.text());
    });
    const response = await page.goto(path);
    const served = (await response!.text()).match(/<div id="root"[^>]*>([\s\S]*)<\/div><script>/)?.[1];
    expect(served, 'the served page carries the pre-rendered markup').toBeTruthy();
    await hydrated(page);
    // Interactive after hydration: the language toggle works.
    await page.getByRole('button', { name: 'English' }).first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'Svenska' }).first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
    // Both through the browser's parser and serialiser (attribute case, self-closing tags), without
    // React's Suspense comment markers, and the forms' and buttons' `inert` that hydration takes away.
    const [live, pre] = await page.locator('#root').evaluate((root, html) => {
      const parsed = document.createElement('template');
      parsed.innerHTML = html;
      const strip = (markup: string) => markup.replace(/<!--[^>]*-->/g, '').replace(/<(form|button) inert=""/g, '<$1');
      return [strip(root.innerHTML), strip(parsed.innerHTML)];
    }, served!);
    expect(live).toBe(pre);
    expect(errors).toEqual([]);
  });
}

test('until /auth is hydrated its form and buttons are inert (a native submit would put the password in the URL), then not', async ({ page }) => {
  const response = await page.goto('/auth');
  const served = await response!.text();
  expect(served).toMatch(/<form inert=""[^>]*aria-label="Logga in"/);
  expect(served).toMatch(/<button inert=""[^>]*>Svenska</);
  expect(served).toMatch(/<div id="root" data-hydrating /);
  await hydrated(page);
  await expect(page.locator('#root [inert]')).toHaveCount(0);
  await page.getByLabel('E-post').fill('anna@kollega.se');
  await expect(page.getByLabel('E-post')).toHaveValue('anna@kollega.se');
});

test('a visitor who chose English gets /landing in English, not the Swedish pre-render first', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('kollega.language', 'en'));
  const painted: string[] = [];
  await page.exposeFunction('recordHeading', (text: string) => painted.push(text));
  // Whatever h1 the document holds once parsing is done, before any module script runs.
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => (window as any).recordHeading(document.querySelector('h1')?.textContent ?? '')),
  );
  await page.goto('/landing');
  const en = texts('en', 'landing').hero;
  await expect(page.getByRole('heading', { level: 1, name: `${en.title_start} ${en.title_highlight}` })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(painted).toEqual(['']);
});

test('/auth?view=register opens the registration form (the sign-in pre-render is not shown)', async ({ page }) => {
  await page.goto('/auth?view=register');
  await expect(page.getByRole('tab', { name: 'Registrera' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('form', { name: 'Registrera' })).toBeVisible();
});
