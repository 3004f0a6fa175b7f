// Every step type against real pages in Chromium; the pages report what they received (DOM state or POSTs).
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { pixel, useEngine } from './test/harness.ts';

const t = useEngine();

const state = <T>(page: Page, expression: string) => page.evaluate(expression) as Promise<T>;

describe('pointer and keyboard', () => {
  test('setViewport, click at the recorded point (or the centre when it lies outside), right click, double click, hover', async () => {
    t.server.page(
      '/pointer',
      `<script>window.events = [];</script>
      <div id="pad" style="width:200px;height:100px;background:#eee"
        onclick="events.push('click ' + event.offsetX + ',' + event.offsetY)"
        oncontextmenu="event.preventDefault(); events.push('contextmenu')"
        ondblclick="events.push('dblclick')"></div>
      <nav><span id="menu" onmouseenter="document.getElementById('sub').hidden = false">Meny</span>
        <a id="sub" hidden href="#" onclick="events.push('sub')">Undermeny</a></nav>`,
    );
    const { outcome, page, ends } = await t.run([
      { type: 'setViewport', width: 640, height: 480 },
      { type: 'navigate', url: t.server.url('/pointer') },
      { type: 'click', selectors: ['#pad'], offsetX: 150, offsetY: 20 },
      { type: 'click', selectors: ['#pad'], offsetX: 500, offsetY: 20 },
      { type: 'click', selectors: ['#pad'], button: 'secondary' },
      { type: 'doubleClick', selectors: ['#pad'], offsetX: 10, offsetY: 10 },
      { type: 'hover', selectors: ['#menu'] },
      { type: 'click', selectors: ['text/Undermeny'] },
    ]);
    expect(outcome.status).toBe('completed');
    expect(await state(page, 'innerWidth')).toBe(640);
    expect(await state(page, 'events')).toEqual(['click 150,20', 'click 100,50', 'contextmenu', 'click 10,10', 'click 10,10', 'dblclick', 'sub']);
    expect(ends[3]!.log[0]!.message).toContain('lies outside the element (200×100); clicked its centre');
  });

  test('keyDown / keyUp go to the focused element; Enter submits the form and the recorded navigation is awaited', async () => {
    t.server.page(
      '/keys',
      `<form action="/done"><input id="q" name="q" onkeydown="sessionStorage.keys = (sessionStorage.keys ?? '') + event.key + ' '"></form>`,
    );
    t.server.page('/done', `<h1>Klart</h1>`);
    const { outcome, page, logText } = await t.run([
      { type: 'navigate', url: t.server.url('/keys') },
      { type: 'change', selectors: ['#q'], value: 'hej' },
      { type: 'keyDown', key: 'Shift' },
      { type: 'keyUp', key: 'Shift' },
      { type: 'keyDown', key: 'Enter', assertedEvents: [{ type: 'navigation', url: t.server.url('/done?q=recorded') }] },
      { type: 'keyUp', key: 'Enter' },
      { type: 'waitForElement', selectors: ['text/Klart'] },
    ]);
    expect(outcome.status, logText).toBe('completed');
    expect(new URL(page.url()).search).toBe('?q=hej');
    expect(await state(page, 'sessionStorage.keys')).toBe('h e j Shift Enter ');
  });

  test('a click whose recorded navigation never happens fails as timeout', async () => {
    t.server.page('/nonav', `<button>Ingenting</button>`);
    const { outcome } = await t.run([
      { type: 'navigate', url: t.server.url('/nonav') },
      { type: 'click', selectors: ['button'], assertedEvents: [{ type: 'navigation', url: t.server.url('/next') }], timeout: 4000 },
    ]);
    expect(outcome).toMatchObject({ status: 'failed', errorType: 'timeout' });
    expect(outcome.errorMessage).toContain('did not navigate');
  });

  test('the page’s own rejection fails the step: an HTTP error where the recording navigated, a confirmation that never shows', async () => {
    t.server.page(
      '/invoice',
      `<form method="post" action="/invoice/save"><input name="amount" value="-5"><button id="save">Spara</button></form>
       <button id="js" onclick="document.getElementById('msg').textContent = 'Beloppet får inte vara negativt'">Spara (skript)</button><p id="msg"></p>`,
    );
    t.server.handle('/invoice/save', (_req, res) => {
      res.writeHead(422, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Fel</title><h1>Ogiltigt belopp</h1>');
    });
    const rejected = await t.run([
      { type: 'navigate', url: t.server.url('/invoice') },
      { type: 'click', selectors: ['#save'], assertedEvents: [{ type: 'navigation', url: t.server.url('/invoice/saved') }] },
    ]);
    expect(rejected.outcome).toMatchObject({ status: 'failed', failedIndex: 1, errorType: 'navigation_failed' });
    expect(rejected.outcome.errorMessage).toContain('HTTP 422');
    expect(rejected.ends[1]!.status).toBe('failed');
    const unconfirmed = await t.run([
      { type: 'navigate', url: t.server.url('/invoice') },
      { type: 'click', selectors: ['#js'] },
      { type: 'waitForElement', selectors: ['text/Fakturan är sparad'], timeout: 800 },
    ]);
    expect(unconfirmed.outcome).toMatchObject({ status: 'failed', failedIndex: 2, errorType: 'element_not_found' });
    expect(unconfirmed.ends.map((e) => e.status)).toEqual(['passed', 'passed', 'failed']);
  });

  test('scroll: the window and an element', async () => {
    t.server.page('/scroll', `<div id="box" style="height:100px;overflow:auto"><div style="height:1000px"></div></div><div style="height:3000px"></div>`);
    const { outcome, page } = await t.run([
      { type: 'navigate', url: t.server.url('/scroll') },
      { type: 'scroll', y: 700 },
      { type: 'scroll', selectors: ['#box'], y: 250 },
    ]);
    expect(outcome.status).toBe('completed');
    expect(await state(page, 'scrollY')).toBe(700);
    expect(await state(page, "document.getElementById('box').scrollTop")).toBe(250);
  });
});

describe('form fields', () => {
  test('change: text typed with key events, textarea, select by value and by label, checkbox, radio, date, read-only, contenteditable, a custom checkbox', async () => {
    t.server.page(
      '/fields',
      `<script>window.keys = 0;</script>
      <input id="text" onkeydown="keys++">
      <textarea id="area"></textarea>
      <select id="city"><option value="">Välj</option><option value="sto">Stockholm</option><option value="got">Göteborg</option></select>
      <select id="city2"><option value="sto">Stockholm</option><option value="got">Göteborg</option></select>
      <input type="checkbox" id="terms"><input type="checkbox" id="news" checked>
      <input type="radio" name="size" id="small" value="s"><input type="radio" name="size" id="large" value="l">
      <input type="date" id="date">
      <input id="picker" readonly oninput="this.dataset.input = 'yes'">
      <div id="editor" contenteditable="true">gammal text</div>
      <label class="fancy"><input type="checkbox" id="hidden-box" style="display:none"><span>Snygg ruta</span></label>`,
    );
    const { outcome, page, logText } = await t.run([
      { type: 'navigate', url: t.server.url('/fields') },
      { type: 'change', selectors: ['#text'], value: 'Anna Andersson' },
      { type: 'change', selectors: ['#area'], value: 'rad 1\nrad 2' },
      { type: 'change', selectors: ['#city'], value: 'got' },
      { type: 'change', selectors: ['#city2'], value: 'Göteborg' },
      { type: 'change', selectors: ['#terms'], value: 'on' },
      { type: 'change', selectors: ['#news'], value: 'false' },
      { type: 'change', selectors: ['#large'], value: 'l' },
      { type: 'change', selectors: ['#date'], value: '2026-03-14' },
      { type: 'change', selectors: ['#picker'], value: '14 mars' },
      { type: 'change', selectors: ['#editor'], value: 'ny text' },
      { type: 'change', selectors: ['#hidden-box'], value: 'on' },
    ]);
    expect(outcome.status, logText).toBe('completed');
    const values = await page.evaluate(() => {
      const v = (id: string) => (document.getElementById(id) as HTMLInputElement);
      return {
        text: v('text').value, keys: (window as unknown as { keys: number }).keys, area: v('area').value, city: v('city').value, city2: v('city2').value,
        terms: v('terms').checked, news: v('news').checked, large: v('large').checked, small: v('small').checked, date: v('date').value,
        picker: v('picker').value, pickerInput: v('picker').dataset.input, editor: document.getElementById('editor')!.textContent, hidden: v('hidden-box').checked,
      };
    });
    expect(values).toEqual({
      text: 'Anna Andersson', keys: 14, area: 'rad 1\nrad 2', city: 'got', city2: 'got', terms: true, news: false, large: true, small: false,
      date: '2026-03-14', picker: '14 mars', pickerInput: 'yes', editor: 'ny text', hidden: true,
    });
    expect(logText).toContain('picked the option with that label');
    expect(logText).toContain('clicked by script');
  });

  test('a select without the option fails as assertion_failed', async () => {
    t.server.page('/select', `<select id="s"><option value="a">A</option></select>`);
    const { outcome } = await t.run([
      { type: 'navigate', url: t.server.url('/select') },
      { type: 'change', selectors: ['#s'], value: 'b', timeout: 1500 },
    ]);
    expect(outcome).toMatchObject({ status: 'failed', errorType: 'assertion_failed' });
    expect(outcome.errorMessage).toContain('no option "b"');
  });

  test('extract text, an attribute and a field value, and use them later with {{var.x}}', async () => {
    t.server.page(
      '/extract',
      `<p>Att betala: <b id="total"> 1 234,50 kr </b></p><a id="link" href="/invoice/77">Faktura</a><input id="ocr" value="99887766">
       <input id="note"><button onclick="post('note', document.getElementById('note').value)">Spara</button>`,
    );
    const { outcome, ends } = await t.run([
      { type: 'navigate', url: t.server.url('/extract') },
      { type: 'extract', selectors: ['#total'], variable: 'total' },
      { type: 'extract', selectors: ['#link'], variable: 'href', attribute: 'href' },
      { type: 'extract', selectors: ['#ocr'], variable: 'ocr' },
      { type: 'change', selectors: ['#note'], value: '{{var.total}} / {{var.href}} / {{var.ocr}}' },
      { type: 'click', selectors: ['text/Spara'] },
    ]);
    expect(outcome.status).toBe('completed');
    expect(ends[1]!.extracted).toEqual({ total: '1 234,50 kr' });
    expect(outcome.variables).toEqual({ total: '1 234,50 kr', href: '/invoice/77', ocr: '99887766' });
    await expect.poll(() => t.server.posts('note')).toEqual(['1 234,50 kr / /invoice/77 / 99887766']);
  });
});

describe('waits', () => {
  test('waitForElement (count, operator, visible, attributes) and waitForExpression (throws at first, then holds)', async () => {
    t.server.page(
      '/waits',
      `<ul id="list"></ul><div id="status" data-state="busy" style="display:none">Klar</div>
      <script>
        let n = 0; const timer = setInterval(() => { document.getElementById('list').insertAdjacentHTML('beforeend', '<li>rad</li>'); if (++n === 3) clearInterval(timer); }, 150);
        setTimeout(() => { const s = document.getElementById('status'); s.style.display = ''; s.dataset.state = 'done'; }, 600);
        setTimeout(() => { const d = document.createElement('div'); d.id = 'result'; d.textContent = '42'; document.body.append(d); }, 400);
      </script>`,
    );
    const { outcome, logText } = await t.run([
      { type: 'navigate', url: t.server.url('/waits') },
      { type: 'waitForElement', selectors: ['#list li'], operator: '==', count: 3 },
      { type: 'waitForElement', selectors: ['#status'], attributes: { 'data-state': 'done' } },
      { type: 'waitForElement', selectors: ['#missing'], operator: '==', count: 0 },
      { type: 'waitForExpression', expression: "document.querySelector('#result').textContent === '42';" },
    ]);
    expect(outcome.status, logText).toBe('completed');
  });

  test('a waitForExpression that never holds fails as timeout; a waitForElement count that is never reached too', async () => {
    t.server.page('/never', `<p class="x">1</p>`);
    const first = await t.run([
      { type: 'navigate', url: t.server.url('/never') },
      { type: 'waitForExpression', expression: 'window.ready === true', timeout: 800 },
    ]);
    expect(first.outcome).toMatchObject({ status: 'failed', errorType: 'timeout' });
    expect(first.ends[1]!.durationMs).toBeGreaterThanOrEqual(800);
    const second = await t.run([
      { type: 'navigate', url: t.server.url('/never') },
      { type: 'waitForElement', selectors: ['.x'], operator: '>=', count: 2, timeout: 1000 },
    ]);
    expect(second.outcome).toMatchObject({ status: 'failed', errorType: 'timeout' });
    expect(second.outcome.errorMessage).toContain('at most 1 matched');
  });

  test('wait waits its milliseconds; emulateNetworkConditions slows the following requests', async () => {
    t.server.page('/net', `<p>nät</p>`);
    const { outcome, ends } = await t.run([
      { type: 'wait', ms: 400 },
      { type: 'emulateNetworkConditions', download: 1_000_000, upload: 1_000_000, latency: 600 },
      { type: 'navigate', url: t.server.url('/net') },
    ]);
    expect(outcome.status).toBe('completed');
    expect(ends[0]!.durationMs).toBeGreaterThanOrEqual(400);
    expect(ends[2]!.durationMs).toBeGreaterThanOrEqual(600);
  });
});

describe('dialogs and downloads', () => {
  test('alert and confirm are accepted and logged; a download is logged with its name and size', async () => {
    t.server.page(
      '/dialogs',
      `<button id="del" onclick="alert('Observera!'); if (confirm('Ta bort posten?')) post('confirm', 'yes')">Ta bort</button>
       <a href="/download?name=rapport.pdf&size=12288">Ladda ner</a>`,
    );
    const { outcome, ends } = await t.run([
      { type: 'navigate', url: t.server.url('/dialogs') },
      { type: 'click', selectors: ['#del'] },
      { type: 'click', selectors: ['text/Ladda ner'] },
    ]);
    expect(outcome.status).toBe('completed');
    await expect.poll(() => t.server.posts('confirm')).toEqual(['yes']);
    expect(ends[1]!.log.map((l) => l.message)).toEqual(['dialog alert("Observera!") accepted', 'dialog confirm("Ta bort posten?") accepted']);
    expect(ends[2]!.log.map((l) => l.message)).toContain('download rapport.pdf (12 kB)');
  });

  test('a prompt is dismissed and fails the step as unexpected_dialog', async () => {
    t.server.page('/prompt', `<button onclick="post('prompt', prompt('Ange kod'))">Kod</button>`);
    const { outcome } = await t.run([
      { type: 'navigate', url: t.server.url('/prompt') },
      { type: 'click', selectors: ['button'] },
      { type: 'wait', ms: 50 },
    ]);
    expect(outcome).toMatchObject({ status: 'failed', failedIndex: 1, errorType: 'unexpected_dialog' });
    expect(outcome.errorMessage).toContain('prompt("Ange kod")');
    await expect.poll(() => t.server.posts('prompt')).toEqual([null]);
  });
});

describe('screenshots', () => {
  test('screenshot: JPEG within 100 KB (a noisy full page too) with password fields masked; every step has an end screenshot', async () => {
    t.server.page(
      '/shot',
      `<style>body{margin:0} input{position:absolute;left:20px;top:20px;width:300px;height:40px;font-size:30px;background:#fff;border:0}</style>
       <input type="password" id="pw" value="hemligt-lösen">
       <canvas id="c" width="800" height="3000" style="display:block;margin-top:100px"></canvas>
       <script>const g = document.getElementById('c').getContext('2d'); const d = g.createImageData(800, 3000);
         for (let i = 0; i < d.data.length; i++) d.data[i] = (i % 4 === 3) ? 255 : Math.random() * 255; g.putImageData(d, 0, 0);</script>`,
    );
    const { outcome, ends, page } = await t.run([
      { type: 'navigate', url: t.server.url('/shot') },
      { type: 'screenshot' },
      { type: 'screenshot', fullPage: true },
      { type: 'wait', ms: 1 },
    ]);
    expect(outcome.status).toBe('completed');
    for (const end of ends) {
      expect(end.screenshot!.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(end.screenshot!.length).toBeLessThanOrEqual(100 * 1024);
    }
    const [r, g, b] = await pixel(page, ends[1]!.screenshot!, 60, 40);
    expect(r).toBeGreaterThan(200); // Playwright's mask colour, magenta
    expect(g).toBeLessThan(60);
    expect(b).toBeGreaterThan(200);
    const [wr, wg, wb] = await pixel(page, ends[3]!.screenshot!, 60, 40); // the end screenshot is masked too
    expect([wr! > 200, wg! < 60, wb! > 200]).toEqual([true, true, true]);
  });
});

describe('decisions', () => {
  const definition = () => {
    t.server.page('/decide', `<p id="amount">12 000</p><button onclick="post('approved', 1)">Godkänn</button><button onclick="post('rejected', 1)">Avslå</button>`);
    return [
      { type: 'navigate' as const, url: t.server.url('/decide') },
      { type: 'extract' as const, selectors: ['#amount'], variable: 'amount' },
      {
        type: 'ai_decision' as const,
        prompt: 'Ska fakturan på {{var.amount}} kr godkännas?',
        inputs: ['var.amount'],
        options: [
          { value: 'approve', label: 'Godkänn', then: 'continue' as const },
          { value: 'reject', label: 'Avslå', then: { goto: 'reject' } },
          { value: 'later', label: 'Vänta', then: 'stop' as const },
        ],
      },
      { type: 'click' as const, selectors: ['text/Godkänn'] },
      { type: 'wait' as const, ms: 1 },
      { id: 'reject', type: 'click' as const, selectors: ['text/Avslå'] },
    ];
  };

  test('an ai_decision answer going to another step skips the steps between; the model sees only the declared inputs', async () => {
    const asked: unknown[] = [];
    const { outcome, ends } = await t.run(definition(), {
      inputs: { customer: 'ACME' },
      decide: async (index, step, context) => {
        asked.push({ index, type: step.type, prompt: step.type === 'ai_decision' ? step.prompt : '', context });
        return { choice: 'reject', confidence: 97, reason: 'för högt belopp' };
      },
    });
    expect(outcome).toMatchObject({ status: 'completed', completedSteps: 6 });
    expect(asked).toEqual([{ index: 2, type: 'ai_decision', prompt: 'Ska fakturan på 12 000 kr godkännas?', context: { variables: { amount: '12 000' }, inputs: {} } }]);
    expect(ends.map((e) => e.status)).toEqual(['passed', 'passed', 'passed', 'skipped', 'skipped', 'passed']);
    expect(ends[2]!.decision).toEqual({ choice: 'reject', label: 'Avslå', by: 'ai', confidence: 97, reason: 'för högt belopp' });
    await expect.poll(() => t.server.posts('rejected')).toEqual([1]);
    expect(t.server.posts('approved')).toEqual([]);
  });

  test('an option that stops ends the run stopped by the decision, not completed: the rest is skipped and not counted as done', async () => {
    const byPerson = await t.run(definition(), { decide: async () => ({ choice: 'later', by: 'person', confidence: 80 }) });
    expect(byPerson.outcome).toEqual({
      status: 'stopped_by_decision',
      failedIndex: 2,
      errorType: 'stopped_by_decision',
      errorMessage: 'the decision in step 3 stopped the run for review: "Vänta" chosen by a person',
      variables: { amount: '12 000' },
      completedSteps: 3,
    });
    expect(byPerson.ends.map((e) => e.status)).toEqual(['passed', 'passed', 'passed', 'skipped', 'skipped', 'skipped']);
    expect(byPerson.ends[2]!.decision).toEqual({ choice: 'later', label: 'Vänta', by: 'person', confidence: 80 });
    expect(byPerson.ends[3]!.log[0]!.message).toBe('skipped: the decision in step 3 stopped the run');
    const byAi = await t.run(definition(), { decide: async () => ({ choice: 'later', confidence: 96 }) });
    expect(byAi.outcome).toMatchObject({ status: 'stopped_by_decision', failedIndex: 2, errorMessage: expect.stringContaining('"Vänta" chosen by AI (confidence 96)') });
    expect(t.server.posts('approved')).toEqual([]);
    expect(t.server.posts('rejected')).toEqual([]);
  });

  test('a failed decision fails the step; no decider means ai_unavailable', async () => {
    const failed = await t.run(definition(), { decide: async () => ({ fail: 'Ingen svarade' }) });
    expect(failed.outcome).toMatchObject({ status: 'failed', failedIndex: 2, errorType: 'assertion_failed', errorMessage: 'Ingen svarade' });
    const none = await t.run(definition());
    expect(none.outcome).toMatchObject({ status: 'failed', failedIndex: 2, errorType: 'ai_unavailable' });
  });

  test('a manual step waits for the person and records the decision', async () => {
    let release!: () => void;
    const { outcome, ends } = await t.run([{ type: 'manual', instructions: 'Signera avtalet med BankID' }, { type: 'wait', ms: 1 }], {
      decide: async (_i, step) => {
        expect(step.type).toBe('manual');
        await new Promise<void>((r) => {
          release = r;
          setTimeout(() => release(), 300);
        });
        return { done: true };
      },
    });
    expect(outcome.status).toBe('completed');
    expect(ends[0]!.decision).toEqual({ choice: 'done', by: 'person' });
    expect(ends[0]!.durationMs).toBeGreaterThanOrEqual(300);
  });
});

describe('navigation and crashes', () => {
  test('navigate: an HTTP error is logged, an unreachable server fails as navigation_failed', async () => {
    const notFound = await t.run([{ type: 'navigate', url: t.server.url('/nowhere') }]);
    expect(notFound.outcome.status).toBe('completed');
    expect(notFound.logText).toContain('HTTP 404');
    const unreachable = await t.run([{ type: 'navigate', url: 'http://127.0.0.1:9/' }]);
    expect(unreachable.outcome).toMatchObject({ status: 'failed', errorType: 'navigation_failed' });
  });

  test('a click that navigates (no recorded assertion) to a page with the same selectors, a re-rendered iframe, a beforeunload prompt', async () => {
    t.server.page('/one', `<input id="name" value="ett"><a id="next" href="/two">Nästa</a>`);
    t.server.page(
      '/two',
      `<script>addEventListener('beforeunload', (e) => { e.preventDefault(); e.returnValue = ''; });</script>
       <input id="name"><button id="save" onclick="post('two', document.getElementById('name').value)">Spara</button>
       <div id="slot"></div>
       <script>
         const frame = () => { document.getElementById('slot').innerHTML = '<iframe id="f" srcdoc="<button onclick=&quot;parent.post(&#39;frame&#39;, 1)&quot;>Ram</button>"></iframe>'; };
         frame(); setTimeout(frame, 700);
       </script>`,
    );
    t.server.page('/three', `<p>tre</p>`);
    const { outcome, logText } = await t.run([
      { type: 'navigate', url: t.server.url('/one') },
      { type: 'click', selectors: ['#next'] },
      { type: 'change', selectors: ['#name'], value: 'två' },
      { type: 'click', selectors: ['#save'] },
      { type: 'wait', ms: 800 },
      { type: 'click', frameSelectors: [['#f']], selectors: ['text/Ram'] },
      { type: 'click', selectors: ['#name'] }, // a user gesture, so that Chromium asks beforeunload
      { type: 'navigate', url: t.server.url('/three') },
    ]);
    expect(outcome.status, logText).toBe('completed');
    await expect.poll(() => t.server.posts('two')).toEqual(['två']);
    await expect.poll(() => t.server.posts('frame')).toEqual([1]);
    expect(logText).toContain('the page asked to confirm leaving it; accepted');
  });

  test('a crashed page fails the step as browser_crashed', async () => {
    t.server.page('/crash', `<p>snart</p>`);
    const context = await t.browser.newContext();
    context.on('page', (page) => {
      setTimeout(async () => {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Page.crash').catch(() => {});
      }, 600);
    });
    const { outcome } = await t.run(
      [
        { type: 'navigate', url: t.server.url('/crash') },
        { type: 'wait', ms: 5000 },
      ],
      { context },
    );
    expect(outcome).toMatchObject({ status: 'failed', errorType: 'browser_crashed' });
  });
});
