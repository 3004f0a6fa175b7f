// The recorder's background service worker: the recording's state (kept in chrome.storage.session, as
// Chrome stops idle workers), the recording window, the popups the recorded page opens, typed-URL
// navigations, and the relay of captured steps to the Kollega tab that started the recording.
//
// Least privilege: the capture script is registered (chrome.scripting) only while a recording exists and
// unregistered when it stops; no `tabs` permission; every message is checked against its sender: app
// commands only from a top frame on one of the app's exact origins (and, once a recording runs, only from
// the tab that started it), popup commands only from the extension's own popup, captures only from the
// recorded tabs, element pictures only of the recorded tabs while recording. A recording opens http(s) start URLs only. "Peka ut" (pick-session.ts) has its own window and
// injects its picker only into it, only while a pick is open.
import { isAppOrigin, isWebUrl, originOf } from './origins.ts';
import { listenForPicks, onPickerMessage, pickCommand } from './pick-session.ts';
import type { PickerMessage } from './picker.ts';
import type { AppCommand, Capture, ExtensionEvent, RecorderStatus, SignInKind, SignInReport } from './protocol.ts';
import { attendedCommand, isAttendedCommand } from './attended.ts';
import { elementBox, throttled, thumbnailOf } from './thumbnail.ts';
import { doneUrl } from './sign-in.ts';

/** A sign-in under way in a recorded tab (docs/automation.md "The recorder"): from the first sign-in page on, until
 *  the tab shows a page that is none. Its steps are held, not sent; it becomes one `login` step. */
type SignIn = {
  tabId: number;
  kind: SignInKind;
  /** When it began: the login step's place among the steps. */
  at: number;
  /** The addresses of its sign-in pages (the "done when" address must be none of them). */
  urls: string[];
  /** The frames of the tab's current page that say they are a sign-in page. */
  frames: number[];
  /** The steps the person took on its pages (kept for a password sign-in only: `Capture.signIn.replaces`). */
  held: Capture[];
};

type State = {
  status: RecorderStatus;
  /** The recording window's tab, and the popups its pages opened (tab id → the URL it opened with). */
  tabId?: number;
  windowId?: number;
  popups: Record<string, string>;
  /** The Kollega tab that receives the steps. */
  appTabId?: number;
  stepCount: number;
  signIn?: SignIn;
};

const WINDOW = { width: 1200, height: 800 };
/** Navigations a person made in the address bar (links and redirects are the click's doing: no step). */
const TYPED = new Set(['typed', 'auto_bookmark', 'generated', 'keyword', 'keyword_generated']);

/** The capture content script, registered while a recording exists (every frame of http(s) pages). */
const CAPTURE_SCRIPT: chrome.scripting.RegisteredContentScript = {
  id: 'capture',
  js: ['capture.js'],
  matches: ['http://*/*', 'https://*/*'],
  allFrames: true,
  matchOriginAsFallback: true, // about:blank, srcdoc and blob frames of those pages
  runAt: 'document_start',
  persistAcrossSessions: false,
};

let state: State | undefined;
let starting: Promise<unknown> | undefined;

async function load(): Promise<State> {
  if (!state)
    state = ((await chrome.storage.session.get('state')).state as State | undefined) ?? {
      status: 'stopped',
      popups: {},
      stepCount: 0,
    };
  return state;
}

async function save(next: State) {
  state = next;
  await chrome.storage.session.set({ state: next });
  await chrome.action.setBadgeText({
    text: next.status === 'recording' ? String(next.stepCount) : next.status === 'paused' ? '❚❚' : '',
  });
  await chrome.action.setBadgeBackgroundColor({ color: next.status === 'recording' ? '#dc2626' : '#d97706' });
}

const recordedTabs = (s: State) => (s.tabId === undefined ? [] : [s.tabId, ...Object.keys(s.popups).map(Number)]);
const isRecorded = (s: State, tabId?: number) => tabId !== undefined && recordedTabs(s).includes(tabId);

function toApp(s: State, event: ExtensionEvent) {
  if (s.appTabId !== undefined)
    chrome.tabs.sendMessage(s.appTabId, { type: 'event', event }, { frameId: 0 }).catch(() => undefined);
}

function statusEvent(s: State): ExtensionEvent {
  return { type: 'status', status: s.status, hasWindow: s.tabId !== undefined };
}

/** Tells every frame of the recorded tabs whether to capture. */
function broadcast(s: State) {
  for (const tabId of recordedTabs(s))
    chrome.tabs.sendMessage(tabId, { type: 'capture-state', active: s.status === 'recording' }).catch(() => undefined);
}

/** Registers the capture script while a recording exists (recording or paused), and removes it otherwise. */
async function syncCaptureScript(recording: boolean) {
  const registered = (await chrome.scripting.getRegisteredContentScripts({ ids: [CAPTURE_SCRIPT.id!] })).length > 0;
  if (recording && !registered) await chrome.scripting.registerContentScripts([CAPTURE_SCRIPT]);
  if (!recording && registered) await chrome.scripting.unregisterContentScripts({ ids: [CAPTURE_SCRIPT.id!] });
}

async function setStatus(status: RecorderStatus, patch: Partial<State> = {}) {
  const s = { ...(await load()), ...patch, status };
  if (status === 'stopped') s.signIn = undefined; // a sign-in nobody finished before the recording stopped: no step
  await syncCaptureScript(status !== 'stopped');
  await save(s);
  broadcast(s);
  toApp(s, statusEvent(s));
  return s;
}

async function emit(capture: Capture, tabId: number) {
  const s = await load();
  if (s.status !== 'recording' || !isRecorded(s, tabId)) return;
  const { onSignInPage, ...step } = capture;
  // Held: a step on a sign-in page, or on any page of a tab that is signing in, unless that page said it is none
  // (the person already acts on the page after the sign-in while it settles).
  const signingIn = s.signIn?.tabId === tabId && s.signIn.frames.length > 0;
  if (capture.step.type !== 'navigate' && (onSignInPage || signingIn)) return holdSignInStep(s, step, tabId, onSignInPage);
  capture = step;
  // A step in a popup names its window by the popup's address (the runner finds popups by URL).
  if (tabId !== s.tabId) {
    const tab = await chrome.tabs.get(tabId).catch(() => undefined);
    capture.step.target = tab?.url || s.popups[String(tabId)];
  }
  toApp(s, { type: 'step', capture }); // first: the state write and the badge are not on the step's path
  const latest = state ?? s; // several steps may be on their way at once: count on the newest state
  await save({ ...latest, stepCount: latest.stepCount + 1 });
}

/**
 * A picture of an element step's element (issue 24), asked for by the capture script with the element's box:
 * taken only while recording, only of a recorded tab that is its window's visible one, at most one every 600 ms
 * (Chrome's quota; thumbnail.ts). It goes to the app as its own event, after the step or before it (the app
 * pairs them by `ref`); refused, failed or skipped: no event, and the step has no picture.
 */
async function shoot(ref: unknown, rawBox: unknown, tab: chrome.tabs.Tab) {
  const box = elementBox(rawBox);
  const s = await load();
  if (typeof ref !== 'string' || ref.length > 64 || !box || s.status !== 'recording' || !isRecorded(s, tab.id)) return;
  if (tab.active === false || tab.windowId === undefined) return;
  const windowId = tab.windowId;
  const thumbnail = await throttled(() => thumbnailOf(windowId, box));
  if (thumbnail) toApp(state ?? s, { type: 'thumbnail', ref, thumbnail });
}

/** How long the tab must show a page that is no sign-in page before the sign-in counts as done (a page that draws
 *  its sign-in after it has loaded, or an e-ID frame that loads after the page, is still a sign-in). */
export const SIGN_IN_SETTLE_MS = 1500;
let signInDone: ReturnType<typeof setTimeout> | undefined;

/** A step made during a sign-in: held (a password sign-in's, for `replaces`), never sent as a step of its own. */
async function holdSignInStep(s: State, capture: Capture, tabId: number, kind: SignInKind | undefined) {
  const open = s.signIn?.tabId === tabId ? s.signIn : undefined;
  if (!open && s.signIn) return; // another tab's sign-in is under way: one at a time
  const signIn = open ?? { tabId, kind: kind!, at: capture.at, urls: [], frames: [], held: [] };
  const merged = kind === 'eid' ? 'eid' : signIn.kind;
  await save({ ...(state ?? s), signIn: { ...signIn, kind: merged, held: merged === 'password' ? [...signIn.held, capture] : [] } });
}

/** A frame says whether its page is a sign-in page: one opens (or goes on), none in the whole tab ends it. */
async function onSignInReport(report: SignInReport, tabId: number, frameId: number) {
  const s = await load();
  if (s.status !== 'recording' || !isRecorded(s, tabId)) return;
  const open = s.signIn?.tabId === tabId ? s.signIn : undefined;
  if (report.kind) {
    if (!open && s.signIn) return;
    clearTimeout(signInDone);
    const signIn = open ?? { tabId, kind: report.kind, at: report.at, urls: [], frames: [], held: [] };
    const kind = report.kind === 'eid' || signIn.kind === 'eid' ? 'eid' : 'password';
    await save({
      ...s,
      signIn: { ...signIn, kind, held: kind === 'eid' ? [] : signIn.held, urls: [...new Set([...signIn.urls, report.url])], frames: [...new Set([...signIn.frames, frameId])] },
    });
    return;
  }
  if (!open) return;
  const frames = open.frames.filter((frame) => frame !== frameId);
  await save({ ...s, signIn: { ...open, frames } });
  if (!report.top || frames.length) return;
  clearTimeout(signInDone);
  signInDone = setTimeout(() => void endSignIn(tabId, report), SIGN_IN_SETTLE_MS);
}

/** The tab shows a page that is no sign-in: the sign-in becomes a `login` step, done when this page shows. */
async function endSignIn(tabId: number, after: SignInReport) {
  const s = await load();
  const open = s.signIn;
  if (!open || open.tabId !== tabId || open.frames.length) return;
  await save({ ...s, signIn: undefined });
  const url = doneUrl(open.urls, after.url);
  const until = { ...(url && { url }), ...(after.signedIn && { selectors: after.signedIn }) };
  // Neither an address nor an element: the page after the sign-in is at a sign-in address and shows nothing to wait for.
  if (!until.url && !until.selectors) until.url = `${after.url.split(/[?#]/)[0]}*`;
  const replaces = open.kind === 'password' && open.held.length ? open.held : undefined;
  await emit({ step: { type: 'login', until }, signIn: { kind: open.kind, ...(replaces && { replaces }) }, at: open.at }, tabId);
}

async function start(url: string | null, appTabId: number | undefined): Promise<ExtensionEvent> {
  if (url !== null && !isWebUrl(url)) return { type: 'error', code: 'url_not_allowed' };
  await syncCaptureScript(true); // before the window: its first document gets the script
  const created = chrome.windows.create({ url: url ?? 'about:blank', type: 'normal', focused: true, ...WINDOW });
  starting = created;
  let win: chrome.windows.Window | undefined;
  try {
    win = await created;
  } catch {
    win = undefined;
  }
  const tabId = win?.tabs?.[0]?.id;
  if (!win || tabId === undefined) {
    const s = await load();
    if (s.status === 'stopped') await syncCaptureScript(false);
    toApp({ ...s, appTabId }, { type: 'error', code: 'window_failed' });
    return statusEvent(s);
  }
  const s = await setStatus('recording', { tabId, windowId: win.id, popups: {}, appTabId, stepCount: 0 });
  if (url) await emit({ step: { type: 'navigate', url }, at: Date.now() }, tabId);
  return statusEvent(s);
}

async function command(cmd: AppCommand, appTabId: number | undefined): Promise<ExtensionEvent | undefined> {
  if (cmd.type === 'pick' || cmd.type === 'cancelPick') return pickCommand(cmd, appTabId); // "Peka ut", beside any recording
  const s = await load();
  // A recording is driven by the tab that started it; another app tab may only ask for the status or start anew.
  const owner = s.status === 'stopped' || s.appTabId === appTabId;
  if (!owner && ['pause', 'resume', 'stop', 'focus'].includes(cmd.type)) return undefined;
  switch (cmd.type) {
    case 'start':
      if (s.status !== 'stopped') await setStatus('stopped', { tabId: undefined, windowId: undefined, popups: {} });
      return start(cmd.url, appTabId);
    case 'pause':
      return statusEvent(s.status === 'recording' ? await setStatus('paused') : s);
    case 'resume':
      return statusEvent(s.status === 'paused' ? await setStatus('recording') : s);
    case 'stop':
      return statusEvent(await setStatus('stopped', { tabId: undefined, windowId: undefined, popups: {} }));
    case 'focus':
      if (s.windowId !== undefined) await chrome.windows.update(s.windowId, { focused: true }).catch(() => undefined);
      return statusEvent(s);
    case 'status':
      return statusEvent(s.appTabId === appTabId || s.status === 'stopped' ? s : { ...s, status: 'stopped', tabId: undefined });
  }
}

type Message =
  | { type: 'command'; command: AppCommand }
  | { type: 'popup'; command: AppCommand }
  | { type: 'hello' }
  | { type: 'capture'; capture: Capture }
  | { type: 'shoot'; ref: string; box: unknown }
  | { type: 'sign-in'; report: SignInReport }
  | PickerMessage;

type Sender = chrome.runtime.MessageSender;

/** The bridge in the top frame of a page on one of the app's exact origins. */
export function fromApp(sender: Sender): boolean {
  return (
    sender.id === chrome.runtime.id &&
    sender.tab?.id !== undefined &&
    sender.frameId === 0 &&
    isAppOrigin(sender.origin ?? originOf(sender.url))
  );
}

/** The extension's own toolbar popup (an extension page: no tab). */
export function fromPopup(sender: Sender): boolean {
  return sender.id === chrome.runtime.id && sender.tab === undefined && sender.url === chrome.runtime.getURL('popup.html');
}

/** The capture script in a frame of a tab this extension's content scripts run in. */
const fromContentScript = (sender: Sender) => sender.id === chrome.runtime.id && sender.tab?.id !== undefined;

chrome.runtime.onMessage.addListener((message: Message, sender, reply) => {
  const tabId = sender.tab?.id;
  const answer = (work: Promise<unknown>) => {
    work.then(reply, () => reply(undefined));
    return true; // the reply comes asynchronously
  };
  switch (message?.type) {
    case 'command':
      if (!fromApp(sender) || !message.command) return false;
      if (isAttendedCommand(message.command)) return answer(attendedCommand(message.command, tabId));
      return answer(command(message.command, tabId));
    case 'popup':
      if (!fromPopup(sender) || !message.command) return false;
      return answer(
        load().then((s) =>
          message.command.type === 'status'
            ? { ...statusEvent(s), stepCount: s.stepCount }
            : command(message.command, s.appTabId),
        ),
      );
    case 'hello':
      if (!fromContentScript(sender)) return false;
      return answer(
        Promise.resolve(starting)
          .catch(() => undefined)
          .then(load)
          .then((s) => ({ active: s.status === 'recording' && isRecorded(s, tabId) })),
      );
    case 'capture':
      if (fromContentScript(sender) && tabId !== undefined && message.capture?.step) void emit(message.capture, tabId);
      return false;
    case 'shoot':
      if (fromContentScript(sender) && sender.tab) void shoot(message.ref, message.box, sender.tab).catch(() => undefined);
      return false;
    case 'sign-in':
      if (fromContentScript(sender) && tabId !== undefined && message.report) void onSignInReport(message.report, tabId, sender.frameId ?? 0);
      return false;
    case 'pick-hello':
    case 'pick-pause':
    case 'pick-cancel':
    case 'picked':
      return onPickerMessage(message, sender, reply);
  }
  return false;
});

listenForPicks();

// Popups the recorded pages open (window.open, target=_blank) are recorded too.
chrome.webNavigation.onCreatedNavigationTarget.addListener(async (details) => {
  const s = await load();
  if (!isRecorded(s, details.sourceTabId)) return;
  const next = { ...s, popups: { ...s.popups, [String(details.tabId)]: details.url } };
  await save(next);
  broadcast(next);
});

chrome.webNavigation.onCommitted.addListener(async (details) => {
  if (details.frameId !== 0) return;
  const s = await load();
  if (!isRecorded(s, details.tabId)) return;
  broadcast(s); // the new document's capture script asks too; this covers a reply that raced the commit
  // A new page in a tab that is signing in: its frames say anew whether they are a sign-in page.
  if (s.signIn?.tabId === details.tabId && s.signIn.frames.length) await save({ ...s, signIn: { ...s.signIn, frames: [] } });
  if (TYPED.has(details.transitionType))
    await emit({ step: { type: 'navigate', url: details.url }, at: Date.now() }, details.tabId);
});

chrome.tabs.onRemoved.addListener(async (tabId) => {
  const s = await load();
  if (tabId === s.tabId) await setStatus('stopped', { tabId: undefined, windowId: undefined, popups: {} });
  else if (s.popups[String(tabId)] !== undefined) {
    const popups = { ...s.popups };
    delete popups[String(tabId)];
    await save({ ...s, popups });
  } else if (tabId === s.appTabId && s.status !== 'stopped') await setStatus('stopped', { appTabId: undefined });
});
