// A stand-in for the extension's attended-run relay (extension/src/attended.ts) in the runner's stack tests: a
// Debian Chromium of the "person", whose tabs it relays to the runner exactly as chrome.debugger does (one flat
// CDP session per tab, child sessions of iframes and workers named by their own session id, popups of the tab
// attached when they open), over the same messages (extension/src/attended-protocol.ts). The real extension is
// exercised by the e2e spec; this one lets the runner's side be tested without a headed browser.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { type AttendedDetachReason, type CdpCall, RELEASES, type RelayToExtension, type TargetInfo } from '../../extension/src/attended-protocol.ts';

/** The person's Chromium and every helper process it started (its own process group): none outlives the test. */
function killGroup(browser: ChildProcess): void {
  try {
    if (browser.pid) process.kill(-browser.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

type Tab = { tabId: number; targetId: string; sessionId: string };
type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

export class FakeExtension {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly tabs: Tab[] = [];
  private readonly children = new Map<string, number>();
  private relay: WebSocket | undefined;
  /** What the relay asked for, by CDP method (screenshots while signing in must be none). */
  readonly commands: Array<{ method: string; at: number; signingIn: boolean }> = [];
  readonly logins: Array<{ open: boolean; instructions?: string }> = [];
  /** Messages with CDP commands the relay sent (a burst of typing is one). */
  messages = 0;
  released: string | undefined;
  /**
   * Whether it says it takes typing in bursts and releases ahead of a command (`cdpBatch`, `cdpBefore`), as the
   * extension does since it can; false: as an extension from before.
   */
  batches = true;
  nextToken: string | undefined;
  private signingIn = false;

  /** The person's browser profile (the person's own machine: what it keeps is theirs). */
  get profileDir(): string {
    return this.dir;
  }

  private constructor(private readonly browser: ChildProcess, private readonly cdpSocket: WebSocket, private readonly dir: string) {
    cdpSocket.on('message', (data) => this.fromBrowser(JSON.parse(String(data))));
    // The person's browser gone (killed at close, or crashed): what waits on it fails instead of hanging.
    cdpSocket.on('error', () => {});
    cdpSocket.on('close', () => {
      for (const waiting of this.pending.values()) waiting.reject(new Error('the person\'s browser closed'));
      this.pending.clear();
    });
  }

  static async launch(): Promise<FakeExtension> {
    const dir = mkdtempSync(join(tmpdir(), 'kollega-person-'));
    const browser = spawn('/usr/bin/chromium', ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--remote-debugging-port=0', `--user-data-dir=${dir}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    const endpoint = await new Promise<string>((resolve, reject) => {
      let text = '';
      browser.stderr!.on('data', (chunk) => {
        text += String(chunk);
        const found = /DevTools listening on (ws:\/\/\S+)/.exec(text);
        if (found) resolve(found[1]);
      });
      browser.once('exit', () => reject(new Error(`chromium exited: ${text}`)));
      setTimeout(() => reject(new Error(`chromium did not open its DevTools port within 30 s: ${text.slice(-500)}`)), 30_000).unref();
    }).catch((error: unknown) => {
      killGroup(browser);
      throw error;
    });
    const socket = new WebSocket(endpoint, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const fake = new FakeExtension(browser, socket, dir);
    await fake.send('Target.setDiscoverTargets', { discover: true });
    return fake;
  }

  /** A CDP command on the person's browser (a tab's session, or the browser itself). */
  send(method: string, params: unknown = {}, sessionId?: string): Promise<unknown> {
    const id = this.nextId++;
    this.cdpSocket.send(JSON.stringify({ id, method, params, ...(sessionId && { sessionId }) }));
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  /** Opens a tab the person has, attached as chrome.debugger attaches (a flat session of its own). */
  async openTab(url: string): Promise<Tab> {
    const { targetId } = (await this.send('Target.createTarget', { url })) as { targetId: string };
    return this.attach(targetId);
  }

  /** A command whose answer is passed on synchronously, in order with the events around it. */
  private forward(method: string, params: unknown, sessionId: string, answer: (a: { result?: unknown; error?: string }) => void): void {
    const id = this.nextId++;
    this.ordered.set(id, answer);
    this.cdpSocket.send(JSON.stringify({ id, method, params, sessionId }));
  }

  private readonly ordered = new Map<number, (a: { result?: unknown; error?: string }) => void>();

  private async attach(targetId: string): Promise<Tab> {
    const { sessionId } = (await this.send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
    const tab = { tabId: this.tabs.length + 1, targetId, sessionId };
    this.tabs.push(tab);
    return tab;
  }

  /** The person acts in their tab (a script in the page, as their click would). */
  async asPerson(tab: Tab, expression: string): Promise<void> {
    await this.send('Runtime.evaluate', { expression, userGesture: true }, tab.sessionId);
  }

  async url(tab: Tab): Promise<string> {
    const { targetInfo } = (await this.send('Target.getTargetInfo', { targetId: tab.targetId })) as { targetInfo: TargetInfo };
    return targetInfo.url;
  }

  /** Connects to the relay with a token, relaying `main` (and the popups it opens); resolves with the relay's answer. */
  connect(relayUrl: string, token: string, main: Tab): Promise<'accepted' | 'refused'> {
    const socket = new WebSocket(relayUrl);
    this.relay = socket;
    this.main = main;
    return new Promise((resolve, reject) => {
      // An error after the answer (the relay gone mid-run) only ends this connection, as in the extension.
      socket.on('error', reject);
      socket.once('open', () => socket.send(JSON.stringify({ type: 'hello', token, version: 'test', ...(this.batches && { features: ['cdpBatch', 'cdpBefore'] }) })));
      socket.once('close', () => resolve('refused'));
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as RelayToExtension;
        if (message.type === 'accepted') {
          this.nextToken = message.nextToken;
          resolve('accepted');
        } else if (message.type === 'refused') resolve('refused');
        else void this.handle(message);
      });
    });
  }

  private main: Tab | undefined;

  private toRelay(message: unknown): void {
    if (this.relay?.readyState === WebSocket.OPEN) this.relay.send(JSON.stringify(message));
  }

  /** The debugger was detached from the tab (the banner's Cancel, DevTools opened, the tab closed). */
  detached(tab: Tab, reason: AttendedDetachReason): void {
    this.toRelay({ type: 'detached', tabId: tab.tabId, reason });
  }

  /** The extension's service worker went away mid-run: its connection drops without a word. */
  dropConnection(): void {
    this.relay?.terminate();
  }

  private async handle(message: RelayToExtension): Promise<void> {
    if (message.type === 'login') {
      this.signingIn = message.open;
      this.logins.push({ open: message.open, instructions: message.instructions });
      return;
    }
    if (message.type === 'release') {
      this.released = message.reason;
      return;
    }
    if (message.type !== 'request') return;
    try {
      let result: unknown;
      if (message.method === 'attach') {
        const relayed = this.tabs.filter((t) => t === this.main || this.popupOf(t));
        // A fresh debugger session per attempt, as the extension attaches anew: a new Playwright connection finds
        // the tab's domains off, so Runtime.enable reports the page's execution contexts again.
        for (const tab of relayed) {
          await this.send('Target.detachFromTarget', { sessionId: tab.sessionId });
          for (const [child, owner] of this.children) if (owner === tab.tabId) this.children.delete(child);
          tab.sessionId = ((await this.send('Target.attachToTarget', { targetId: tab.targetId, flatten: true })) as { sessionId: string }).sessionId;
        }
        result = { targets: await Promise.all(relayed.map(async (t) => ({ tabId: t.tabId, targetInfo: ((await this.send('Target.getTargetInfo', { targetId: t.targetId })) as { targetInfo: TargetInfo }).targetInfo }))) };
      } else if (message.method === 'cdp') {
        const { tabId, sessionId, method, params, before } = message.params;
        const tab = this.tabs.find((t) => t.tabId === tabId);
        if (!tab) throw new Error('not a tab of this run');
        this.sendReleases(before, sessionId ?? tab.sessionId);
        this.commands.push({ method, at: Date.now(), signingIn: this.signingIn });
        // The answer goes out the moment Chromium's arrives, before any event that followed it (as chrome.debugger's
        // callback does): Playwright relies on CDP's order of answers and events.
        const id = message.id;
        this.messages++;
        this.forward(method, params ?? {}, sessionId ?? tab.sessionId, (answer) => this.toRelay({ type: 'result', id, ...answer }));
        return;
      } else if (message.method === 'cdpBatch') {
        // One after another, each awaited, as the extension's relayBatch sends them.
        const { tabId, sessionId, commands, before } = message.params;
        const tab = this.tabs.find((t) => t.tabId === tabId);
        if (!tab) throw new Error('not a tab of this run');
        this.messages++;
        this.sendReleases(before, sessionId ?? tab.sessionId);
        const id = message.id;
        const next = (i: number): void => {
          if (i === commands.length) return this.toRelay({ type: 'result', id, result: {} });
          const { method, params } = commands[i]!;
          this.commands.push({ method, at: Date.now(), signingIn: this.signingIn });
          this.forward(method, params ?? {}, sessionId ?? tab.sessionId, (answer) =>
            answer.error === undefined ? next(i + 1) : this.toRelay({ type: 'result', id, error: `${method} (${i + 1} of ${commands.length}): ${answer.error}` }));
        };
        next(0);
        return;
      } else {
        const tab = this.tabs.find((t) => t.tabId === message.params.tabId);
        if (tab) await this.send('Target.closeTarget', { targetId: tab.targetId });
        result = {};
      }
      this.toRelay({ type: 'result', id: message.id, result });
    } catch (error) {
      this.toRelay({ type: 'result', id: message.id, error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Releases ahead of a command, in order, their answers not awaited (as the extension's sendReleases). */
  private sendReleases(calls: CdpCall[] | undefined, sessionId: string): void {
    for (const { method, params } of calls ?? []) {
      if (!RELEASES.includes(method)) continue;
      this.commands.push({ method, at: Date.now(), signingIn: this.signingIn });
      this.forward(method, params ?? {}, sessionId, () => {});
    }
  }

  private readonly openers = new Map<string, string>();
  private popupOf(tab: Tab): boolean {
    return !!this.main && this.openers.get(tab.targetId) === this.main.targetId;
  }

  private fromBrowser(message: { id?: number; sessionId?: string; method?: string; params?: Record<string, unknown>; result?: unknown; error?: { message: string } }): void {
    if (message.id !== undefined && this.ordered.has(message.id)) {
      const answer = this.ordered.get(message.id)!;
      this.ordered.delete(message.id);
      answer(message.error ? { error: message.error.message } : { result: message.result });
      return;
    }
    if (message.id !== undefined) {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(message.error.message));
      else waiting?.resolve(message.result);
      return;
    }
    if (message.method === 'Target.targetCreated') {
      const info = message.params!.targetInfo as TargetInfo;
      if (info.openerId && info.type === 'page') {
        this.openers.set(info.targetId, info.openerId);
        if (this.main && info.openerId === this.main.targetId) {
          // A popup of the run's tab: attached and announced, as the extension does on onCreatedNavigationTarget.
          void this.attach(info.targetId).then(async (tab) => {
            const { targetInfo } = (await this.send('Target.getTargetInfo', { targetId: tab.targetId })) as { targetInfo: TargetInfo };
            this.toRelay({ type: 'popup', tabId: tab.tabId, targetInfo });
          }).catch(() => {
            // The popup closed before it could be attached (as chrome.debugger's attach fails then): nothing to relay.
          });
        }
      }
      return;
    }
    if (!message.sessionId || !message.method) return;
    const tab = this.tabs.find((t) => t.sessionId === message.sessionId);
    const owner = tab?.tabId ?? this.children.get(message.sessionId);
    if (owner === undefined) return;
    if (message.method === 'Target.attachedToTarget') this.children.set((message.params!.sessionId as string), owner);
    const relayed = tab ? (tab === this.main || this.popupOf(tab)) : true;
    if (!relayed) return;
    this.toRelay({ type: 'event', tabId: owner, ...(!tab && { sessionId: message.sessionId }), method: message.method, params: message.params });
  }

  async close(): Promise<void> {
    this.relay?.close();
    this.cdpSocket.close();
    if (this.browser.exitCode === null && this.browser.signalCode === null) {
      const exited = new Promise((r) => this.browser.once('exit', r));
      killGroup(this.browser);
      await exited;
    } else killGroup(this.browser);
    // Chromium's helpers (renderers, the GPU and network processes) can still write to the profile for a moment
    // after the browser is gone: a removal racing them fails with ENOTEMPTY, and a temporary folder's clean-up is
    // never a test's failure.
    try {
      rmSync(this.dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    } catch (error) {
      console.warn(`the person's browser profile ${this.dir} was not removed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
