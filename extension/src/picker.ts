// The picker ("Peka ut"), a content script the background worker injects (chrome.scripting.executeScript)
// into the pick window's tab only while a pick is under way, never registered for other pages. In every
// frame of that tab it outlines the element under the pointer with the element's name; the top frame also
// shows a bar with what to do, "Pausa" (click through the page to the right place first) and "Avbryt". A
// click on an element sends the recorder's own selectors and fingerprint for it (selectors.ts), its frame
// path, name, a field's kind and a select's options; Escape cancels. Only the person's real (trusted)
// clicks and keys count, and the picker listens to no window messages: a page cannot pick for them.
import { boxInTop, fieldOf, INTERACTIVE, placement } from './element-context.ts';
import type { PickedElement, PickTexts } from './pick-protocol.ts';
import { accessibleName, fingerprintFor, selectorsFor } from './selectors.ts';
import type { ElementBox } from './thumbnail.ts';

/** Picker → background worker. */
export type PickerMessage =
  | { type: 'pick-hello' }
  | { type: 'pick-pause'; paused: boolean }
  | { type: 'picked'; element: Omit<PickedElement, 'thumbnail'>; box?: ElementBox }
  | { type: 'pick-cancel' };

/** Background worker → picker (every frame of the pick tab). */
export type PickerState = { type: 'pick-state'; paused: boolean };

type PickerOptions = {
  texts: PickTexts;
  paused?: boolean;
  send: (message: PickerMessage) => void;
  /** Whether an event is the person's own (the browser's isTrusted; tests stand in for the browser). */
  isTrusted?: (event: Event) => boolean;
};

export type Picker = { setPaused: (paused: boolean) => void; stop: () => void };

const SWALLOWED = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'dblclick', 'auxclick'];

const STYLE = `
  :host { all: initial; }
  .box { position: fixed; pointer-events: none; z-index: 2147483647; box-sizing: border-box; border: 3px solid #4f46e5;
    background: rgba(79, 70, 229, 0.12); border-radius: 4px; display: none; }
  .name { position: fixed; pointer-events: none; z-index: 2147483647; display: none; max-width: 360px; overflow: hidden;
    text-overflow: ellipsis; white-space: nowrap; background: #312e81; color: #fff; font: 600 13px/1.4 system-ui, sans-serif;
    padding: 3px 8px; border-radius: 4px; }
  .bar { position: fixed; z-index: 2147483647; top: 12px; left: 50%; transform: translateX(-50%); display: flex; gap: 10px;
    align-items: center; max-width: calc(100vw - 48px); background: #0f172a; color: #fff; font: 14px/1.4 system-ui, sans-serif;
    padding: 10px 14px; border-radius: 10px; box-shadow: 0 8px 24px rgba(15, 23, 42, 0.35); }
  button { font: inherit; color: #0f172a; background: #fff; border: 0; border-radius: 6px; padding: 5px 12px; cursor: pointer; }
  button:focus-visible { outline: 2px solid #a5b4fc; outline-offset: 2px; }
`;

/** What a pick acts on: the closest interactive element (a label's field), else the element itself (a text to read). */
export function pickTarget(raw: Element): Element {
  const el = raw.closest(INTERACTIVE) ?? raw;
  const control = el.localName === 'label' ? (el as HTMLLabelElement).control : null;
  return control ?? el;
}

/** What the recorder would have captured for the element. */
export function describeElement(el: Element): Omit<PickedElement, 'thumbnail'> {
  const field =
    el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement ? fieldOf(el) : {};
  return {
    ...placement(),
    selectors: selectorsFor(el),
    fingerprint: fingerprintFor(el),
    label: accessibleName(el),
    ...field,
    url: location.href,
  };
}

export function startPicker({ texts, paused: initiallyPaused = false, send, isTrusted = (event) => event.isTrusted }: PickerOptions): Picker {
  let paused = initiallyPaused;
  let current: Element | undefined;
  let done = false;

  const host = document.createElement('kollega-picker');
  host.setAttribute('style', 'position: fixed; inset: 0; pointer-events: none; z-index: 2147483647;');
  const shadow = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = STYLE;
  const box = document.createElement('div');
  box.className = 'box';
  const name = document.createElement('div');
  name.className = 'name';
  shadow.append(style, box, name);

  let pauseButton: HTMLButtonElement | undefined;
  if (window === window.top) {
    const bar = document.createElement('div');
    bar.className = 'bar';
    bar.setAttribute('role', 'dialog');
    bar.setAttribute('aria-label', texts.hint);
    bar.style.pointerEvents = 'auto';
    const hint = document.createElement('span');
    hint.textContent = texts.hint;
    pauseButton = document.createElement('button');
    pauseButton.type = 'button';
    pauseButton.addEventListener('click', () => send({ type: 'pick-pause', paused: !paused }));
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.textContent = texts.cancel;
    cancel.addEventListener('click', () => finish({ type: 'pick-cancel' }));
    bar.append(hint, pauseButton, cancel);
    shadow.append(bar);
  }
  document.documentElement.append(host);

  const ours = (event: Event) => event.composedPath().includes(host);
  const targetOf = (event: Event) => {
    const raw = event.composedPath()[0];
    return raw instanceof Element && !ours(event) ? pickTarget(raw) : undefined;
  };

  function draw() {
    if (!current || paused || !current.isConnected) {
      box.style.display = 'none';
      name.style.display = 'none';
      return;
    }
    const r = current.getBoundingClientRect();
    Object.assign(box.style, { display: 'block', left: `${r.x - 3}px`, top: `${r.y - 3}px`, width: `${r.width + 6}px`, height: `${r.height + 6}px` });
    const label = accessibleName(current);
    name.textContent = label;
    Object.assign(name.style, {
      display: label ? 'block' : 'none',
      left: `${Math.max(0, r.x - 3)}px`,
      top: r.y > 30 ? `${r.y - 30}px` : `${r.bottom + 6}px`,
    });
  }

  function setPaused(next: boolean) {
    paused = next;
    if (pauseButton) pauseButton.textContent = paused ? texts.resume : texts.pause;
    draw();
  }

  function finish(message: PickerMessage) {
    if (done) return;
    done = true;
    stop();
    // The outline is gone from the screen before the worker takes the element's picture.
    requestAnimationFrame(() => requestAnimationFrame(() => send(message)));
  }

  const onMove = (event: Event) => {
    if (paused || !isTrusted(event)) return;
    const next = targetOf(event);
    if (next && next !== current) {
      current = next;
      draw();
    }
  };

  const onPress = (event: Event) => {
    if (paused || ours(event) || !isTrusted(event)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const el = targetOf(event);
    if (event.type !== 'click' || !el) return;
    finish({ type: 'picked', element: describeElement(el), box: boxInTop(el) });
  };

  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !isTrusted(event)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    finish({ type: 'pick-cancel' });
  };

  const listeners: Array<[string, (event: never) => void]> = [
    ['pointermove', onMove],
    ['pointerover', onMove],
    ['keydown', onKey],
    ['scroll', draw],
    ['resize', draw],
    ...SWALLOWED.map((type): [string, (event: never) => void] => [type, onPress]),
  ];
  for (const [type, listener] of listeners) window.addEventListener(type, listener as EventListener, true);

  function stop() {
    for (const [type, listener] of listeners) window.removeEventListener(type, listener as EventListener, true);
    host.remove();
  }

  setPaused(paused);
  return { setPaused, stop };
}

// In the extension: ask the worker whether this tab is being pointed in, and with which words.
const injected = globalThis as { kollegaPicker?: boolean };
if (typeof chrome !== 'undefined' && chrome.runtime?.id && !injected.kollegaPicker) {
  injected.kollegaPicker = true;
  const send = (message: PickerMessage) => void chrome.runtime.sendMessage(message).catch(() => undefined);
  chrome.runtime
    .sendMessage({ type: 'pick-hello' } satisfies PickerMessage)
    .then((reply: { texts: PickTexts; paused: boolean } | undefined) => {
      if (!reply?.texts) return;
      const picker = startPicker({ texts: reply.texts, paused: reply.paused, send });
      chrome.runtime.onMessage.addListener((message: PickerState) => {
        if (message?.type === 'pick-state') picker.setPaused(message.paused);
      });
    })
    .catch(() => undefined);
}
