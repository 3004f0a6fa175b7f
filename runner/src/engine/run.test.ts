// The run as a whole: reporting, secrets, retry from a step, pause and stop, abort.
import { describe, expect, test } from 'vitest';
import { MASK } from './templates.ts';
import { pixel, useEngine } from './test/harness.ts';
import { html } from './test/server.ts';

const t = useEngine();

const LOGIN = `
  <form onsubmit="event.preventDefault(); post('login', { user: document.getElementById('user').value, password: document.getElementById('pw').value })">
    <label>Användare <input id="user"></label>
    <label>Lösenord <input id="pw" type="password"></label>
    <button>Logga in</button>
  </form>`;

describe('reporting and secrets', () => {
  test('each step is reported as it starts and ends, in order, with the step as defined', async () => {
    t.server.page('/login', LOGIN);
    const events: string[] = [];
    const { outcome, starts, ends } = await t.run(
      [
        { type: 'navigate', url: t.server.url('/login'), description: 'Öppna inloggningen' },
        { type: 'change', selectors: ['#user'], value: '{{input.user}}' },
      ],
      {
        inputs: { user: 'anna' },
        onStepStart: async (e) => void events.push(`start ${e.index}`),
        onStepEnd: async (e) => void events.push(`end ${e.index} ${e.status}`),
      },
    );
    expect(outcome).toEqual({ status: 'completed', variables: {}, completedSteps: 2 });
    expect(events).toEqual(['start 0', 'end 0 passed', 'start 1', 'end 1 passed']);
    expect(starts[1]!.step).toMatchObject({ id: 's2', type: 'change', value: '{{input.user}}' });
    expect(ends[0]).toMatchObject({ index: 0, status: 'passed', step: { description: 'Öppna inloggningen' } });
    expect(ends[0]!.finishedAt.getTime() - ends[0]!.startedAt.getTime()).toBe(ends[0]!.durationMs);
  });

  test("each step's screenshot shows the page as the step left it, before the next step acted (the next lookup runs meanwhile)", async () => {
    // Each click repaints the box at once; the next click's element is already there, so its lookup runs while
    // the previous step's screenshot is taken. A screenshot taken after the next click would show its colour.
    t.server.page(
      '/colours',
      `<div id="box" style="position:fixed;left:0;top:0;width:400px;height:300px;background:rgb(0,0,255)"></div>
       <div style="position:fixed;top:400px;left:10px">
         <button onclick="box.style.background='rgb(255,0,0)'">Röd</button>
         <button onclick="box.style.background='rgb(0,170,0)'">Grön</button>
         <button onclick="box.style.background='rgb(255,255,0)'">Gul</button>
       </div>`,
    );
    const { outcome, ends, page } = await t.run([
      { type: 'setViewport', width: 800, height: 600, deviceScaleFactor: 1, isMobile: false, hasTouch: false, isLandscape: false },
      { type: 'navigate', url: t.server.url('/colours') },
      { type: 'click', selectors: ['aria/Röd[role="button"]'] },
      { type: 'click', selectors: ['aria/Grön[role="button"]'] },
      { type: 'click', selectors: ['aria/Gul[role="button"]'] },
    ]);
    expect(outcome.status).toBe('completed');
    const colour = async (k: number) => {
      const [r, g, b] = await pixel(page, ends[k]!.screenshot!, 200, 150);
      return [r! > 200 ? 'r' : '', g! > 120 ? 'g' : '', b! > 200 ? 'b' : ''].join('');
    };
    expect(ends[0]!.screenshot).toBeUndefined(); // the empty window before the first page has nothing to show
    expect([await colour(1), await colour(2), await colour(3), await colour(4)]).toEqual(['b', 'r', 'g', 'rg']);
  });

  test('a slow report holds the next step back: nothing acts before the previous step is reported, and reports keep their order', async () => {
    t.server.page('/p', `<button onclick="post('press', 1)">Tryck</button>`);
    const events: string[] = [];
    const { outcome } = await t.run(
      [
        { type: 'navigate', url: t.server.url('/p') },
        { type: 'click', selectors: ['aria/Tryck[role="button"]'] },
      ],
      {
        onStepStart: async (e) => void events.push(`start ${e.index}`),
        onStepEnd: async (e) => {
          if (e.index === 0) await new Promise((r) => setTimeout(r, 1500));
          events.push(`end ${e.index} ${e.status} presses=${t.server.posts('press').length}`);
        },
      },
    );
    expect(outcome.status).toBe('completed');
    expect(events).toEqual(['start 0', 'end 0 passed presses=0', 'start 1', 'end 1 passed presses=1']);
  });

  test('secrets reach the page but never the reports (log, error message, description, extracted values) nor screenshots of the fields they were typed in', async () => {
    t.server.page(
      '/login',
      `${LOGIN}<p id="echo">Ditt lösenord är hemligt-Lösen1!</p><input id="token" style="position:absolute;left:400px;top:200px;width:200px;height:40px;border:0">`,
    );
    const secrets = { BANK_PASSWORD: 'hemligt-Lösen1!' };
    const { outcome, ends, starts, page } = await t.run(
      [
        { type: 'navigate', url: t.server.url('/login') },
        { type: 'change', selectors: ['aria/Användare'], value: 'anna' },
        { type: 'change', selectors: ['#pw'], value: '{{secret.BANK_PASSWORD}}', description: 'Lösen hemligt-Lösen1!' },
        { type: 'click', selectors: ['text/Logga in'] },
        { type: 'change', selectors: ['#token'], value: '{{secret.BANK_PASSWORD}}' },
        { type: 'extract', selectors: ['#echo'], variable: 'echo' },
        { type: 'click', selectors: ['#missing'], timeout: 500 },
      ],
      { secrets, secretOrigins: { BANK_PASSWORD: [t.server.origin] } },
    );
    await expect.poll(() => t.server.posts('login')).toEqual([{ user: 'anna', password: 'hemligt-Lösen1!' }]);
    expect(outcome).toMatchObject({ status: 'failed', failedIndex: 6, errorType: 'element_not_found' });
    expect(ends[5]!.extracted).toEqual({ echo: `Ditt lösenord är ${MASK}` });
    const [r, g, b] = await pixel(page, ends[5]!.screenshot!, 500, 220); // the text field holding the secret is masked
    expect([r! > 200, g! < 60, b! > 200]).toEqual([true, true, true]);
    expect(outcome.variables.echo).toBe(`Ditt lösenord är ${MASK}`); // masked before it becomes a variable
    const reported = JSON.stringify([starts, ends.map(({ screenshot: _s, ...e }) => e)]);
    expect(reported).not.toContain('hemligt-Lösen1!');
    expect(reported).toContain(`Lösen ${MASK}`);
  });

  test('a missing secret fails as secret_missing, a missing input as assertion_failed, before the step acts', async () => {
    t.server.page('/login', LOGIN);
    const secret = await t.run([
      { type: 'navigate', url: t.server.url('/login') },
      { type: 'change', selectors: ['#pw'], value: '{{secret.NOPE}}' },
    ]);
    expect(secret.outcome).toMatchObject({ status: 'failed', failedIndex: 1, errorType: 'secret_missing', errorMessage: 'the secret NOPE is not set for this organisation' });
    const input = await t.run([{ type: 'navigate', url: '{{input.start}}' }]);
    expect(input.outcome).toMatchObject({ status: 'failed', failedIndex: 0, errorType: 'input_missing', errorMessage: 'the run input start was not given' });
  });
});

describe('retry from a step', () => {
  // Issue 19: a form flow failed at "Spara" (the button was missing). Retried from that step once the page
  // was fixed, the form must be filled in again, not saved blank.
  const formFlow = () => [
    { type: 'setViewport' as const, width: 700, height: 500 },
    { type: 'navigate' as const, url: t.server.url('/start') },
    { type: 'navigate' as const, url: t.server.url('/form') },
    { type: 'change' as const, selectors: ['#name'], value: '{{input.name}}' },
    { type: 'change' as const, selectors: ['aria/Belopp'], value: '1200' },
    { type: 'extract' as const, selectors: ['#ref'], variable: 'ref' },
    { type: 'ai_decision' as const, prompt: 'Godkänn?', inputs: ['var.ref'], options: [{ value: 'yes', label: 'Ja', then: 'continue' as const }, { value: 'no', label: 'Nej', then: 'stop' as const }] },
    { type: 'click' as const, selectors: ['aria/Spara[role="button"]'], timeout: 2000 },
  ];
  /** The form: each load shows a new reference (R-1, R-2, … after `loads`); `saveButton` false is the broken page. */
  const serveForm = (saveButton: boolean, loads = 0) => {
    t.server.handle('/form', (_req, res) => {
      loads++;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(html(`
        <p id="ref">R-${loads}</p>
        <label>Namn <input id="name"></label>
        <label>Belopp <input id="amount"></label>
        ${saveButton ? `<button onclick="post('save', { name: document.getElementById('name').value, amount: document.getElementById('amount').value, ref: document.getElementById('ref').textContent, width: innerWidth })">Spara</button>` : ''}`));
    });
  };

  test('from the submit step: the page is opened again from its navigate and the form filled in again before the save, each step reported', async () => {
    t.server.page('/start', '<h1>Start</h1>');
    serveForm(false);
    const asked: number[] = [];
    const decide = async (index: number) => (asked.push(index), { choice: 'yes', by: 'person' as const, details: { person: { userId: 'u1' } } });
    const first = await t.run(formFlow(), { inputs: { name: 'Anna' }, decide });
    expect(first.outcome).toMatchObject({ status: 'failed', failedIndex: 7, errorType: 'element_not_found' });
    expect(first.outcome.variables).toEqual({ ref: 'R-1' });
    const earlier = first.ends.find((e) => e.index === 6)!.decision!;
    expect(earlier).toMatchObject({ choice: 'yes', by: 'person' });

    serveForm(true, 1); // the page was fixed
    const { outcome, starts, ends, logText } = await t.run(formFlow(), {
      startAt: 7,
      inputs: { name: 'Anna' },
      variables: first.outcome.variables,
      earlierDecisions: { s7: earlier },
      decide,
    });
    expect(outcome.status, JSON.stringify(outcome)).toBe('completed');
    await expect.poll(() => t.server.posts('save')).toEqual([{ name: 'Anna', amount: '1200', ref: 'R-2', width: 700 }]);
    // The window size, then the form's page from its navigate (not /start again), every step reported.
    expect(starts.map((s) => s.index)).toEqual([0, 2, 3, 4, 5, 6, 7]);
    expect(ends.map((e) => e.status)).toEqual(['passed', 'passed', 'passed', 'passed', 'passed', 'passed', 'passed']);
    expect(t.server.hits('/start')).toBe(1);
    expect(ends[0]!.log[0]!.message).toBe('retry from step 8: step 1 runs again (it set up the window before step 3)');
    expect(ends[1]!.log[0]!.message).toBe('retry from step 8: step 3 runs again: it opens the page again');
    expect(ends[2]!.log[0]!.message).toBe('retry from step 8: step 4 runs again to restore the page step 3 opened');
    // The extract refreshed its variable from the page opened again.
    expect(ends[4]!.extracted).toEqual({ ref: 'R-2' });
    expect(outcome.variables).toEqual({ ref: 'R-2' });
    // Nobody was asked again: the decision reuses the earlier answer.
    expect(asked).toEqual([6]);
    expect(ends[5]!.decision).toMatchObject({ choice: 'yes', by: 'person', details: { person: { userId: 'u1' }, reused: true } });
    expect(logText).toContain('retry: the earlier attempt\'s answer is used (a person decided "yes"); no one is asked again');
    expect(ends[6]!.log.map((l) => l.message).join('\n')).not.toContain('retry');
  });

  test('a decision no earlier attempt answered is asked; an answer that would end the run does not end the replay', async () => {
    serveForm(true);
    t.server.page('/start', '<h1>Start</h1>');
    const asked: number[] = [];
    const { outcome, ends } = await t.run(formFlow(), {
      startAt: 7,
      inputs: { name: 'Bo' },
      decide: async (index) => (asked.push(index), { choice: 'no', by: 'ai' as const, confidence: 97 }),
    });
    expect(outcome.status, JSON.stringify(outcome)).toBe('completed');
    expect(asked).toEqual([6]);
    const decision = ends.find((e) => e.index === 6)!;
    expect(decision.log.map((l) => l.message)).toContain('retry: no earlier attempt answered this decision; it is asked now');
    expect(decision.log.map((l) => l.message)).toContain('retry: the answer would end the run; the retry goes on to step 8 as asked');
    await expect.poll(() => t.server.posts('save')).toEqual([{ name: 'Bo', amount: '1200', ref: 'R-1', width: 700 }]);
  });

  test('a step that fails while running again ends the retry there', async () => {
    t.server.page('/start', '<h1>Start</h1>');
    t.server.page('/form', '<label>Namn <input id="name"></label><button>Spara</button>');
    const { outcome, starts } = await t.run(formFlow(), { startAt: 7, inputs: { name: 'Anna' } });
    expect(outcome).toMatchObject({ status: 'failed', failedIndex: 4, errorType: 'element_not_found' });
    expect(starts.map((s) => s.index)).toEqual([0, 2, 3, 4]);
    expect(t.server.posts('save')).toEqual([]);
  });

  test('without a navigate before the start step, every earlier step runs again; a start step that is a navigate only gets the window size', async () => {
    t.server.page('/second', `<input id="note"><button onclick="post('note', { note: note.value, width: innerWidth })">Spara</button>`);
    const steps = [
      { type: 'setViewport' as const, width: 640, height: 480 },
      { type: 'navigate' as const, url: t.server.url('/second') },
      { type: 'change' as const, selectors: ['#note'], value: '{{var.ref}}' },
      { type: 'click' as const, selectors: ['text/Spara'] },
    ];
    const fromNavigate = await t.run(steps, { startAt: 1, variables: { ref: 'R-8' } });
    expect(fromNavigate.outcome.status).toBe('completed');
    expect(fromNavigate.starts.map((s) => s.index)).toEqual([0, 1, 2, 3]);
    await expect.poll(() => t.server.posts('note')).toEqual([{ note: 'R-8', width: 640 }]);

    const noNavigate = await t.run([{ type: 'wait', ms: 10 }, { type: 'wait', ms: 10 }, { type: 'wait', ms: 10 }], { startAt: 2 });
    expect(noNavigate.outcome.status).toBe('completed');
    expect(noNavigate.starts.map((s) => s.index)).toEqual([0, 1, 2]);
    expect(noNavigate.ends[0]!.log[0]!.message).toBe('retry from step 3: step 1 runs again to restore the page (the run starts over: no step before opens a page)');
  });
});

describe('stop and abort', () => {
  test('stop before a step ends the run as stopped there; an abort during a wait ends the wait', async () => {
    t.server.page('/p', '<p>stopp</p>');
    let calls = 0;
    const before = await t.run(
      [
        { type: 'navigate', url: t.server.url('/p') },
        { type: 'wait', ms: 1 },
      ],
      { control: async () => (++calls >= 2 ? 'stop' : 'continue') },
    );
    expect(before.outcome).toMatchObject({ status: 'stopped', failedIndex: 1, errorType: 'stopped', completedSteps: 1 });
    expect(before.ends.map((e) => e.index)).toEqual([0]);

    const abort = new AbortController();
    const during = await t.run([{ type: 'wait', ms: 10_000 }], {
      signal: abort.signal,
      onStepStart: async () => void setTimeout(() => abort.abort(), 400),
    });
    expect(during.outcome).toMatchObject({ status: 'stopped', failedIndex: 0, errorType: 'stopped' });
    expect(during.ends[0]).toMatchObject({ status: 'failed', errorType: 'stopped' });
    // Stopped 400 ms in, far before the 10 s wait would end (the margin is for a loaded machine).
    expect(during.ends[0]!.durationMs).toBeLessThan(5000);
  });

  test('a step let go of while its start is being reported does not act (a pause or a shutdown just then), also in a tab that stays open', async () => {
    t.server.page('/knapp', `<button onclick="post('klick', {})">Spara</button>`);
    const abort = new AbortController();
    const { outcome, ends } = await t.run(
      [
        { type: 'navigate', url: t.server.url('/knapp') },
        { type: 'click', selectors: ['aria/Spara[role="button"]'] },
      ],
      {
        signal: abort.signal,
        // In a person's tab (attended) an abort leaves the page open, so nothing but the engine keeps the click back.
        attended: { onLogin: async () => {} },
        // As the runner does when it lets go of a run during the report: the report ends after the abort.
        onStepStart: async (e) => {
          if (e.index !== 1) return;
          abort.abort();
          await new Promise((r) => setTimeout(r, 300));
        },
      },
    );
    expect(outcome).toMatchObject({ status: 'stopped', failedIndex: 1, errorType: 'stopped' });
    expect(ends[1]).toMatchObject({ status: 'failed', errorType: 'stopped' });
    await new Promise((r) => setTimeout(r, 300));
    expect(t.server.posts('klick')).toEqual([]);
  });

  test('onSent names the step after which the page sent data, once; a GET, and what the page sends before any step acted, do not count', async () => {
    t.server.page(
      '/skicka',
      `<script>post('laddad', {})</script>
       <button onclick="fetch('/skicka?las=1')">Läs</button>
       <button onclick="post('sparad', { n: 1 }); post('sparad', { n: 2 })">Spara</button>`,
    );
    const sent: number[] = [];
    const { outcome } = await t.run(
      [
        { type: 'navigate', url: t.server.url('/skicka') },
        { type: 'wait', ms: 300 },
        { type: 'click', selectors: ['aria/Läs[role="button"]'] },
        { type: 'click', selectors: ['aria/Spara[role="button"]'] },
        { type: 'wait', ms: 300 },
      ],
      { onSent: (index) => void sent.push(index) },
    );
    expect(outcome.status).toBe('completed');
    expect(t.server.posts('laddad')).toHaveLength(1);
    expect(t.server.posts('sparad')).toHaveLength(2);
    expect(sent).toEqual([3]);
  });

  test('a WebSocket message the page sends after a step acted counts as data sent by that step; one sent on load does not', async () => {
    t.server.page(
      '/chatt',
      `<script>
         const socket = new WebSocket(location.origin.replace('http', 'ws') + '/ws');
         socket.onopen = () => { socket.send('hej'); document.body.dataset.open = '1'; };
       </script>
       <button onclick="document.body.dataset.seen = '1'">Visa</button>
       <button onclick="socket.send(JSON.stringify({ spara: 1 }))">Spara</button>`,
    );
    const sent: number[] = [];
    const { outcome } = await t.run(
      [
        { type: 'navigate', url: t.server.url('/chatt') },
        { type: 'waitForExpression', expression: "document.body.dataset.open === '1'" },
        { type: 'click', selectors: ['aria/Visa[role="button"]'] },
        { type: 'wait', ms: 200 },
        { type: 'click', selectors: ['aria/Spara[role="button"]'] },
        { type: 'wait', ms: 300 },
      ],
      { onSent: (index) => void sent.push(index) },
    );
    expect(outcome.status).toBe('completed');
    expect(t.server.posts('ws')).toEqual(['hej', '{"spara":1}']);
    expect(sent).toEqual([4]);
  });

  test('a page whose script never ends fails the step as timeout once it is past its time (it does not hang the run)', async () => {
    t.server.page('/frys', `<button onclick="setTimeout(() => { for (;;) {} }, 50)">Frys</button><p id="x">text</p>`);
    const started = Date.now();
    const { outcome, ends } = await t.run(
      [
        { type: 'navigate', url: t.server.url('/frys') },
        { type: 'click', selectors: ['aria/Frys[role="button"]'] },
        { type: 'wait', ms: 300 },
        { type: 'extract', selectors: ['#x'], variable: 'x', timeout: 1000 },
      ],
      { hangMs: 2000 },
    );
    // The page freezes 50 ms after the click: the click's own last look at the page may already meet it (on a busy
    // machine the click takes longer than 50 ms to finish; Playwright's click then runs out of the step's time), or
    // the next step's check of the page's answer, or the extract; either way that step fails as timeout, and nothing
    // after it runs.
    expect(outcome).toMatchObject({ status: 'failed', errorType: 'timeout' });
    expect([1, 2, 3]).toContain(outcome.failedIndex);
    expect(ends[outcome.failedIndex!]!.errorMessage).toMatch(outcome.failedIndex === 1 ? /stopped answering|the click did not succeed within 3000 ms/ : /stopped answering/);
    expect(ends).toHaveLength(outcome.failedIndex! + 1);
    // Its 1 s plus the 2 s allowance, and the machine's margin: far from hanging.
    expect(Date.now() - started).toBeLessThan(40_000);
  });

  test('a browser that cannot open a page fails the run as browser_crashed within the bound, instead of waiting for ever', async () => {
    const real = await t.browser.newContext();
    try {
      const stuck = new Proxy(real, {
        get(target, prop) {
          if (prop === 'newPage') return () => new Promise(() => {});
          if (prop === 'pages') return () => [];
          const value = Reflect.get(target, prop, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      await expect(t.run([{ type: 'navigate', url: t.server.url('/p') }], { context: stuck, pageOpenMs: 1500 })).rejects.toMatchObject({ type: 'browser_crashed' });
    } finally {
      await real.close();
    }
  });

  test('abort stops at once, also in the middle of waiting for an element, and closes the pages', async () => {
    t.server.page('/p', '<p>avbryt</p>');
    const abort = new AbortController();
    const result = t.run(
      [
        { type: 'navigate', url: t.server.url('/p') },
        { type: 'click', selectors: ['#never'], timeout: 20_000 },
      ],
      { signal: abort.signal, onStepStart: async (e) => void (e.index === 1 && setTimeout(() => abort.abort(), 300)) },
    );
    const { outcome, ends, context } = await result;
    expect(outcome).toMatchObject({ status: 'stopped', failedIndex: 1, errorType: 'stopped' });
    expect(ends[1]!.durationMs).toBeLessThan(10_000); // aborted 0.3 s in, far before the 20 s timeout (margin for a loaded machine)
    expect(context.pages()).toEqual([]);
  });
});
