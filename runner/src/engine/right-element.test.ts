// Right element or no action (docs/automation.md, "Which element a step acts on"), in real Chromium: rows
// re-ordered under a positional selector, a row that is gone, look-alike buttons, a renamed button beside a
// decoy, critical steps. Every page records which button was pressed; a wrong press fails the test even when
// the run says it completed.
import { describe, expect, test } from 'vitest';
import { judge, type Probe } from './locate.ts';
import { expectedOf, isCritical, selectorKind } from './fingerprint.ts';
import { definitionOf, useEngine } from './test/harness.ts';

const t = useEngine();
/** Steps that must succeed get the product's 10 s (healing starts after half of it, at most 3 s; machines are busy). */
const run = (steps: Parameters<typeof t.run>[0], opts: Parameters<typeof t.run>[1] = {}) => t.run(steps, { defaultTimeoutMs: 10_000, ...opts });

/** An invoice table whose rows come in the order given; each Attestera button posts its invoice's date. */
function invoices(order: string[], extra = '') {
  const rows = order
    .map(
      (date, i) =>
        `<tr><td>Leverantör ${String.fromCharCode(65 + i)}</td><td>${date}</td><td>${1000 + i * 10} kr</td><td><button onclick="post('attest', '${date}')">Attestera</button></td></tr>`,
    )
    .join('');
  return `<table><tbody id="rows">${rows}</tbody></table>${extra}`;
}

const ATTEST_ROW_2 = {
  type: 'click' as const,
  // as the recorder of a35522e wrote it: a positional path first, the row context second
  selectors: ['#rows tr:nth-of-type(2) > td:nth-of-type(4) > button', 'xpath///tr[.//text()[normalize-space()="2024-12-05"]]//button[normalize-space()="Attestera" or @aria-label="Attestera"]', 'aria/Attestera[role="button"]'],
};

describe('rows', () => {
  test('re-ordered rows: the row context outvotes the positional path, and the log says the path pointed elsewhere', async () => {
    t.server.page('/inv', invoices(['2024-12-01', '2024-12-09', '2024-12-05', '2024-12-07']));
    const { outcome, ends, logText } = await run([{ type: 'navigate', url: t.server.url('/inv') }, ATTEST_ROW_2]);
    expect(outcome.status, JSON.stringify(outcome) + logText).toBe("completed");
    await expect.poll(() => t.server.posts('attest')).toEqual(['2024-12-05']);
    expect(ends[1]!.log[0]!.message).toContain('selector 1 (#rows tr:nth-of-type(2) > td:nth-of-type(4) > button) points at another element');
  });

  test('the row is gone: the positional path finds another invoice, which is not clicked (element_ambiguous)', async () => {
    t.server.page('/inv', invoices(['2024-12-01', '2024-12-09', '2024-12-07']));
    const { outcome } = await run([{ type: 'navigate', url: t.server.url('/inv') }, { ...ATTEST_ROW_2, timeout: 2500 }]);
    expect(outcome).toMatchObject({ status: 'failed', errorType: 'element_ambiguous' });
    expect(outcome.errorMessage).toContain('nothing was done');
    await new Promise((r) => setTimeout(r, 300));
    expect(t.server.posts('attest')).toEqual([]);
  });

  test('a look-alike row added above: still the recorded row', async () => {
    const lookAlike = `<table><tbody><tr><td>Kopia</td><td>2024-12-05 (makulerad)</td><td><button onclick="post('attest', 'decoy')">Attestera</button></td></tr></tbody></table>`;
    t.server.page('/inv', lookAlike + invoices(['2024-12-05', '2024-12-01']));
    const { outcome, logText } = await run([{ type: 'navigate', url: t.server.url('/inv') }, ATTEST_ROW_2]);
    expect(outcome.status, JSON.stringify(outcome) + logText).toBe("completed");
    await expect.poll(() => t.server.posts('attest')).toEqual(['2024-12-05']);
  });

  test('the recorded row\'s link relabelled ("Visa" → "Visa faktura"): the other rows\' "Visa" are not taken, the recorded row\'s link is named as the closest candidate', async () => {
    const rows = ['2024-12-01', '2024-12-05', '2024-12-09']
      .map((date) => `<tr><td>${date}</td><td><a href="#" onclick="post('show', '${date}'); return false">${date === '2024-12-05' ? 'Visa faktura' : 'Visa'}</a></td></tr>`)
      .join('');
    t.server.page('/inv', `<table><tbody id="rows">${rows}</tbody></table>`);
    const { outcome } = await run([
      { type: 'navigate', url: t.server.url('/inv') },
      {
        type: 'click',
        selectors: ['xpath///tr[.//text()[normalize-space()="2024-12-05"]]//a[normalize-space()="Visa" or @aria-label="Visa"]', 'aria/Visa[role="link"]', 'text/Visa'],
        fingerprint: { tag: 'a', role: 'link', name: 'Visa', text: 'Visa', row: '2024-12-05' },
        timeout: 4000,
      },
    ]);
    expect(outcome).toMatchObject({ status: 'failed', errorType: 'element_ambiguous' });
    // Before, only the elements the selectors pointed at were scored: the other rows' "Visa" tied, and the
    // recorded row's link was never a candidate.
    expect(outcome.errorMessage).toMatch(/closest match is link "Visa faktura" \(score 0\.[78]\d*; next link "Visa"/);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.server.posts('show')).toEqual([]);
  });

  test('only an ambiguous name (ten Attestera buttons, no row context): nothing is clicked', async () => {
    t.server.page('/inv', invoices(['2024-12-01', '2024-12-02', '2024-12-03', '2024-12-04', '2024-12-05']));
    const { outcome } = await run([
      { type: 'navigate', url: t.server.url('/inv') },
      { type: 'click', selectors: ['aria/Attestera[role="button"]', 'text/Attestera'], timeout: 2500 },
    ]);
    expect(outcome).toMatchObject({ status: 'failed', errorType: 'element_ambiguous' });
    expect(t.server.posts('attest')).toEqual([]);
  });

  test('a Chrome recording with only a position and the link\'s text: another invoice whose text differs only in its date or number is not taken', async () => {
    // Chrome writes a positional path and the element's text; the recorded invoice is gone and the path now points at
    // one whose long text is 96 % the same by characters, but names another date (then another amount).
    const list = (items: string[]) => `<ul id="list">${items.map((text, i) => `<li><a href="#" onclick="post('open', '${i}'); return false">${text}</a></li>`).join('')}</ul>`;
    const recorded = 'Faktura 2024-12-05 · Nordljus Belysning AB · 12 400 kr';
    const step = { type: 'click' as const, selectors: ['#list > li:nth-of-type(2) > a', `text/${recorded}`], timeout: 2500 };
    for (const other of ['Faktura 2024-12-06 · Nordljus Belysning AB · 12 400 kr', 'Faktura 2024-12-05 · Nordljus Belysning AB · 12 900 kr']) {
      t.server.page('/list', list(['Faktura 2024-11-28 · Kontorsvaruhuset · 890 kr', other, 'Faktura 2024-12-09 · Städbolaget · 3 100 kr']));
      const { outcome, logText } = await run([{ type: 'navigate', url: t.server.url('/list') }, step]);
      expect(outcome, logText).toMatchObject({ status: 'failed', errorType: 'element_ambiguous' });
      await new Promise((r) => setTimeout(r, 300));
      expect(t.server.posts('open')).toEqual([]);
    }
    // The recorded text itself at that place is the element: it is clicked.
    t.server.page('/list', list(['Faktura 2024-11-28 · Kontorsvaruhuset · 890 kr', recorded]));
    const { outcome } = await run([{ type: 'navigate', url: t.server.url('/list') }, step]);
    expect(outcome.status).toBe('completed');
    await expect.poll(() => t.server.posts('open')).toEqual(['1']);
  });
});

describe('healing', () => {
  const FORM = (button: string, extra = '') => `<form onsubmit="event.preventDefault()">
    <input aria-label="Namn" value="Anna">
    <button type="button" onclick="post('press', 'draft')">Spara som utkast</button>
    ${button}${extra}</form>`;

  test('an id renamed: the positional selector finds the button, which matches the recording (verified) and is pressed', async () => {
    t.server.page('/f', FORM(`<button type="button" id="save-button" onclick="post('press', 'save')">Spara</button>`));
    const { outcome, logText } = await run([
      { type: 'navigate', url: t.server.url('/f') },
      { type: 'click', selectors: ['#save-btn', 'form > button:nth-of-type(2)'], fingerprint: { tag: 'button', role: 'button', name: 'Spara', text: 'Spara' } },
    ]);
    expect(outcome.status, JSON.stringify(outcome) + logText).toBe("completed");
    await expect.poll(() => t.server.posts('press')).toEqual(['save']);
    expect(logText).toMatch(/finds button "Spara", which matches the recording \(score 1\.00 ≥ 0\.90\): used/);
  });

  test('every selector stale (id and classes renamed), name, role and place unchanged: healed, with the score in the log', async () => {
    t.server.page('/f', FORM(`<div class="wrap"><button type="button" class="btn-x" onclick="post('press', 'save')">Spara</button></div>`));
    const { outcome, logText } = await run([
      { type: 'navigate', url: t.server.url('/f') },
      { type: 'click', selectors: ['#save-btn', 'button.primary'], fingerprint: { tag: 'button', role: 'button', name: 'Spara', attrs: { id: 'save-btn' } } },
    ]);
    expect(outcome.status, JSON.stringify(outcome) + logText).toBe('completed');
    expect(logText).toMatch(/no recorded selector finds the element; button "Spara" matches the recording \(score 1\.00 ≥ 0\.90, next 0\.\d\d\): used/);
    await expect.poll(() => t.server.posts('press')).toEqual(['save']);
  });

  test('"Spara" renamed "Spara ändringar" beside "Spara som utkast": not pressed, the closest candidate named', async () => {
    t.server.page('/f', FORM(`<button type="button" id="save" onclick="post('press', 'save')">Spara ändringar</button>`));
    const { outcome } = await run([
      { type: 'navigate', url: t.server.url('/f') },
      { type: 'click', selectors: ['aria/Spara[role="button"]', 'text/Spara'], timeout: 2500, fingerprint: { tag: 'button', role: 'button', name: 'Spara', attrs: { id: 'save' } } },
    ]);
    // text/Spara also matches both buttons by containment: two candidates, neither close enough to the recording
    expect(outcome).toMatchObject({ status: 'failed', errorType: 'element_ambiguous' });
    expect(outcome.errorMessage).toContain('The closest match is button "Spara ändringar"');
    expect(t.server.posts('press')).toEqual([]);
  });

  test('a critical step (Attestera) is never acted on by a guess, however good', async () => {
    t.server.page('/f', `<button type="button" id="attest-2" onclick="post('press', 'attest')">Attestera</button>`);
    const { outcome } = await run([
      { type: 'navigate', url: t.server.url('/f') },
      { type: 'click', selectors: ['#attest-1'], timeout: 2500, fingerprint: { tag: 'button', role: 'button', name: 'Attestera' } },
    ]);
    expect(outcome).toMatchObject({ status: 'failed', errorType: 'element_not_found' });
    expect(outcome.errorMessage).toContain('the step is critical, so a person must confirm it');
    expect(t.server.posts('press')).toEqual([]);
  });
});

describe('judge (pure)', () => {
  const probe = (ids: number[], visible = ids.map(() => true)): Probe => ({ count: ids.length, ids, visible, visibleCount: visible.filter(Boolean).length, visibleIndex: visible.indexOf(true) });
  const none = probe([]);

  test('meaning outvotes position; disagreeing meanings are ambiguous; position alone is to be verified', () => {
    const sels = ['tr:nth-of-type(2) button', 'aria/Attestera[role="button"]', 'xpath///tr[.//text()[normalize-space()="x"]]//button'];
    const kinds = sels.map(selectorKind);
    expect(kinds).toEqual(['position', 'meaning', 'meaning']);
    expect(judge(sels, [probe([1]), probe([1, 2, 3]), probe([3])], kinds)).toMatchObject({ kind: 'act', id: 3, via: 2 });
    expect(judge(sels, [probe([1]), probe([1, 2, 3]), none], kinds)).toMatchObject({ kind: 'verify', id: 1 });
    expect(judge(sels, [probe([1]), none, none], kinds)).toMatchObject({ kind: 'verify', id: 1 });
    expect(judge(sels, [none, probe([2]), probe([3])], kinds)).toMatchObject({ kind: 'ambiguous', ids: [2, 3] });
    expect(judge(sels, [none, probe([1, 2]), none], kinds)).toMatchObject({ kind: 'ambiguous', ids: [1, 2] });
    expect(judge(sels, [none, none, none], kinds)).toEqual({ kind: 'none' });
  });

  test('selector kinds: ids, attributes, classes, text and aria have meaning; nth, index xpaths and bare tag paths do not', () => {
    expect(['#save', '[data-testid="x"]', 'button.primary', 'xpath///*[@id="a"]', 'text/Spara', 'my-widget', ['#host', 'aria/Inre']].map(selectorKind)).toEqual(Array(7).fill('meaning'));
    expect(['div > button', 'li:first-child a', 'xpath///*[@id="a"]/div[2]/button', 'xpath//html/body/div/button', ['#host', 'div:nth-child(2)']].map(selectorKind)).toEqual(Array(5).fill('position'));
  });

  test('what the selectors say becomes the expected fingerprint; buttons named like Attestera are critical by default', () => {
    const step = definitionOf([{ type: 'click', selectors: [...ATTEST_ROW_2.selectors, 'button[name="ok"]', '#approve'] }]).steps[0]!;
    const fp = expectedOf(step as never);
    expect(fp).toEqual({ row: '2024-12-05', tag: 'button', name: 'Attestera', role: 'button', attrs: { name: 'ok', id: 'approve' } });
    expect(isCritical(step, fp)).toBe(true);
    expect(isCritical({ ...step, critical: false } as never, fp)).toBe(false);
    expect(isCritical(step, { name: 'Spara' })).toBe(false);
  });
});

describe('the page answers with an error', () => {
  const PAGE = `<div role="alert" id="old">Fel: inloggningen misslyckades igår</div>
    <form onsubmit="event.preventDefault()">
      <label>Organisationsnummer <input id="org" aria-describedby="org-err"></label><span id="org-err"></span>
      <button type="button" id="save" onclick="
        const ok = /^\\d{6}-\\d{4}$/.test(document.getElementById('org').value);
        const box = document.createElement('div');
        box.setAttribute('role', 'alert');
        box.textContent = ok ? 'Sparat' : 'Organisationsnumret är ogiltigt';
        document.body.append(box);
        if (ok) post('saved', document.getElementById('org').value);">Spara</button>
      <button type="button" id="next" onclick="post('next', 'yes')">Nästa</button>
    </form>`;

  test('an error message after Spara fails the next step before it acts; a success message and an old message do not', async () => {
    t.server.page('/p', PAGE);
    const steps = (org: string) => [
      { type: 'navigate' as const, url: t.server.url('/p') },
      { type: 'change' as const, selectors: ['#org'], value: org },
      { type: 'click' as const, selectors: ['#save'] },
      { type: 'click' as const, selectors: ['#next'] },
    ];
    const bad = await run(steps('12345'));
    expect(bad.outcome).toMatchObject({ status: 'failed', failedIndex: 3, errorType: 'assertion_failed' });
    expect(bad.outcome.errorMessage).toBe('the page answered step 3 with an error: "Organisationsnumret är ogiltigt"; nothing more was done');
    expect(t.server.posts('next')).toEqual([]);
    const good = await run(steps('556677-8899'));
    expect(good.outcome.status, good.logText).toBe('completed');
    await expect.poll(() => t.server.posts('next')).toEqual(['yes']);
  });

  test("the page's error is the next step's failure even when that step's element is gone (read while it looks)", async () => {
    t.server.page('/p', PAGE);
    const { outcome } = await run(
      [
        { type: 'navigate', url: t.server.url('/p') },
        { type: 'change', selectors: ['#org'], value: '12345' },
        { type: 'click', selectors: ['#save'] },
        { type: 'click', selectors: ['#no-such-button'] },
      ],
      { defaultTimeoutMs: 1500 },
    );
    expect(outcome).toMatchObject({ status: 'failed', failedIndex: 3, errorType: 'assertion_failed' });
    expect(outcome.errorMessage).toContain('"Organisationsnumret är ogiltigt"');
  });

  test('an error after the last step fails that step', async () => {
    t.server.page('/p', PAGE);
    const { outcome } = await run([
      { type: 'navigate', url: t.server.url('/p') },
      { type: 'click', selectors: ['#save'] },
    ]);
    expect(outcome).toMatchObject({ status: 'failed', failedIndex: 1, errorType: 'assertion_failed' });
    expect(outcome.errorMessage).toContain('"Organisationsnumret är ogiltigt"');
  });
});
