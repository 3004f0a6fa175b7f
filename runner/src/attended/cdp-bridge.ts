// The CDP side of an attended run: a browser endpoint for Playwright's connectOverCDP, backed by the person's
// tab through the extension (ExtensionLink). chrome.debugger gives a tab, not a browser, so the bridge answers
// the browser-level commands itself, as a browser with one default context and the run's tabs in it:
// Browser.getVersion, Target.setAutoAttach (each relayed tab announced with Target.attachedToTarget and a
// session id of the bridge's own), Target.getTargetInfo, Target.setDiscoverTargets, Browser.setDownloadBehavior,
// Browser.close (only the connection), Target.attachToBrowserTarget and Target.attachToTarget for a relayed tab
// (another session to it, for `newCDPSession`: the engine's screenshots in one command instead of Playwright's ten).
// Target.createTarget is refused (a run acts in the person's tab and the popups it opens, nothing else), and so is
// a session to any other target; Target.closeTarget closes a popup, never the person's tab. Every other command
// goes to its tab with chrome.debugger.sendCommand. While a `login` step is open nothing of the page leaves the
// person's screen: Page.captureScreenshot and Page.startScreencast are refused here as well as in the engine.
//
// Typing goes to the tab in one message per burst (`cdpBatch`, when the extension can): Playwright types a
// character as two key events and waits for each answer, which through the relay would be two round trips to the
// person's browser per character. The bridge answers a plain character's key events (and text insertions) at
// once, collects them, and sends them together when another command comes (or after BATCH_WINDOW_MS); the
// extension dispatches them one after another, each awaited, and every command after the burst waits for its
// answer, so the page sees the same events in the same order before anything else happens. Keys that can do more
// than type (Enter, Tab, Backspace, arrows, anything with a modifier) go one by one as before, so that
// Playwright still sees a navigation they start. If the burst fails, the next command for the tab fails with it.
// In the same way a release of an object Playwright no longer needs (Runtime.releaseObject, whose answer it
// ignores) is answered at once and rides with the tab's next command (`before`, when the extension can).
import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import { type CdpCall, RELEASES, type TargetInfo } from '../../../extension/src/attended-protocol.ts';
import type { ExtensionLink } from './link.ts';

type CdpMessage = { id?: number; sessionId?: string; method?: string; params?: Record<string, unknown>; result?: unknown; error?: { message: string } };

/** Commands that would carry the page's pixels off the person's screen. */
const CAPTURES = new Set(['Page.captureScreenshot', 'Page.startScreencast', 'Page.captureSnapshot']);

const tabSession = (tabId: number) => `kollega-tab-${tabId}`;

/** The browser-level session Playwright asks for (Target.attachToBrowserTarget) before it opens a CDP session. */
const BROWSER_SESSION = 'kollega-browser';

/** From this size a tab's command is passed through to the extension as text (`passThrough`). */
const PASS_THROUGH_BYTES = 2048;

/** How long typed key events wait for more before they go to the tab (another command sends them at once). */
const BATCH_WINDOW_MS = 15;
/** The most key events in one message. */
const BATCH_MAX = 400;

/**
 * Whether a command only types text: a key event of one printable character without modifiers (Playwright's
 * `keyDown` carries the character as `text`, its `keyUp` the same `key`), or a text insertion (characters not on
 * the keyboard layout, such as å, ä, ö).
 */
export function typesText(method: string, params: Record<string, unknown> | undefined): boolean {
  if (method === 'Input.insertText') return typeof params?.text === 'string' && !/[\r\n\t]/.test(params.text);
  if (method !== 'Input.dispatchKeyEvent' || !params || params.modifiers) return false;
  const { type, key, text } = params;
  if (typeof key !== 'string' || [...key].length !== 1 || /[\x00-\x1f\x7f]/.test(key)) return false;
  return (type === 'keyDown' && text === key) || (type === 'keyUp' && text === undefined);
}

/** A tab, or a child session of it, as a key. */
const targetKey = (target: { tabId: number; child?: string }) => (target.child ? `${target.tabId}/${target.child}` : String(target.tabId));

export class CdpBridge {
  /** The path Playwright connects to (ws://host:port + this), a random secret: only this runner knows it. */
  readonly path = `/cdp/${randomBytes(18).toString('base64url')}`;
  /** While a login step is open: no screenshot or screencast is relayed. */
  private capturing = true;
  private client: WebSocket | undefined;
  /** Tabs announced to Playwright, by tab id. */
  private readonly tabs = new Map<number, TargetInfo>();
  /** Child sessions (out-of-process iframes, workers) of each relayed tab, from the tab's Target.attachedToTarget events. */
  private readonly children = new Map<string, number>();
  private autoAttached = false;
  /**
   * Further sessions to a relayed tab (`context.newCDPSession(page)`: the engine's screenshots, a document's title):
   * commands on them go to the same tab, no events come back on them.
   */
  private readonly extraSessions = new Map<string, number>();
  private nextExtra = 1;
  /** Typed key events answered to Playwright and not yet sent to their tab. */
  private typing: { tabId: number; child?: string; commands: CdpCall[] } | undefined;
  private typingTimer: NodeJS.Timeout | undefined;
  /** A burst of typing is at the tab: commands wait in `held` (in order) until it is answered. */
  private burstAtTab = false;
  private readonly held: Array<() => void> = [];
  /** Why the last burst failed, for the tab's next command. */
  private burstError: string | undefined;
  /** Releases answered to Playwright and not yet sent, by tab and session; they go with its next command. */
  private readonly releases = new Map<string, { tabId: number; child?: string; calls: CdpCall[] }>();
  private releaseTimer: NodeJS.Timeout | undefined;

  /** The person's chosen tab (the first the extension attached); popups come after. */
  mainTabId: number | undefined;

  constructor(private readonly link: ExtensionLink) {
    link.on('event', (e) => {
      if (e.method === 'Target.attachedToTarget' && e.params && typeof (e.params as { sessionId?: string }).sessionId === 'string') {
        this.children.set((e.params as { sessionId: string }).sessionId, e.tabId);
      } else if (e.method === 'Target.detachedFromTarget' && e.params) {
        this.children.delete((e.params as { sessionId: string }).sessionId);
      }
      this.toClient({ sessionId: e.sessionId ?? tabSession(e.tabId), method: e.method, params: e.params as Record<string, unknown> });
    });
    link.on('popup', ({ tabId, targetInfo }) => this.announce(tabId, targetInfo));
    link.on('detached', ({ tabId }) => this.forget(tabId));
  }

  /** Screenshots and screencasts pass (false while a login step is open). */
  setCapturing(on: boolean): void {
    this.capturing = on;
  }

  /** Playwright connected (one client at a time: a new attempt's connection replaces the last). */
  accept(socket: WebSocket): void {
    this.client?.close();
    this.client = socket;
    this.autoAttached = false;
    // What the last connection typed and had not sent, or sent after its burst, is its own: that attempt is over.
    this.typing = undefined;
    clearTimeout(this.typingTimer);
    this.held.length = 0;
    this.burstError = undefined;
    this.releases.clear();
    clearTimeout(this.releaseTimer);
    this.releaseTimer = undefined;
    socket.on('message', (data) => {
      const text = String(data);
      // A large command for a tab (Playwright's injected script, a function's source) goes through as text.
      if (text.length >= PASS_THROUGH_BYTES && this.passThrough(text)) return;
      let message: CdpMessage;
      try {
        message = JSON.parse(text);
      } catch {
        return;
      }
      const reply = this.replyTo(message.id, message.sessionId);
      // A tab's commands are answered the moment the extension's answer arrives, in order with the tab's events.
      const target = message.sessionId ? this.tabOf(message.sessionId) : undefined;
      if (target && message.method) {
        if (!this.capturing && CAPTURES.has(message.method)) return reply('a person is signing in: nothing of the page is captured meanwhile');
        if (this.link.features.includes('cdpBatch') && typesText(message.method, message.params)) return this.type(target, message.method, message.params, reply);
        if (this.link.features.includes('cdpBefore') && RELEASES.includes(message.method)) return this.defer(target, message.method, message.params, reply);
        const { method, params } = message;
        const before = this.releasesBefore(target);
        return this.toTab(reply, () => this.link.call('cdp', { tabId: target.tabId, ...(target.child && { sessionId: target.child }), method, params, ...(before && { before }) }, reply));
      }
      void this.handle(message).then(
        (result) => reply(undefined, result),
        (error: unknown) => reply(error instanceof Error ? error.message : String(error)),
      );
    });
    socket.on('close', () => {
      if (this.client === socket) this.client = undefined;
    });
  }

  /**
   * Relays a tab's command without parsing its parameters: Playwright writes `{"id":N,"method":"M","params":P,
   * "sessionId":"S"}`, so the envelope is read from the text's two ends and P is passed on as it is (about 2 MB a
   * run: Playwright's injected script into each world of each page, each call's function source). False when the
   * text is not in that form or not for a relayed tab, or is a capture; the caller then parses it as usual.
   */
  private passThrough(text: string): boolean {
    const head = /^\{"id":(\d+),"method":"([A-Za-z]+\.[A-Za-z]+)","params":/.exec(text);
    const tail = /,"sessionId":"([\w.-]+)"\}$/.exec(text.slice(-120));
    if (!head || !tail || CAPTURES.has(head[2]!)) return false;
    const sessionId = tail[1]!;
    const target = this.tabOf(sessionId);
    if (!target) return false;
    const params = text.slice(head[0].length, text.length - tail[0].length);
    const child = target.child ? `,"sessionId":${JSON.stringify(target.child)}` : '';
    const reply = this.replyTo(Number(head[1]), sessionId);
    const taken = this.releasesBefore(target);
    const before = taken ? `,"before":${JSON.stringify(taken)}` : '';
    this.toTab(reply, () => this.link.callCdpText(`{"tabId":${target.tabId}${child},"method":"${head[2]}"${before},"params":${params}}`, reply));
    return true;
  }

  /** A typed key event: answered now, sent with the burst it belongs to. */
  private type(target: { tabId: number; child?: string }, method: string, params: unknown, reply: (error: string | undefined, result?: unknown) => void): void {
    if (this.typing && (this.typing.tabId !== target.tabId || this.typing.child !== target.child)) this.sendTyping();
    this.typing ??= { tabId: target.tabId, ...(target.child && { child: target.child }), commands: [] };
    this.typing.commands.push({ method, params });
    reply(undefined, {});
    if (this.typing.commands.length >= BATCH_MAX) this.sendTyping();
    else if (this.typing.commands.length === 1) this.typingTimer = setTimeout(() => this.sendTyping(), BATCH_WINDOW_MS);
  }

  /** Sends the typing collected so far to its tab as one burst. */
  private sendTyping(): void {
    const typing = this.typing;
    if (!typing) return;
    this.typing = undefined;
    clearTimeout(this.typingTimer);
    const before = this.takeReleases(typing);
    const send = () => {
      this.burstAtTab = true;
      this.link.call('cdpBatch', { tabId: typing.tabId, ...(typing.child && { sessionId: typing.child }), commands: typing.commands, ...(before && { before }) }, (error) => {
        this.burstAtTab = false;
        if (error !== undefined) this.burstError = error;
        while (!this.burstAtTab && this.held.length) this.held.shift()!();
      });
    };
    if (this.burstAtTab) this.held.push(send);
    else send();
  }

  /** A release: answered now (Playwright ignores its answer), sent with the tab's next command or after a moment. */
  private defer(target: { tabId: number; child?: string }, method: string, params: unknown, reply: (error: string | undefined, result?: unknown) => void): void {
    reply(undefined, {});
    const key = targetKey(target);
    let waiting = this.releases.get(key);
    if (!waiting) this.releases.set(key, (waiting = { tabId: target.tabId, ...(target.child && { child: target.child }), calls: [] }));
    waiting.calls.push({ method, ...(params !== undefined && { params }) });
    this.releaseTimer ??= setTimeout(() => this.sendReleases(), BATCH_WINDOW_MS);
  }

  /** Sends the typing collected so far (it takes the releases received before it), then the releases left for `target`. */
  private releasesBefore(target: { tabId: number; child?: string }): CdpCall[] | undefined {
    this.sendTyping();
    return this.takeReleases(target);
  }

  /** The releases received for `target` so far, to go before its command now received (taken, in order). */
  private takeReleases(target: { tabId: number; child?: string }): CdpCall[] | undefined {
    const key = targetKey(target);
    const waiting = this.releases.get(key);
    this.releases.delete(key);
    return waiting?.calls;
  }

  /** No command followed: the releases go by themselves, one message per tab (the last carries the others). */
  private sendReleases(): void {
    this.releaseTimer = undefined;
    const waiting = [...this.releases.values()];
    this.releases.clear();
    for (const { tabId, child, calls } of waiting) {
      const last = calls.pop()!;
      const ignore = () => {};
      this.toTab(ignore, () => this.link.call('cdp', { tabId, ...(child && { sessionId: child }), ...last, ...(calls.length && { before: calls }) }, ignore));
    }
  }

  /**
   * Sends a command to a tab after the typing before it (collected, or at the tab and not yet answered); if that
   * typing failed, the command is answered with the failure instead.
   */
  private toTab(reply: (error: string | undefined) => void, send: () => void): void {
    this.sendTyping();
    const go = () => {
      const failed = this.burstError;
      this.burstError = undefined;
      if (failed !== undefined) reply(`typing in the page failed: ${failed}`);
      else send();
    };
    if (this.burstAtTab) this.held.push(go);
    else go();
  }

  /** The answer to Playwright's command `id` on `sessionId`: its result, or CDP's error shape with the message. */
  private replyTo(id: number | undefined, sessionId: string | undefined): (error: string | undefined, result?: unknown) => void {
    return (error, result) => this.toClient(error === undefined ? { id, sessionId, result: result ?? {} } : { id, sessionId, error: { message: error } });
  }

  close(): void {
    this.client?.close();
    this.client = undefined;
  }

  private toClient(message: CdpMessage): void {
    if (this.client?.readyState === 1) this.client.send(JSON.stringify(message));
  }

  private announce(tabId: number, targetInfo: TargetInfo): void {
    const main = this.mainTabId === undefined ? undefined : this.tabs.get(this.mainTabId);
    const info = { ...targetInfo, attached: true, ...(main && tabId !== this.mainTabId && { openerId: main.targetId }) };
    this.tabs.set(tabId, info);
    if (this.autoAttached) {
      this.toClient({ method: 'Target.attachedToTarget', params: { sessionId: tabSession(tabId), targetInfo: info, waitingForDebugger: false } });
    }
  }

  private forget(tabId: number): void {
    const info = this.tabs.get(tabId);
    if (!info) return;
    this.tabs.delete(tabId);
    for (const [session, owner] of this.children) if (owner === tabId) this.children.delete(session);
    for (const [session, owner] of this.extraSessions) {
      if (owner !== tabId) continue;
      this.extraSessions.delete(session);
      this.toClient({ sessionId: BROWSER_SESSION, method: 'Target.detachedFromTarget', params: { sessionId: session, targetId: info.targetId } });
    }
    this.toClient({ method: 'Target.detachedFromTarget', params: { sessionId: tabSession(tabId), targetId: info.targetId } });
  }

  private tabOf(sessionId: string): { tabId: number; child?: string } | undefined {
    const match = /^kollega-tab-(\d+)$/.exec(sessionId);
    if (match) return { tabId: Number(match[1]) };
    const extra = this.extraSessions.get(sessionId);
    if (extra !== undefined) return { tabId: extra }; // forget() drops a tab's further sessions with it
    const owner = this.children.get(sessionId);
    return owner === undefined ? undefined : { tabId: owner, child: sessionId };
  }

  /** A request to the extension, sent after the typing before it (as `toTab`). */
  private afterTyping(request: () => Promise<unknown>): Promise<unknown> {
    return new Promise((resolve, reject) =>
      this.toTab((error) => reject(new Error(error)), () => request().then(resolve, reject)));
  }

  private async handle({ sessionId, method, params }: CdpMessage): Promise<unknown> {
    if (!method) return undefined;
    if (!this.capturing && CAPTURES.has(method)) throw new Error('a person is signing in: nothing of the page is captured meanwhile');
    if (sessionId && sessionId !== BROWSER_SESSION) throw new Error(`no relayed tab has the session ${sessionId}`);
    switch (method) {
      case 'Target.attachToBrowserTarget':
        return { sessionId: BROWSER_SESSION };
      case 'Target.attachToTarget': {
        // Another session to a tab of the run (never to anything else): it shares the tab's debugger connection.
        const entry = [...this.tabs].find(([, info]) => info.targetId === params?.targetId);
        if (!entry) throw new Error('an attended run attaches only to the person\'s chosen tab and the popups it opens');
        const session = `kollega-tab-${entry[0]}-session-${this.nextExtra++}`;
        this.extraSessions.set(session, entry[0]);
        return { sessionId: session };
      }
      case 'Target.detachFromTarget': {
        const session = typeof params?.sessionId === 'string' ? params.sessionId : undefined;
        if (session && this.extraSessions.delete(session)) return {};
        throw new Error('only a session opened with Target.attachToTarget can be detached');
      }
      case 'Browser.getVersion':
        return { protocolVersion: '1.3', product: 'Chrome/Kollega-Relay', revision: '', userAgent: 'Kollega attended relay', jsVersion: '' };
      case 'Browser.setDownloadBehavior':
      case 'Target.setDiscoverTargets':
        return {};
      case 'Target.getBrowserContexts':
        return { browserContextIds: [] };
      case 'Target.getTargetInfo':
        return { targetInfo: { targetId: 'kollega-browser', type: 'browser', title: '', url: '', attached: true } };
      case 'Target.setAutoAttach': {
        const { targets } = (await this.link.request('attach', {})) as { targets: Array<{ tabId: number; targetInfo: TargetInfo }> };
        this.mainTabId ??= targets[0]?.tabId;
        this.autoAttached = false;
        for (const t of targets) this.announce(t.tabId, t.targetInfo);
        this.autoAttached = true;
        for (const [tabId, info] of this.tabs) {
          this.toClient({ method: 'Target.attachedToTarget', params: { sessionId: tabSession(tabId), targetInfo: info, waitingForDebugger: false } });
        }
        return {};
      }
      case 'Target.createTarget':
        throw new Error('an attended run acts only in the person\'s chosen tab and the popups it opens');
      case 'Target.closeTarget': {
        const entry = [...this.tabs].find(([, info]) => info.targetId === params?.targetId);
        if (!entry || entry[0] === this.mainTabId) return { success: false };
        await this.afterTyping(() => this.link.request('closeTab', { tabId: entry[0] }));
        return { success: true };
      }
      case 'Browser.close':
        setTimeout(() => this.close(), 0);
        return {};
      default: {
        const tabId = this.mainTabId;
        if (tabId === undefined) throw new Error('no tab is relayed');
        return this.afterTyping(() => this.link.request('cdp', { tabId, method, params }));
      }
    }
  }
}
