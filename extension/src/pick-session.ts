// The background worker's side of "Peka ut": one pick at a time, for the app tab that asked. It opens the
// page (http(s) only) in a window of its own, injects the picker (picker.ts) into that tab's frames as each
// document loads (chrome.scripting.executeScript: nothing is registered, no other tab ever gets it), and
// answers the app tab with the element the person clicked, with a small JPEG of it cropped from a picture of
// the window (thumbnail.ts), then closes the window. Escape, "Avbryt" or closing the window answers `pickCancelled`.
// Picker messages count only from the extension's own script in the pick tab while the pick is open.
import { isWebUrl } from './origins.ts';
import { type PickCommand, type PickedElement, type PickEvent, type PickTexts } from './pick-protocol.ts';
import type { PickerMessage, PickerState } from './picker.ts';
import { elementBox, throttled, thumbnailOf } from './thumbnail.ts';

type PickSession = { tabId: number; windowId: number; appTabId: number; texts: PickTexts; paused: boolean };

const KEY = 'pick';
const WINDOW = { width: 1200, height: 800 };

let session: PickSession | null | undefined;

async function load(): Promise<PickSession | null> {
  if (session === undefined) session = ((await chrome.storage.session.get(KEY))[KEY] as PickSession | undefined) ?? null;
  return session;
}

async function save(next: PickSession | null) {
  session = next;
  await chrome.storage.session.set({ [KEY]: next });
}

function toApp(appTabId: number, event: PickEvent) {
  chrome.tabs.sendMessage(appTabId, { type: 'event', event }, { frameId: 0 }).catch(() => undefined);
}

/** Ends the pick (at once, so a second answer from another frame finds none), tells the app and closes the window. */
async function end(s: PickSession, event: PickEvent) {
  session = null;
  await save(null);
  toApp(s.appTabId, event);
  await chrome.windows.remove(s.windowId).catch(() => undefined);
  const app = await chrome.tabs.get(s.appTabId).catch(() => undefined);
  if (app?.windowId !== undefined) await chrome.windows.update(app.windowId, { focused: true }).catch(() => undefined);
}

const inject = (tabId: number, frameId?: number) =>
  chrome.scripting
    .executeScript({ target: frameId === undefined ? { tabId, allFrames: true } : { tabId, frameIds: [frameId] }, files: ['picker.js'] })
    .catch(() => undefined); // a page still loading or not a web page: its frames get it when they have loaded

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 300) : '');

export async function pickCommand(cmd: PickCommand, appTabId: number | undefined): Promise<PickEvent | undefined> {
  if (appTabId === undefined) return undefined;
  const s = await load();
  if (cmd.type === 'cancelPick') {
    if (s?.appTabId === appTabId) await end(s, { type: 'pickCancelled' });
    return undefined;
  }
  if (typeof cmd.url !== 'string' || !isWebUrl(cmd.url)) return { type: 'pickFailed', code: 'url_not_allowed' };
  if (s) await end(s, { type: 'pickCancelled' });
  const win = await chrome.windows.create({ url: cmd.url, type: 'normal', focused: true, ...WINDOW }).catch(() => undefined);
  const tabId = win?.tabs?.[0]?.id;
  if (win?.id === undefined || tabId === undefined) return { type: 'pickFailed', code: 'window_failed' };
  const texts = { hint: text(cmd.texts?.hint), pause: text(cmd.texts?.pause), resume: text(cmd.texts?.resume), cancel: text(cmd.texts?.cancel) };
  await save({ tabId, windowId: win.id, appTabId, texts, paused: false });
  await inject(tabId);
  return undefined;
}

/** The picked element as the app gets it: only the known fields, of the right kinds. */
function element(raw: unknown): Omit<PickedElement, 'thumbnail'> | undefined {
  const e = raw as Partial<PickedElement> | undefined;
  if (!e || !Array.isArray(e.selectors) || e.selectors.length === 0 || typeof e.fingerprint !== 'object' || typeof e.url !== 'string') return undefined;
  return {
    selectors: e.selectors,
    fingerprint: e.fingerprint,
    label: text(e.label),
    url: e.url,
    ...(Array.isArray(e.frame) && { frame: e.frame }),
    ...(Array.isArray(e.frameSelectors) && { frameSelectors: e.frameSelectors }),
    ...(typeof e.control === 'string' && { control: e.control }),
    ...(Array.isArray(e.choices) && { choices: e.choices }),
  };
}

async function pickerMessage(message: PickerMessage, tabId: number): Promise<unknown> {
  const s = await load();
  if (!s || s.tabId !== tabId) return undefined;
  switch (message.type) {
    case 'pick-hello':
      return { texts: s.texts, paused: s.paused };
    case 'pick-pause': {
      const paused = message.paused === true;
      await save({ ...s, paused });
      chrome.tabs.sendMessage(tabId, { type: 'pick-state', paused } satisfies PickerState).catch(() => undefined);
      return undefined;
    }
    case 'pick-cancel':
      return end(s, { type: 'pickCancelled' });
    case 'picked': {
      const picked = element(message.element);
      if (!picked) return undefined;
      session = null; // one answer per pick, however many frames send one
      const box = elementBox(message.box);
      // Its turn in Chrome's capture quota (shared with a recording's pictures); refused or failed: no picture.
      const thumbnail = box ? await throttled(() => thumbnailOf(s.windowId, box), { wait: true }) : undefined;
      return end(s, { type: 'picked', element: { ...picked, ...(thumbnail && { thumbnail }) } });
    }
  }
}

/** Messages from the picker: only the extension's own script in the pick tab. Returns true when it replies. */
export function onPickerMessage(message: PickerMessage, sender: chrome.runtime.MessageSender, reply: (answer: unknown) => void): boolean {
  const tabId = sender.tab?.id;
  if (sender.id !== chrome.runtime.id || tabId === undefined) return false;
  pickerMessage(message, tabId).then(reply, () => reply(undefined));
  return true;
}

/** Each document the pick tab loads gets the picker; the pick ends with its window or its app tab. */
export function listenForPicks() {
  chrome.webNavigation.onCompleted.addListener(async (details) => {
    const s = await load();
    if (s?.tabId === details.tabId && isWebUrl(details.url)) await inject(details.tabId, details.frameId);
  });
  chrome.tabs.onRemoved.addListener(async (tabId) => {
    const s = await load();
    if (s && (s.tabId === tabId || s.appTabId === tabId)) await end(s, { type: 'pickCancelled' });
  });
}
