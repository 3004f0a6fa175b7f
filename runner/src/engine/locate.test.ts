// Finding elements, frames and windows in real Chromium: every selector kind, shadow paths, stale selectors,
// ambiguous selectors, nested iframes by selector and by index, popups by target URL.
import { describe, expect, test } from 'vitest';
import { actCost, cheapestFor, NAMED_ROLES, presentRoles, probeSelector, queryKey, type Probe } from './locate.ts';
import { useEngine } from './test/harness.ts';

const t = useEngine();

const SHADOW = `
<div id="host"></div>
<script>
  const outer = document.getElementById('host').attachShadow({ mode: 'open' });
  outer.innerHTML = '<p>yttre</p><button id="inner">Inre</button><div id="nested-host"></div>';
  const nested = outer.getElementById('nested-host').attachShadow({ mode: 'open' });
  nested.innerHTML = '<button class="deep">Djup</button>';
  outer.getElementById('inner').onclick = () => clicks.push('inner');
  nested.querySelector('.deep').onclick = () => clicks.push('deep');
</script>`;

const FORM = `
<script>window.clicks = [];</script>
<button id="go" onclick="clicks.push('go')">Skicka</button>
<button id="other" onclick="clicks.push('other')">Skicka in ansökan</button>
<label>Namn <input id="name"></label>
<input id="mail" aria-label="E-post">
<div style="display:none"><button class="dup" onclick="clicks.push('dup-hidden')">Spara</button></div>
<button class="dup" onclick="clicks.push('dup-visible')">Spara</button>
<button id="unique" onclick="clicks.push('unique')">Unik</button>
${SHADOW}`;

async function clicks(page: import('playwright-core').Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { clicks: string[] }).clicks);
}

describe('selectors', () => {
  test('aria with a role, aria without one (button text, label, aria-label), text exact and contained, xpath, pierce, css', async () => {
    t.server.page('/form', FORM);
    const { outcome, page, ends } = await t.run([
      { type: 'navigate', url: t.server.url('/form') },
      { type: 'click', selectors: [['aria/Skicka[role="button"]']] },
      { type: 'click', selectors: ['aria/Skicka in ansökan'] },
      { type: 'change', selectors: ['aria/Namn'], value: 'Anna' },
      { type: 'change', selectors: ['aria/E-post'], value: 'anna@example.se' },
      { type: 'click', selectors: ['text/Skicka'] },
      { type: 'click', selectors: ['text/in ansökan'] },
      { type: 'click', selectors: ['xpath///button[@id="unique"]'] },
      { type: 'click', selectors: ['pierce/#inner'] },
      { type: 'click', selectors: ['#host .deep'] },
    ]);
    expect(outcome).toMatchObject({ status: 'completed', completedSteps: 10 });
    expect(await clicks(page)).toEqual(['go', 'other', 'go', 'other', 'unique', 'inner', 'deep']);
    expect(await page.inputValue('#name')).toBe('Anna');
    expect(await page.inputValue('#mail')).toBe('anna@example.se');
    // selector 1 matched one visible element every time: nothing to explain, except the text found only
    // inside a longer one ("in ansökan"), which is checked against what the step says before it is clicked
    expect(ends.filter((e) => e.log.some((l) => /selector/.test(l.message))).map((e) => e.index)).toEqual([6]);
    expect(ends[6]!.log[0]!.message).toBe(
      'selector 1 (text/in ansökan) matches by contained text only; selector 1 (text/in ansökan) finds button "Skicka in ansökan", which matches the recording (score 1.00 ≥ 0.90): used',
    );
  });

  test('`#a` and `pierce/#a` (as Chrome records both) are one query, probed once per look; other kinds stay apart', async () => {
    expect(queryKey('pierce/#inner')).toBe(queryKey('#inner'));
    expect(queryKey(['pierce/#host', 'button'])).toBe(queryKey(['#host', 'button']));
    expect(queryKey('xpath///*[@id="inner"]')).not.toBe(queryKey('#inner'));
    expect(queryKey('text/Inre')).not.toBe(queryKey('aria/Inre'));
    expect(queryKey(['#host', '#inner'])).not.toBe(queryKey('#host #inner'));
    // Together on a step they act, and nothing is said about them (they agree: the same answer twice).
    t.server.page('/shadow-twice', `<script>window.clicks = [];</script>${SHADOW}`);
    const { outcome, page, ends } = await t.run([
      { type: 'navigate', url: t.server.url('/shadow-twice') },
      { type: 'click', selectors: ['aria/Inre', '#inner', 'pierce/#inner'] },
    ]);
    expect(outcome.status).toBe('completed');
    expect(await clicks(page)).toEqual(['inner']);
    expect(ends[1]!.log.filter((l) => /selector/.test(l.message))).toEqual([]);
  });

  test('a shadow path (one string per shadow root) reaches two levels deep', async () => {
    t.server.page('/shadow', `<script>window.clicks = [];</script>${SHADOW}`);
    const { outcome, page } = await t.run([
      { type: 'navigate', url: t.server.url('/shadow') },
      { type: 'click', selectors: [['#host', '#nested-host', 'button.deep']] },
      { type: 'click', selectors: [['#host', 'aria/Inre[role="button"]']] },
    ]);
    expect(outcome.status).toBe('completed');
    expect(await clicks(page)).toEqual(['deep', 'inner']);
  });

  test('a stale first selector falls back to the next one, and the log says so', async () => {
    t.server.page('/form', FORM);
    const { outcome, page, ends } = await t.run([
      { type: 'navigate', url: t.server.url('/form') },
      { type: 'click', selectors: ['#submit-old', 'aria/Skicka[role="button"]'] },
    ]);
    expect(outcome.status).toBe('completed');
    expect(await clicks(page)).toEqual(['go']);
    expect(ends[1]!.log.map((l) => l.message)).toContain('selector 1 (#submit-old) not found; selector 2 (aria/Skicka[role="button"]) used');
  });

  test('a selector matching one visible element (and a hidden one) is used; two selectors pointing at different elements are settled by the recording', async () => {
    t.server.page('/form', FORM);
    const { outcome, page, ends } = await t.run(
      [
        { type: 'navigate', url: t.server.url('/form') },
        { type: 'click', selectors: ['.dup', '#unique'] },
        { type: 'click', selectors: ['.dup', '#gone'] },
      ],
      { defaultTimeoutMs: 10_000 },
    );
    expect(outcome.status).toBe('completed');
    expect(await clicks(page)).toEqual(['unique', 'dup-visible']);
    expect(ends[1]!.log[0]!.message).toBe('the selectors point at 2 elements; button "Unik" matches the recording best (score 1.00 ≥ 0.90, next 0.00): used');
    expect(ends[2]!.log[0]!.message).toBe('selector 1 (.dup) matches 2 elements, 1 of them visible; selector 1 (.dup) used');
  });

  test('an element that never appears fails as element_not_found within the step timeout', async () => {
    t.server.page('/form', FORM);
    const { outcome, ends } = await t.run([
      { type: 'navigate', url: t.server.url('/form') },
      { type: 'click', selectors: ['#never', 'text/Finns inte'], timeout: 1500 },
    ]);
    expect(outcome).toMatchObject({ status: 'failed', failedIndex: 1, errorType: 'element_not_found' });
    expect(outcome.errorMessage).toContain('#never, text/Finns inte');
    expect(ends[1]!.durationMs).toBeGreaterThanOrEqual(1500);
    expect(ends[1]!.durationMs).toBeLessThan(8000); // the 1.5 s step timeout, not the 10 s default (margin for a loaded machine)
    expect(ends[1]!.screenshot?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8])); // end-of-step JPEG, failure too
  });

  test('an element that appears late (and a button enabled late) is waited for', async () => {
    t.server.page(
      '/late',
      `<script>window.clicks = [];
        setTimeout(() => { const b = document.createElement('button'); b.id = 'late'; b.disabled = true; b.textContent = 'Sen';
          b.onclick = () => clicks.push('late'); document.body.append(b); setTimeout(() => b.disabled = false, 300); }, 500);</script>`,
    );
    const { outcome, page } = await t.run([
      { type: 'navigate', url: t.server.url('/late') },
      { type: 'click', selectors: ['#late'], timeout: 3000 },
    ]);
    expect(outcome.status).toBe('completed');
    expect(await clicks(page)).toEqual(['late']);
  });
});

// Frames and popups are retried: on Nov 23 a frames or a popup case failed in three clean-clone runs (the
// runner code identical to runs that passed) and passed in every rerun; the cause is not known yet, and
// the assertions print the whole outcome. A real regression fails all three tries.
describe('frames', { retry: 2 }, () => {
  const pages = () => {
    t.server.page('/frames', `<p>topp</p><iframe id="other" src="/leaf?n=other"></iframe><iframe id="outer" src="/middle"></iframe>`);
    t.server.page('/middle', `<p>mitten</p><iframe id="inner" name="inner" src="/leaf?n=inner"></iframe>`);
    t.server.handle('/leaf', (_req, res, url) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const n = url.searchParams.get('n');
      res.end(`<!doctype html><button onclick="fetch('/post/leaf',{method:'POST',body:JSON.stringify('${n}')})">Knapp</button>`);
    });
  };

  test('nested iframes by their selectors, by index, and by index when the selectors are stale', async () => {
    pages();
    const { outcome, logText } = await t.run([
      { type: 'navigate', url: t.server.url('/frames') },
      { type: 'click', frameSelectors: [['#outer'], ['#inner']], selectors: ['aria/Knapp[role="button"]'] },
      { type: 'click', frame: [1, 0], selectors: ['button'] },
      { type: 'click', frame: [0], selectors: ['button'] },
      { type: 'click', frameSelectors: [['#renamed-outer'], ['iframe[name=inner]']], frame: [1, 0], selectors: ['button'] },
      { type: 'waitForExpression', frameSelectors: [['#outer']], expression: "document.querySelector('p').textContent === 'mitten'" },
    ]);
    expect(outcome.status, JSON.stringify({ ...outcome, log: logText })).toBe('completed');
    // one post per click; requests from different frames may overtake each other
    await expect.poll(() => t.server.posts('leaf').sort()).toEqual(['inner', 'inner', 'inner', 'other']);
  });

  test('a missing iframe fails as frame_not_found', async () => {
    pages();
    const { outcome } = await t.run([
      { type: 'navigate', url: t.server.url('/frames') },
      { type: 'click', frame: [1, 3], selectors: ['button'], timeout: 1000 },
    ]);
    expect(outcome).toMatchObject({ status: 'failed', errorType: 'frame_not_found' });
    expect(outcome.errorMessage).toContain('level 2');
  });
});

describe('popups', { retry: 2 }, () => {
  test('a step acts in the window whose URL matches its target (exact, or same path ignoring the query), and close closes it', async () => {
    t.server.page('/opener', `<a href="/popup?token=abc" target="_blank">Öppna</a>`);
    t.server.page('/popup', `<button onclick="post('popup', location.search)">Godkänn</button>`);
    const { outcome, context, logText } = await t.run([
      { type: 'navigate', url: t.server.url('/opener') },
      { type: 'click', selectors: ['text/Öppna'] },
      { type: 'click', target: t.server.url('/popup?token=recorded-another-time'), selectors: ['aria/Godkänn'] },
      { type: 'close', target: t.server.url('/popup?token=abc') },
      { type: 'waitForExpression', target: 'main', expression: "location.pathname === '/opener'" },
    ]);
    expect(outcome.status, JSON.stringify({ ...outcome, log: logText })).toBe('completed');
    await expect.poll(() => t.server.posts('popup')).toEqual(['?token=abc']);
    expect(logText).toContain(`a new window opened: ${t.server.url('/popup?token=abc')}`);
    expect(context.pages().map((p) => new URL(p.url()).pathname)).toEqual(['/opener']);
  });

  test('a target window that never opens fails as popup_not_found', async () => {
    t.server.page('/opener', `<a href="/popup">Öppna</a>`);
    const { outcome } = await t.run([
      { type: 'navigate', url: t.server.url('/opener') },
      { type: 'click', target: t.server.url('/popup'), selectors: ['button'], timeout: 800 },
    ]);
    expect(outcome).toMatchObject({ status: 'failed', errorType: 'popup_not_found' });
  });
});

// `aria/Name` without a role asks only for the named roles that occur on the page (presentRoles): that list must
// hold every role Playwright gives any element there, or an element would go unfound.
const ROLES_PAGE = `
<nav><a href="#x">Länk</a> <a>ingen länk</a></nav>
<map name="m"><area href="#a" alt="Yta" shape="rect" coords="0,0,1,1"></map>
<h1>R1</h1><h2>R2</h2><h3>R3</h3><h4>R4</h4><h5>R5</h5><h6>R6</h6>
<img alt="Logga" src="data:,"> <img alt="" src="data:,"> <svg width="4" height="4"></svg>
<section aria-label="Del"><p>text</p></section><section><p>utan namn</p></section>
<form aria-label="Formulär">
  <input type="text" aria-label="T"><input type="search" aria-label="S"><input type="email" list="dl" aria-label="E">
  <datalist id="dl"><option value="a@b.se"></option></datalist>
  <input type="checkbox" aria-label="C"><input type="radio" aria-label="Rad"><input type="range" aria-label="Rg">
  <input type="number" aria-label="N"><input type="submit" value="Skicka"><input type="image" alt="Bild" src="data:,">
  <input type="file" aria-label="F"><input type="color" aria-label="Färg"><input type="date" aria-label="D"><input type="hidden" value="h">
  <input type="weird-type" aria-label="W"><textarea aria-label="Ta"></textarea>
  <select aria-label="Sel"><optgroup label="G"><option>Ett</option></optgroup></select>
  <select multiple aria-label="Multi"><option>Två</option></select>
  <fieldset><legend>Grupp</legend></fieldset><details><summary>Mer</summary>x</details>
</form>
<table role="grid"><tr><th>Kol</th><th scope="row">Rad</th></tr><tr><td>cell</td><td>cell 2</td></tr></table>
<table><tr><th>A</th></tr><tr><th>Rubrik</th><td>värde</td></tr></table>
<dialog open>Dialog</dialog>
<button role="none">Fokus</button><span role="Tab  menuitem">Flik</span><div role=" switch ">Brytare</div>
<div id="host"></div>
<script>
  const root = document.getElementById('host').attachShadow({ mode: 'open' });
  root.innerHTML = '<div role="treeitem">Nod</div><div role="menuitemradio">Val</div><span role="option">Opt</span><div role="slider" aria-valuenow="1">S</div>';
</script>`;

describe('aria names without a role', () => {
  test('the roles looked among hold every role Playwright finds on the page, shadow roots included', async () => {
    t.server.page('/roles', ROLES_PAGE);
    const context = await t.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(t.server.url('/roles'));
      const roles = await presentRoles(page.mainFrame());
      expect(roles).toBeDefined();
      const found: string[] = [];
      for (const role of NAMED_ROLES) if ((await page.getByRole(role, { includeHidden: true }).count()) > 0) found.push(role);
      // The page is built to show most of them; a role Playwright finds that the list lacks fails here.
      expect(found.length).toBeGreaterThan(20);
      expect(found.filter((r) => !roles!.has(r))).toEqual([]);
      // And the same elements are found as with every named role asked.
      for (const name of ['Länk', 'Yta', 'R3', 'Logga', 'Del', 'Formulär', 'T', 'S', 'E', 'C', 'Rad', 'Rg', 'N', 'Skicka', 'Bild', 'F', 'W', 'Ta', 'Sel', 'Multi', 'Ett', 'Grupp', 'Kol', 'Rubrik', 'Fokus', 'Flik', 'Brytare', 'Nod', 'Val', 'Opt', 'S']) {
        const all = await probeSelector(page.mainFrame(), `aria/${name}`);
        const some = await probeSelector(page.mainFrame(), `aria/${name}`, roles);
        expect({ name, count: some.count, ids: some.ids }).toEqual({ name, count: all.count, ids: all.ids });
      }
    } finally {
      await context.close();
    }
  });
});

describe('the selector a step acts through', () => {
  const probe = (ids: number[], extra: Partial<Probe> = {}): Probe => ({ count: ids.length, visibleIndex: 0, visibleCount: ids.length, ids, visible: ids.map(() => true), locator: {} as Probe['locator'], ...extra });
  test('the cheapest selector with meaning that finds exactly that element; never a positional or contained-text one', () => {
    expect(actCost('#save')).toBeLessThan(actCost('form .save'));
    expect(actCost('form .save')).toBeLessThan(actCost('xpath///button[@id="save"]'));
    expect(actCost('xpath///button[@id="save"]')).toBeLessThan(actCost('text/Spara'));
    expect(actCost('text/Spara')).toBeLessThan(actCost('aria/Spara[role="button"]'));
    expect(actCost('aria/Spara[role="button"]')).toBeLessThan(actCost('aria/Spara'));
    const selectors = ['aria/Spara', '#save', 'xpath///button[@id="save"]', 'text/Spara'];
    expect(cheapestFor(selectors, [probe([7]), probe([7]), probe([7]), probe([7])], ['meaning', 'meaning', 'meaning', 'meaning'], 7)).toBe(1);
    // #save finds another element (or two): the xpath is used
    expect(cheapestFor(selectors, [probe([7]), probe([8]), probe([7]), probe([7])], ['meaning', 'meaning', 'meaning', 'meaning'], 7)).toBe(2);
    expect(cheapestFor(selectors, [probe([7]), probe([7, 8]), probe([7]), probe([7])], ['meaning', 'meaning', 'meaning', 'meaning'], 7)).toBe(2);
    // a positional selector and a contained text are never acted through, even when they find the element
    expect(cheapestFor(selectors, [probe([7]), probe([7]), probe([]), probe([7], { loose: true })], ['meaning', 'position', 'meaning', 'meaning'], 7)).toBe(0);
    expect(cheapestFor(selectors, [probe([]), probe([]), probe([]), probe([])], ['meaning', 'meaning', 'meaning', 'meaning'], 7)).toBeUndefined();
  });
});
