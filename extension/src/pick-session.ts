// The background worker's side of "Peka ut": one pick at a time, for the app tab that asked. It opens the
// page (http(s) only) in a window of its own, injects the picker (picker.ts) into that tab's frames as each
// document loads (chrome.scripting.executeScript: nothing is registered, no other tab ever gets it), and
// answers the app tab with the element the person clicked, with a small JPEG of it cropped from a picture of
// the window, then closes the window. Escape, "Avbryt" or closing the window answers `pickCancelled`.
// Picker messages count only from the extension's own script in the pick tab while the pick is open.
import { isWebUrl } from './origins.ts';
import { MAX_THUMBNAIL_BYTES, type PickCommand, type PickedElement, type PickEvent, type PickTexts } from './pick-protocol.ts';
import type { PickBox, PickerMessage, PickerState } from './picker.ts';

type PickSession = { tabId: number; windowId: number; appTabId: number; texts: PickTexts; paused: boolean };

const KEY = 'pick';
const WINDOW = { width: 1200, height: 800 };
/** The element's picture: at most this many CSS pixels, with a margin of page around it. */
const THUMBNAIL = { width: 240, height: 120, margin: 8 };

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

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A JPEG of the element cropped from a picture of the window's visible tab (undefined when the browser refuses one). */
async function thumbnailOf(windowId: number, box: PickBox): Promise<string | undefined> {
  const shot = await chrome.tabs.captureVisibleTab(windowId, { format: 'png' });
  const image = await createImageBitmap(await (await fetch(shot)).blob());
  const scale = image.width / box.viewportWidth;
  const sx = Math.max(0, Math.floor((box.x - THUMBNAIL.margin) * scale));
  const sy = Math.max(0, Math.floor((box.y - THUMBNAIL.margin) * scale));
  const sw = Math.min(image.width - sx, Math.ceil((box.w + 2 * THUMBNAIL.margin) * scale));
  const sh = Math.min(image.height - sy, Math.ceil((box.h + 2 * THUMBNAIL.margin) * scale));
  if (sw < 4 || sh < 4) return undefined;
  const fit = Math.min(1, THUMBNAIL.width / sw, THUMBNAIL.height / sh);
  const canvas = new OffscreenCanvas(Math.max(1, Math.round(sw * fit)), Math.max(1, Math.round(sh * fit)));
  canvas.getContext('2d')!.drawImage(image, sx, sy, sw, sh, 0, 0, canvas.width, canvas.height);
  for (const quality of [0.8, 0.6, 0.4]) {
    const jpeg = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality })).arrayBuffer());
    if (jpeg.length <= MAX_THUMBNAIL_BYTES) return `data:image/jpeg;base64,${base64(jpeg)}`;
  }
  return undefined;
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
      const thumbnail = message.box ? await thumbnailOf(s.windowId, message.box).catch(() => undefined) : undefined;
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
