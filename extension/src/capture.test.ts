// What the capture script sends for fields that hold secrets or a person's identity number (issue 21):
// one-time codes, card numbers and codes, passwords told by `autocomplete`, and fields that were ever of
// type password become `{{secret.NAME}}`; a personnummer becomes a run input `{{input.name}}`. The script
// runs in jsdom against a stand-in `chrome.runtime` that says this frame is being recorded.
// @vitest-environment jsdom
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Capture } from './protocol.ts';
import { isPersonnummer } from './sensitive.ts';

const sent: Capture[] = [];
const raw: string[] = [];

/** The strings of a message, keys included: where a typed value would be if it leaked. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => [key, ...strings(inner)]);
  return [];
}
/**
 * Every text the page sent to the extension. Numbers (times, positions, sizes) are left out: a short typed value
 * such as a CVC "737" was once found in one of them by chance.
 */
const sentText = () => raw.flatMap((text) => strings(JSON.parse(text))).join('\n');

beforeAll(async () => {
  vi.stubGlobal('chrome', {
    runtime: {
      sendMessage: async (message: { type: string; capture?: Capture }) => {
        raw.push(JSON.stringify(message));
        if (message.type === 'hello') return { active: true };
        if (message.capture) sent.push(message.capture);
        return undefined;
      },
      onMessage: { addListener: () => undefined },
    },
  });
  await import('./capture.ts');
  await new Promise((resolve) => setTimeout(resolve, 0)); // the hello reply turns capturing on
});

beforeEach(() => {
  document.body.innerHTML = '';
  sent.length = 0;
  raw.length = 0;
});

const flushObservers = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Types `value` into the field as a person would (input events), then leaves it (change). */
function type(el: HTMLInputElement, value: string) {
  el.focus();
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

function field(html: string): HTMLInputElement {
  document.body.innerHTML = `<form>${html}</form>`;
  return document.querySelector('input')!;
}

describe('secret fields', () => {
  it.each([
    ['one-time-code', 'Engångskod', '482913', 'ENGANGSKOD'],
    ['cc-number', 'Kortnummer', '4111111111111111', 'KORTNUMMER'],
    ['cc-csc', 'CVC', '737', 'CVC'],
    ['new-password', 'Nytt lösenord', 'Nytt-Hemligt-1', 'NYTT_LOSENORD'],
    ['current-password', 'Lösenord', 'Gammalt-Hemligt-2', 'LOSENORD'],
    ['section-pay billing cc-number', 'Kortnummer', '5555555555554444', 'KORTNUMMER'],
  ])('a text field with autocomplete=%s is a secret, its value never sent', (autocomplete, label, value, name) => {
    const el = field(`<label for="f">${label}</label><input id="f" type="text" autocomplete="${autocomplete}">`);
    type(el, value);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.step).toMatchObject({ type: 'change', value: `{{secret.${name}}}` });
    expect(sent[0]!.secret).toBe(name);
    expect(sentText()).not.toContain(value);
  });

  it('an unnamed one-time code field gets a name from its autocomplete', () => {
    const el = field('<input autocomplete="one-time-code">');
    type(el, '123456');
    expect(sent[0]!.secret).toBe('ONE_TIME_CODE');
  });

  it('a password field the page turned into a text field ("show password") before typing stays a secret', async () => {
    const el = field('<label for="p">Lösenord</label><input id="p" type="password"><button type="button">Visa</button>');
    el.type = 'text';
    await flushObservers();
    type(el, 'Synligt-Hemligt-3');
    expect(sent.map((c) => c.step)).toMatchObject([{ type: 'change', value: '{{secret.LOSENORD}}' }]);
    expect(sentText()).not.toContain('Synligt-Hemligt-3');
  });

  it('a password field added while recording and shown as text stays a secret', async () => {
    document.body.innerHTML = '<form><label for="p">PIN</label></form>';
    const el = document.createElement('input');
    el.id = 'p';
    el.type = 'password';
    document.querySelector('form')!.append(el);
    await flushObservers();
    el.setAttribute('type', 'text');
    await flushObservers();
    type(el, '9911');
    expect(sent[0]!.secret).toBe('PIN');
    expect(sentText()).not.toContain('9911');
  });

  it('an ordinary text field is recorded as typed', () => {
    const el = field('<label for="n">Meddelande</label><input id="n" autocomplete="off">');
    type(el, 'Hyra december');
    expect(sent[0]!.step).toMatchObject({ type: 'change', value: 'Hyra december' });
    expect(sent[0]!.secret).toBeUndefined();
  });
});

describe('personnummer', () => {
  it.each(['811218-9876', '8112189876', '811218+9876', '19811218-9876', '198112189876', '701063-2391'])(
    '%s becomes a run input, never a literal',
    (value) => {
      const el = field('<label for="pn">Personnummer</label><input id="pn">');
      type(el, value);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.step).toMatchObject({ type: 'change', value: '{{input.personnummer}}' });
      expect(sent[0]!.input).toBe('personnummer');
      expect(sentText()).not.toContain(value);
    },
  );

  it('the input is named after the field', () => {
    const el = field('<label for="pn">Sökandens personnr</label><input id="pn">');
    type(el, '121212-1212');
    expect(sent[0]!.input).toBe('sokandens_personnr');
  });

  it.each(['811218-9875', '5050-1055', '1234567890', '811318-9876', '0701234567'])('%s (no valid personnummer) is kept as typed', (value) => {
    const el = field('<label for="x">Nummer</label><input id="x">');
    type(el, value);
    expect(sent[0]!.step).toMatchObject({ value });
    expect(sent[0]!.input).toBeUndefined();
  });

  it('the check: 10 or 12 digits, a real date (or samordningsnummer), Luhn over the last ten', () => {
    expect(isPersonnummer(' 19121212-1212 ')).toBe(true);
    expect(isPersonnummer('17121212-1212')).toBe(false); // no such century
    expect(isPersonnummer('121200-1212')).toBe(false); // day 0
    expect(isPersonnummer('12121212-12')).toBe(false);
    expect(isPersonnummer('121212--1212')).toBe(false);
  });
});

describe('choices (issue 24)', () => {
  it('a select keeps the chosen value and every option with the text a person sees', () => {
    document.body.innerHTML =
      '<form><label for="t">Betalningsvillkor</label><select id="t"><option value="10">10 dagar</option><option value="30">30 dagar</option></select></form>';
    const el = document.querySelector('select')!;
    el.value = '30';
    el.dispatchEvent(new Event('change', { bubbles: true }));
    expect(sent[0]!.step).toMatchObject({
      type: 'change',
      value: '30',
      control: 'select',
      choices: [
        { value: '10', label: '10 dagar' },
        { value: '30', label: '30 dagar' },
      ],
    });
  });

  it.each(['checkbox', 'radio'] as const)('a %s is recorded as on or off with its kind', (kind) => {
    const el = field(`<label for="f">Godkänd för F-skatt</label><input id="f" type="${kind}">`);
    el.checked = true;
    el.dispatchEvent(new Event('change', { bubbles: true }));
    expect(sent[0]!.step).toMatchObject({ type: 'change', value: 'true', control: kind });
    expect(sent[0]!.step).not.toHaveProperty('choices');
  });

  it('a text field is marked as text', () => {
    const el = field('<label for="n">Leverantörsnamn</label><input id="n">');
    type(el, 'Byggbolaget AB');
    expect(sent[0]!.step).toMatchObject({ type: 'change', value: 'Byggbolaget AB', control: 'text' });
  });
});

describe('element pictures (issue 24)', () => {
  const shots = () => raw.map((text) => JSON.parse(text) as { type: string; ref?: string; box?: unknown }).filter((message) => message.type === 'shoot');

  it("a field's step asks for its element's picture, and carries the picture's ref", () => {
    const el = field('<label for="n">Leverantörsnamn</label><input id="n">');
    type(el, 'Byggbolaget AB');
    expect(shots()).toEqual([{ type: 'shoot', ref: expect.any(String), box: { x: 0, y: 0, w: 0, h: 0, viewportWidth: window.innerWidth } }]);
    expect(sent[0]!.ref).toBe(shots()[0]!.ref);
  });

  it('each step has a ref of its own', () => {
    document.body.innerHTML = '<form><label>A <input id="a"></label><label>B <input id="b"></label></form>';
    type(document.querySelector<HTMLInputElement>('#a')!, 'ett');
    type(document.querySelector<HTMLInputElement>('#b')!, 'två');
    expect(new Set(sent.map((capture) => capture.ref)).size).toBe(2);
  });

  it.each([
    ['a password field', '<label for="f">Lösenord</label><input id="f" type="password">', 'Hemligt-1'],
    ['a one-time code', '<label for="f">Kod</label><input id="f" autocomplete="one-time-code">', '482913'],
    ['a personnummer', '<label for="f">Personnummer</label><input id="f">', '811218-9876'],
  ])('%s is never pictured (its value would be in the picture)', (_name, html, value) => {
    type(field(html), value);
    expect(sent).toHaveLength(1);
    expect(shots()).toEqual([]);
    expect(sent[0]!.ref).toBeUndefined();
  });
});

describe('signing in (issue 22)', () => {
  const reports = () =>
    raw.map((text) => JSON.parse(text) as { type: string; report?: { kind: string | null; top: boolean; url: string; signedIn?: unknown[] } }).filter((m) => m.type === 'sign-in').map((m) => m.report!);

  // Each test starts on a page that is no sign-in, whatever the test before left (the script tells only changes).
  beforeEach(async () => {
    document.body.innerHTML = '<h1>Start</h1>';
    await new Promise((resolve) => setTimeout(resolve, 400));
    raw.length = 0;
  });

  it('tells the worker when the page becomes a sign-in and when it stops being one, and marks the steps made on it', async () => {
    document.body.innerHTML =
      '<form><label for="u">Användarnamn</label><input id="u"><label for="p">Lösenord</label><input id="p" type="password"><button type="button">Logga in</button></form>';
    await vi.waitFor(() => expect(reports().at(-1)).toMatchObject({ kind: 'password', top: true, url: location.href }), { timeout: 3000 });
    type(document.getElementById('u') as HTMLInputElement, 'anna');
    type(document.getElementById('p') as HTMLInputElement, 'Hemligt-Lösen-7');
    expect(sent.map((c) => [c.step.type, c.onSignInPage])).toEqual([['change', 'password'], ['change', 'password']]);
    expect(sent[1]!.step).toMatchObject({ value: '{{secret.LOSENORD}}' });
    expect(sentText()).not.toContain('Hemligt-Lösen-7');

    // The page after the sign-in (a single-page app: the same document): no sign-in, and what shows it is done.
    const before = reports().length;
    document.body.innerHTML = '<h1>Översikt</h1><nav><button type="button">Logga ut</button></nav><label for="s">Sök</label><input id="s">';
    await vi.waitFor(() => expect(reports().length).toBe(before + 1), { timeout: 3000 });
    expect(reports().at(-1)).toMatchObject({ kind: null, top: true });
    expect(reports().at(-1)?.signedIn?.[0]).toBe('aria/Logga ut[role="button"]');
    type(document.getElementById('s') as HTMLInputElement, 'Faktura 1002');
    expect(sent.at(-1)).toMatchObject({ step: { value: 'Faktura 1002' } });
    expect(sent.at(-1)?.onSignInPage).toBeUndefined();
  });

  it('an eID page with nothing to type is a sign-in from the moment it shows', async () => {
    document.body.innerHTML = '<h1>Logga in med Mobilt BankID</h1><canvas aria-label="QR-kod"></canvas>';
    await vi.waitFor(() => expect(reports().at(-1)).toMatchObject({ kind: 'eid', top: true }), { timeout: 3000 });
    expect(sent).toEqual([]);
  });
});
