// The recorder's background service worker: the recording's state (kept in chrome.storage.session, as
// Chrome stops idle workers), the recording window, the popups the recorded page opens, typed-URL
// navigations, and the relay of captured steps to the Kollega tab that started the recording.
import type { AppCommand, Capture, ExtensionEvent, RecorderStatus } from './protocol.ts';

type State = {
  status: RecorderStatus;
  /** The recording window's tab, and the popups its pages opened (tab id → the URL it opened with). */
  tabId?: number;
  windowId?: number;
  popups: Record<string, string>;
  /** The Kollega tab that receives the steps. */
  appTabId?: number;
  stepCount: number;
};

const WINDOW = { width: 1200, height: 800 };
/** Navigations a person made in the address bar (links and redirects are the click's doing: no step). */
const TYPED = new Set(['typed', 'auto_bookmark', 'generated', 'keyword', 'keyword_generated']);

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

async function setStatus(status: RecorderStatus, patch: Partial<State> = {}) {
  const s = { ...(await load()), ...patch, status };
  await save(s);
  broadcast(s);
  toApp(s, statusEvent(s));
  return s;
}

async function emit(capture: Capture, tabId: number) {
  const s = await load();
  if (s.status !== 'recording' || !isRecorded(s, tabId)) return;
  // A step in a popup names its window by the popup's address (the runner finds popups by URL).
  if (tabId !== s.tabId) {
    const tab = await chrome.tabs.get(tabId).catch(() => undefined);
    capture.step.target = tab?.url || s.popups[String(tabId)];
  }
  toApp(s, { type: 'step', capture }); // first: the state write and the badge are not on the step's path
  const latest = state ?? s; // several steps may be on their way at once: count on the newest state
  await save({ ...latest, stepCount: latest.stepCount + 1 });
}

async function start(url: string | null, appTabId: number | undefined) {
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
    toApp({ ...s, appTabId }, { type: 'error', code: 'window_failed' });
    return statusEvent(s);
  }
  const s = await setStatus('recording', { tabId, windowId: win.id, popups: {}, appTabId, stepCount: 0 });
  if (url) await emit({ step: { type: 'navigate', url }, at: Date.now() }, tabId);
  return statusEvent(s);
}

async function command(cmd: AppCommand, appTabId: number | undefined): Promise<ExtensionEvent> {
  const s = await load();
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
  | { type: 'capture'; capture: Capture };

chrome.runtime.onMessage.addListener((message: Message, sender, reply) => {
  const tabId = sender.tab?.id;
  const answer = (work: Promise<unknown>) => {
    work.then(reply, () => reply(undefined));
    return true; // the reply comes asynchronously
  };
  switch (message?.type) {
    case 'command':
      return answer(command(message.command, tabId));
    case 'popup':
      return answer(
        load().then((s) =>
          message.command.type === 'status'
            ? { ...statusEvent(s), stepCount: s.stepCount }
            : command(message.command, s.appTabId),
        ),
      );
    case 'hello':
      return answer(
        Promise.resolve(starting)
          .catch(() => undefined)
          .then(load)
          .then((s) => ({ active: s.status === 'recording' && isRecorded(s, tabId) })),
      );
    case 'capture':
      if (tabId !== undefined) void emit(message.capture, tabId);
      return false;
  }
  return false;
});

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
