// Attended runs in the person's own browser (docs/automation.md "Attended runs"): the extension relays the Chrome
// DevTools Protocol of one chosen tab, and of the popups that tab opens, to the runner's relay over a WebSocket
// (chrome.debugger), so the runner drives the tab with the same engine as its own browser. Only those tabs are
// touched: they sit in a coloured "Kollega" tab group while the run holds them, and no other tab is ever attached.
//
// The run's state is on the server. What the extension keeps (chrome.storage.session: the relay, the next token,
// the tabs) is only enough to reconnect after its service worker restarts; the runner then goes on with the step
// that had not finished. The person can always take over: Chrome's "cancel" on the debugging banner, opening
// DevTools, closing the tab, or their own mouse or keyboard in the tab (seen by a listener in an isolated world,
// reported when no input of the runner is under way) pauses the run with the reason.
import { type AttendedCommand, type AttendedEvent, type AttendedTab, type CdpCall, RELEASES, type RelayToExtension, type TargetInfo } from './attended-protocol.ts';

type Session = {
  relayUrl: string;
  /** The token to present: the api's first, then the relay's `nextToken` after each accepted connection. */
  token: string;
  tabId: number;
  popups: number[];
  runId?: string;
};

const STORAGE_KEY = 'attended';
/** The isolated world and binding of the input listener (the page's own scripts see neither). */
const WORLD = 'kollega-attended';
const BINDING = '__kollegaPersonInput';
const WATCH_INPUT = `for (const type of ['mousedown', 'keydown', 'wheel', 'touchstart'])
  addEventListener(type, (e) => { if (e.isTrusted) globalThis.${BINDING}(type); }, { capture: true, passive: true });`;
/** Input the page reports this long after the runner's last Input.* command is still the runner's. */
const OWN_INPUT_GRACE_MS = 300;
/** After the connection drops without the relay letting go, how long the extension tries to come back. */
const RECONNECT_FOR_MS = 60_000;
const KEEPALIVE_MS = 20_000;

let session: Session | undefined;
let socket: WebSocket | undefined;
let keepalive: ReturnType<typeof setInterval> | undefined;
let inputsInFlight = 0;
let lastInputAt = 0;
let signingIn = false;

const relayed = (tabId: number | undefined) => tabId !== undefined && !!session && (tabId === session.tabId || session.popups.includes(tabId));

async function persist(): Promise<void> {
  if (session) await chrome.storage.session.set({ [STORAGE_KEY]: session });
  else await chrome.storage.session.remove(STORAGE_KEY);
}

function send(message: unknown): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

export function isAttendedCommand(command: { type: string }): command is AttendedCommand {
  return command.type === 'attended-tabs' || command.type === 'attended-start';
}

/** The app's commands: the tabs a run may use (not the app's own), and starting (or continuing) a run in one. */
export async function attendedCommand(command: AttendedCommand, appTabId: number | undefined): Promise<AttendedEvent> {
  if (command.type === 'attended-tabs') {
    const tabs = await chrome.tabs.query({});
    const usable: AttendedTab[] = tabs
      .filter((t) => t.id !== undefined && t.id !== appTabId && /^https?:/.test(t.url ?? ''))
      .map((t) => ({ id: t.id!, title: t.title ?? '', url: t.url! }));
    return { type: 'attended-tabs', tabs: usable };
  }
  if (!/^wss?:\/\//.test(command.relayUrl)) return { type: 'attended-error', code: 'relay_unreachable' };
  if (session) await release();
  let tabId = command.tabId;
  if (tabId === null) {
    const url = command.url && /^https?:/.test(command.url) ? command.url : 'about:blank';
    tabId = (await chrome.tabs.create({ url, active: true })).id ?? null;
  }
  if (tabId === null) return { type: 'attended-error', code: 'attach_failed' };
  session = { relayUrl: command.relayUrl, token: command.token, tabId, popups: [] };
  await persist();
  const outcome = await connect();
  if (outcome !== 'accepted') {
    await release();
    return { type: 'attended-error', code: outcome === 'refused' ? 'token_refused' : 'relay_unreachable' };
  }
  return { type: 'attended-started', runId: session.runId!, tabId };
}

/** Opens the relay connection and presents the token; resolves with what the relay said. */
function connect(): Promise<'accepted' | 'refused' | 'unreachable'> {
  const current = session;
  if (!current) return Promise.resolve('unreachable');
  return new Promise((resolve) => {
    let settled = false;
    const settle = (how: 'accepted' | 'refused' | 'unreachable') => {
      if (!settled) resolve(how);
      settled = true;
    };
    let ws: WebSocket;
    try {
      ws = new WebSocket(current.relayUrl);
    } catch {
      return settle('unreachable');
    }
    socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token: current.token, version: chrome.runtime.getManifest().version, features: ['cdpBatch', 'cdpBefore'] }));
    ws.onmessage = (event) => {
      let message: RelayToExtension;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.type === 'accepted') {
        current.runId = message.runId;
        current.token = message.nextToken;
        void persist();
        clearInterval(keepalive);
        keepalive = setInterval(() => send({ type: 'ping' }), KEEPALIVE_MS);
        settle('accepted');
      } else if (message.type === 'refused') {
        settle('refused');
      } else {
        void handle(message);
      }
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = undefined;
      clearInterval(keepalive);
      if (settled) void comeBack();
      settle('unreachable');
    };
  });
}

/** The connection dropped without the relay letting go (a runner restarted, the network): the same run, again. */
async function comeBack(): Promise<void> {
  const until = Date.now() + RECONNECT_FOR_MS;
  while (session && !socket && Date.now() < until) {
    if ((await connect()) === 'accepted') return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  if (session && !socket) await release();
}

async function handle(message: RelayToExtension): Promise<void> {
  if (!session) return;
  switch (message.type) {
    case 'request': {
      if (message.method === 'cdp') return relayCommand(message.id, message.params);
      if (message.method === 'cdpBatch') return relayBatch(message.id, message.params);
      try {
        send({ type: 'result', id: message.id, result: await request(message) });
      } catch (error) {
        send({ type: 'result', id: message.id, error: error instanceof Error ? error.message : String(error) });
      }
      return;
    }
    case 'login':
      signingIn = message.open;
      if (message.open) await bringForward(session.tabId);
      await label(message.open ? chrome.i18n.getMessage('attended_group_login') : chrome.i18n.getMessage('attended_group'));
      return;
    case 'release':
      await release();
      return;
    default:
      return;
  }
}

/**
 * A CDP command for a relayed tab. Its answer is sent from chrome.debugger's callback, in order with the tab's
 * events (a promise would let an event that followed the answer overtake it, and Playwright relies on the order).
 */
function relayCommand(id: number, { tabId, sessionId, method, params, before }: { tabId: number; sessionId?: string; method: string; params?: unknown; before?: CdpCall[] }): void {
  if (!relayed(tabId)) return send({ type: 'result', id, error: 'not a tab of this run' });
  sendReleases(tabId, sessionId, before);
  const input = method.startsWith('Input.');
  if (input) inputsInFlight++;
  chrome.debugger.sendCommand({ tabId, ...(sessionId && { sessionId }) }, method, params as { [key: string]: unknown } | undefined, (result) => {
    if (input) {
      inputsInFlight--;
      lastInputAt = Date.now();
    }
    const error = chrome.runtime.lastError?.message;
    send(error ? { type: 'result', id, error } : { type: 'result', id, result });
  });
}

/**
 * Typed text for a relayed tab (the relay collects a burst of key events into one message): each command sent
 * when the last was answered, as Playwright would have sent them; one answer when all are done, or at the first
 * error (the rest are not sent). Input of the runner's own throughout, so the page's key events are no take-over.
 */
function relayBatch(id: number, { tabId, sessionId, commands, before }: { tabId: number; sessionId?: string; commands: CdpCall[]; before?: CdpCall[] }): void {
  if (!relayed(tabId)) return send({ type: 'result', id, error: 'not a tab of this run' });
  sendReleases(tabId, sessionId, before);
  if (!Array.isArray(commands) || commands.some((c) => !c || typeof c.method !== 'string' || !c.method.startsWith('Input.'))) {
    return send({ type: 'result', id, error: 'a batch carries input commands only' });
  }
  inputsInFlight++;
  const next = (i: number): void => {
    if (i === commands.length) {
      inputsInFlight--;
      lastInputAt = Date.now();
      return send({ type: 'result', id, result: {} });
    }
    const { method, params } = commands[i]!;
    chrome.debugger.sendCommand({ tabId, ...(sessionId && { sessionId }) }, method, params as { [key: string]: unknown } | undefined, () => {
      lastInputAt = Date.now();
      const error = chrome.runtime.lastError?.message;
      if (!error) return next(i + 1);
      inputsInFlight--;
      send({ type: 'result', id, error: `${method} (${i + 1} of ${commands.length}): ${error}` });
    });
  };
  next(0);
}

/** Releases of objects the runner no longer needs, sent ahead of a command (in order); their answers mean nothing. */
function sendReleases(tabId: number, sessionId: string | undefined, calls: CdpCall[] | undefined): void {
  if (!Array.isArray(calls)) return;
  for (const { method, params } of calls) {
    if (!RELEASES.includes(method)) continue;
    chrome.debugger.sendCommand({ tabId, ...(sessionId && { sessionId }) }, method, params as { [key: string]: unknown } | undefined, () => void chrome.runtime.lastError);
  }
}

async function request(message: Extract<RelayToExtension, { type: 'request'; method: 'attach' | 'closeTab' }>): Promise<unknown> {
  const current = session!;
  switch (message.method) {
    case 'attach': {
      const targets: Array<{ tabId: number; targetInfo: TargetInfo }> = [];
      for (const tabId of [current.tabId, ...current.popups]) targets.push({ tabId, targetInfo: await attach(tabId) });
      return { targets };
    }
    case 'closeTab': {
      const { tabId } = message.params;
      if (!current.popups.includes(tabId)) throw new Error('only a popup of the run can be closed');
      await chrome.tabs.remove(tabId);
      return {};
    }
  }
}

/**
 * Attaches the debugger to a tab of the run and groups it. Each attempt gets a fresh session (an attachment left
 * from before a restart is dropped first): the runner's new connection then finds the tab's domains off, and
 * the page reports its execution contexts again.
 */
async function attach(tabId: number): Promise<TargetInfo> {
  await chrome.debugger.detach({ tabId }).catch(() => undefined);
  await chrome.debugger.attach({ tabId }, '1.3');
  await chrome.debugger.sendCommand({ tabId }, 'Runtime.addBinding', { name: BINDING, executionContextName: WORLD }).catch(() => undefined);
  await chrome.debugger
    .sendCommand({ tabId }, 'Page.addScriptToEvaluateOnNewDocument', { source: WATCH_INPUT, worldName: WORLD, runImmediately: true })
    .catch(() => undefined);
  await group(tabId);
  const { targetInfo } = (await chrome.debugger.sendCommand({ tabId }, 'Target.getTargetInfo')) as { targetInfo: TargetInfo };
  return targetInfo;
}

async function group(tabId: number): Promise<void> {
  const main = session?.tabId === tabId ? undefined : await chrome.tabs.get(session!.tabId).catch(() => undefined);
  const groupId = await chrome.tabs.group({ tabIds: [tabId], ...(main && main.groupId > 0 && { groupId: main.groupId }) }).catch(() => undefined);
  if (groupId !== undefined) await chrome.tabGroups.update(groupId, { title: chrome.i18n.getMessage('attended_group'), color: 'purple' }).catch(() => undefined);
}

async function label(title: string): Promise<void> {
  const tab = session && (await chrome.tabs.get(session.tabId).catch(() => undefined));
  if (tab && tab.groupId > 0) await chrome.tabGroups.update(tab.groupId, { title }).catch(() => undefined);
}

async function bringForward(tabId: number): Promise<void> {
  const tab = await chrome.tabs.update(tabId, { active: true }).catch(() => undefined);
  if (tab?.windowId !== undefined) await chrome.windows.update(tab.windowId, { focused: true }).catch(() => undefined);
}

/** Lets go of every tab of the run: detached, out of the group; the session is forgotten. */
async function release(): Promise<void> {
  const current = session;
  session = undefined;
  signingIn = false;
  clearInterval(keepalive);
  const ws = socket;
  socket = undefined;
  ws?.close();
  await persist();
  if (!current) return;
  const tabs = [current.tabId, ...current.popups];
  for (const tabId of tabs) await chrome.debugger.detach({ tabId }).catch(() => undefined);
  await chrome.tabs.ungroup(tabs as [number, ...number[]]).catch(() => undefined);
}

chrome.debugger.onEvent.addListener((source, method, params) => {
  if (!relayed(source.tabId)) return;
  if (method === 'Runtime.bindingCalled' && (params as { name?: string } | undefined)?.name === BINDING) {
    // The person's own mouse or keyboard: a take-over, unless a sign-in expects it or it is the runner's own input.
    const own = inputsInFlight > 0 || Date.now() - lastInputAt < OWN_INPUT_GRACE_MS;
    if (!signingIn && !own) send({ type: 'takeover', tabId: source.tabId, input: (params as { payload?: string }).payload ?? '' });
    return;
  }
  send({ type: 'event', tabId: source.tabId, ...(source.sessionId && { sessionId: source.sessionId }), method, params });
});

chrome.debugger.onDetach.addListener((source, reason) => {
  if (!relayed(source.tabId)) return;
  send({ type: 'detached', tabId: source.tabId, reason: ['canceled_by_user', 'target_closed', 'replaced_with_devtools'].includes(reason) ? reason : 'other' });
  if (session && source.tabId !== session.tabId) session.popups = session.popups.filter((id) => id !== source.tabId);
});

chrome.tabs.onRemoved.addListener((tabId) => {
  if (!relayed(tabId) || !session) return;
  send({ type: 'detached', tabId, reason: 'tab_closed' });
  session.popups = session.popups.filter((id) => id !== tabId);
  void persist();
});

// A popup the run's tab opens (target=_blank, window.open) belongs to the run: attached and announced.
chrome.webNavigation.onCreatedNavigationTarget.addListener((details) => {
  if (!session || !relayed(details.sourceTabId) || !socket) return;
  session.popups.push(details.tabId);
  void persist();
  attach(details.tabId).then(
    (targetInfo) => send({ type: 'popup', tabId: details.tabId, targetInfo }),
    () => undefined,
  );
});

// A restarted service worker goes on with the run it was relaying (the relay hands the step that had not
// finished to a new attempt; none that finished runs again).
void chrome.storage.session.get(STORAGE_KEY).then((stored) => {
  const saved = stored[STORAGE_KEY] as Session | undefined;
  if (!saved?.runId || session) return;
  session = saved;
  void comeBack();
});
