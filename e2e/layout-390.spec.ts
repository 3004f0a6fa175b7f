// No signed-in screen is wider than a 390 px phone (issue 24 item 6), in both languages: on every route of
// the app (a workflow's editor and a run's details included) the page does not scroll sideways, and no
// visible element reaches past the right edge unless it is inside its own scrolling box (a wide table that
// scrolls on its own is fine; a page that has to be dragged sideways, or text cut off at the edge, is not).
import { expect, type Page, test } from '@playwright/test';
import { accounts, callApi, signInAs, useLanguage } from './support/session';

const WIDTH = 390;

const ROUTES = [
  '/dashboard',
  '/workflows',
  '/workflow-execution',
  '/track-trace',
  '/recorder-extension',
  '/ai-prompt',
  '/audit-trail',
  '/error-queue',
  '/user-management',
  '/companies',
  '/payment-methods',
  '/marketplace',
  '/settings',
];

async function settle(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

/** The page's scroll width, and the visible elements that stick out past the right edge outside a scrolling box. */
function measure(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrolls = (el: Element) => {
      const style = getComputedStyle(el);
      return (style.overflowX === 'auto' || style.overflowX === 'scroll' || style.overflowX === 'hidden' || style.overflowX === 'clip') && el !== document.documentElement && el !== document.body;
    };
    const offenders: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || rect.right <= width + 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      // An absolutely positioned element (a screen-reader-only label, say) is clipped only by the boxes from
      // its containing block up, not by a scrolling box between it and that block.
      let parent = style.position === 'absolute' ? (el as HTMLElement).offsetParent : el.parentElement;
      let contained = false;
      while (parent && !contained) {
        contained = scrolls(parent) || getComputedStyle(parent).position === 'fixed';
        parent = parent.parentElement;
      }
      if (contained) continue;
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}" right=${Math.round(rect.right)}`;
      offenders.push(name);
    }
    return { scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth), offenders: offenders.slice(0, 5) };
  });
}

test.describe('every signed-in screen fits 390 px', () => {
  let extra: string[] = [];

  test.beforeAll(async ({ browser }) => {
    // A workflow's editor and a run's details of the seeded organisation.
    const page = await browser.newPage();
    await signInAs(page, accounts.admin.email, accounts.admin.password);
    const workflows = ((await (await callApi(page, 'GET', '/api/workflows')).json()) as { items: Array<{ id: string }> }).items;
    const runs = ((await (await callApi(page, 'GET', '/api/runs?limit=1')).json()) as { items: Array<{ id: string }> }).items;
    extra = [...workflows.slice(0, 1).map((w) => `/workflows/${w.id}`), ...runs.slice(0, 1).map((r) => `/workflow-execution/${r.id}`)];
    await page.close();
    expect(extra.length, 'the seed has a workflow and a run').toBe(2);
  });

  for (const language of ['sv', 'en'] as const) {
    test(`no page scrolls sideways or is cut off at the edge (${language})`, async ({ page }) => {
      test.setTimeout(240_000);
      await useLanguage(page, language);
      await signInAs(page, accounts.admin.email, accounts.admin.password);
      await page.setViewportSize({ width: WIDTH, height: 844 });
      const wide: string[] = [];
      for (const path of [...ROUTES, ...extra]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await settle(page);
        const { scrollWidth, offenders } = await measure(page);
        if (scrollWidth > WIDTH || offenders.length > 0) wide.push(`${path}: scrollWidth ${scrollWidth}; ${offenders.join(' | ')}`);
      }
      expect(wide, `screens wider than ${WIDTH} px (${language})`).toEqual([]);
    });
  }
});
