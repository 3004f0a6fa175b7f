// The run as a whole: reporting, secrets, retry from a step, pause and stop, abort.
import { describe, expect, test } from 'vitest';
import { MASK } from './templates.ts';
import { pixel, useEngine } from './test/harness.ts';

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
        { type: 'click', selectors: ['text/Saknas {{secret.BANK_PASSWORD}}', '#missing-{{secret.BANK_PASSWORD}}'], timeout: 500 },
      ],
      { secrets },
    );
    await expect.poll(() => t.server.posts('login')).toEqual([{ user: 'anna', password: 'hemligt-Lösen1!' }]);
    expect(outcome).toMatchObject({ status: 'failed', failedIndex: 6, errorType: 'element_not_found' });
    expect(outcome.errorMessage).toContain(`text/Saknas ${MASK}, #missing-${MASK}`);
    expect(ends[5]!.extracted).toEqual({ echo: `Ditt lösenord är ${MASK}` });
    const [r, g, b] = await pixel(page, ends[5]!.screenshot!, 500, 220); // the text field holding the secret is masked
    expect([r! > 200, g! < 60, b! > 200]).toEqual([true, true, true]);
    expect(outcome.variables.echo).toBe('Ditt lösenord är hemligt-Lösen1!'); // the run's own data, for a retry
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
    expect(input.outcome).toMatchObject({ status: 'failed', failedIndex: 0, errorType: 'assertion_failed', errorMessage: 'the run input start was not given' });
  });
});

describe('retry from a step', () => {
  const steps = () => [
    { type: 'setViewport' as const, width: 700, height: 500 },
    { type: 'navigate' as const, url: t.server.url('/login') },
    { type: 'change' as const, selectors: ['#user'], value: 'anna' },
    { type: 'click' as const, selectors: ['text/Logga in'] },
    { type: 'navigate' as const, url: t.server.url('/second') },
    { type: 'change' as const, selectors: ['#note'], value: '{{var.ref}}' },
    { type: 'click' as const, selectors: ['text/Spara'] },
  ];

  test('opens the last navigate before the start step (no steps repeated), with its window size, then continues', async () => {
    t.server.page('/login', LOGIN);
    t.server.page('/second', `<input id="note"><button onclick="post('note', { note: note.value, width: innerWidth })">Spara</button>`);
    const { outcome, starts, ends, page } = await t.run(steps(), { startAt: 3, variables: { ref: 'R-7' } });
    expect(outcome.status).toBe('completed');
    expect(starts.map((s) => s.index)).toEqual([3, 4, 5, 6]);
    expect(ends[0]!.log.map((l) => l.message)).toEqual([
      'retry: window size 700×500 as set by step 1',
      `retry from step 4: first opened ${t.server.url('/login')}, the address of step 2 (the steps between are not repeated)`,
    ]);
    // the change of step 3 was not repeated: the form was sent with an empty user
    await expect.poll(() => t.server.posts('login')).toEqual([{ user: '', password: '' }]);
    await expect.poll(() => t.server.posts('note')).toEqual([{ note: 'R-7', width: 700 }]);
    expect(new URL(page.url()).pathname).toBe('/second');
  });

  test('a start step that is a navigate needs no preparation', async () => {
    t.server.page('/second', `<input id="note"><button onclick="post('note', { note: note.value })">Spara</button>`);
    const { outcome, ends } = await t.run(steps(), { startAt: 4, variables: { ref: 'R-8' } });
    expect(outcome.status).toBe('completed');
    expect(ends[0]!.log).toEqual([]);
    await expect.poll(() => t.server.posts('note')).toEqual([{ note: 'R-8' }]);
  });
});

describe('pause, stop and abort', () => {
  test('pause holds the run between steps until continue', async () => {
    t.server.page('/p', '<p>paus</p>');
    let calls = 0;
    const started = Date.now();
    const { outcome, ends } = await t.run(
      [
        { type: 'navigate', url: t.server.url('/p') },
        { type: 'waitForExpression', expression: 'true' },
      ],
      { control: async () => (++calls >= 2 && calls <= 4 ? 'pause' : 'continue') },
    );
    expect(outcome.status).toBe('completed');
    expect(calls).toBe(5);
    // three pauses of ~250 ms before the second step
    expect(ends[1]!.startedAt.getTime() - ends[0]!.finishedAt.getTime()).toBeGreaterThanOrEqual(700);
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
  });

  test('the time paused runs inside whileIdle (the runner lends the slot meanwhile), once per pause', async () => {
    t.server.page('/p', '<p>paus</p>');
    let calls = 0;
    const events: string[] = [];
    const { outcome } = await t.run(
      [
        { type: 'navigate', url: t.server.url('/p') },
        { type: 'waitForExpression', expression: 'true' },
      ],
      {
        control: async () => {
          calls++;
          events.push(`control ${calls}`);
          return calls >= 2 && calls <= 3 ? 'pause' : 'continue';
        },
        whileIdle: async (wait) => {
          events.push('idle');
          const result = await wait();
          events.push('busy');
          return result;
        },
      },
    );
    expect(outcome.status).toBe('completed');
    // The first pause answer (call 2) enters whileIdle; the wait polls until continue (call 4).
    expect(events).toEqual(['control 1', 'control 2', 'idle', 'control 3', 'control 4', 'busy']);
  });

  test('stop before a step ends the run as stopped there; stop during a wait ends the wait', async () => {
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

    let stopAt = Infinity;
    const during = await t.run([{ type: 'wait', ms: 10_000 }], {
      onStepStart: async () => void (stopAt = Date.now() + 400),
      control: async () => (Date.now() >= stopAt ? 'stop' : 'continue'),
    });
    expect(during.outcome).toMatchObject({ status: 'stopped', failedIndex: 0, errorType: 'stopped' });
    expect(during.ends[0]).toMatchObject({ status: 'failed', errorType: 'stopped' });
    // Stopped 400 ms in, far before the 10 s wait would end (the margin is for a loaded machine).
    expect(during.ends[0]!.durationMs).toBeLessThan(5000);
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
