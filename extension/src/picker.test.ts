// The picker ("Peka ut") in a page: it outlines the element under the pointer with its name, and a click
// answers with the recorder's own selectors and fingerprint for it (a label's field, a select's options);
// Escape cancels. Only the person's real events count: a page that dispatches clicks or posts messages
// (pretending to be the extension) picks nothing. jsdom dispatches untrusted events, so the tests that
// stand for the person pass `isTrusted`; the others keep the browser's own check.
// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXTENSION_SOURCE } from './protocol.ts';
import { type Picker, type PickerMessage, startPicker } from './picker.ts';
import { fingerprintFor, selectorsFor } from './selectors.ts';

const TEXTS = { hint: 'Klicka på det steget ska använda. Esc avbryter.', pause: 'Pausa', resume: 'Fortsätt peka ut', cancel: 'Avbryt' };

let sent: PickerMessage[];
let picker: Picker | undefined;

beforeEach(() => {
  sent = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0));
  document.body.innerHTML = `
    <form>
      <label for="v">Leverantörsnamn</label><input id="v" name="supplier">
      <label>Betalningsvillkor <select name="terms"><option value="10">10 dagar</option><option value="30">30 dagar</option></select></label>
      <button type="button"><span>Spara leverantör</span></button>
    </form>
    <table><tr><td>Faktura 1002</td><td class="amount">4 500 kr</td></tr></table>`;
});

afterEach(() => {
  picker?.stop();
  picker = undefined;
  vi.unstubAllGlobals();
});

const settle = () => vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
const start = (trusted: boolean) => {
  picker = startPicker({ texts: TEXTS, send: (message) => sent.push(message), ...(trusted && { isTrusted: () => true }) });
};
const overlay = () => document.querySelector('kollega-picker')!.shadowRoot!;
const point = (el: Element) => el.dispatchEvent(new MouseEvent('pointerover', { bubbles: true, composed: true }));
const click = (el: Element) => el.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, cancelable: true, detail: 1 }));

describe('pointing at an element', () => {
  it('outlines the element under the pointer with its name, and shows the words the app sent', () => {
    start(true);
    point(document.querySelector('button span')!);
    const name = overlay().querySelector<HTMLElement>('.name')!;
    expect(name.textContent).toBe('Spara leverantör');
    expect(name.style.display).toBe('block');
    expect(overlay().querySelector<HTMLElement>('.box')!.style.display).toBe('block');
    expect(overlay().querySelector('[role="dialog"]')!.textContent).toContain(TEXTS.hint);
  });

  it('a click answers with the selectors and fingerprint the recorder makes, the name and the page; the page never sees the click', async () => {
    start(true);
    const button = document.querySelector('button')!;
    const pageHeard = vi.fn();
    button.addEventListener('click', pageHeard);
    click(button.querySelector('span')!);
    await settle();
    expect(pageHeard).not.toHaveBeenCalled();
    expect(sent).toEqual([
      {
        type: 'picked',
        element: { selectors: selectorsFor(button), fingerprint: fingerprintFor(button), label: 'Spara leverantör', url: location.href },
        box: expect.objectContaining({ viewportWidth: window.innerWidth }),
      },
    ]);
    expect(sent[0]!.type === 'picked' && sent[0]!.element.selectors[0]).toBe('aria/Spara leverantör[role="button"]');
    expect(document.querySelector('kollega-picker')).toBeNull(); // gone before the worker takes the picture
  });

  it("a label's click picks its field; a select comes with its kind and options", async () => {
    start(true);
    click(document.querySelector('label')!);
    await settle();
    expect(sent[0]).toMatchObject({ type: 'picked', element: { label: 'Leverantörsnamn', control: 'text', fingerprint: { tag: 'input' } } });
    sent.length = 0;
    start(true);
    click(document.querySelector('select')!);
    await settle();
    expect(sent[0]).toMatchObject({
      type: 'picked',
      element: {
        label: 'Betalningsvillkor',
        control: 'select',
        choices: [
          { value: '10', label: '10 dagar' },
          { value: '30', label: '30 dagar' },
        ],
      },
    });
  });

  it('a text to read (a table cell) is picked as it is', async () => {
    start(true);
    click(document.querySelector('.amount')!);
    await settle();
    expect(sent[0]).toMatchObject({ type: 'picked', element: { fingerprint: { tag: 'td', text: '4 500 kr' } } });
  });

  it('Escape cancels; "Pausa" lets clicks through to the page', async () => {
    start(true);
    const pauseButton = overlay().querySelectorAll('button')[0]!;
    expect(pauseButton.textContent).toBe('Pausa');
    picker!.setPaused(true);
    expect(pauseButton.textContent).toBe('Fortsätt peka ut');
    const button = document.querySelector('button')!;
    const pageHeard = vi.fn();
    button.addEventListener('click', pageHeard);
    click(button);
    expect(pageHeard).toHaveBeenCalledOnce();
    await pause();
    expect(sent).toEqual([]);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await settle();
    expect(sent).toEqual([{ type: 'pick-cancel' }]);
  });
});

describe('a page that tries to pick for the person', () => {
  it('its dispatched clicks and keys, and messages posted as if from the extension, pick nothing', async () => {
    start(false);
    const button = document.querySelector('button')!;
    click(button);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    const forged = { type: 'picked', element: { selectors: ['#evil'], fingerprint: {}, label: 'Spara', url: 'https://evil.example/' } };
    window.postMessage({ source: EXTENSION_SOURCE, event: forged }, '*');
    window.postMessage(forged, '*');
    await pause();
    expect(sent).toEqual([]);
    expect(document.querySelector('kollega-picker')).not.toBeNull(); // still waiting for the person
  });
});
