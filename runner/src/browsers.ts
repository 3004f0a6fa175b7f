// The runner's browsers (issue 21, "Browser isolation"): one Chromium per organisation, never shared across
// organisations, each sandboxed and without the runner's environment.
//
// - Sandboxed: Chromium's own sandbox is on (no --no-sandbox). It needs a non-root user, so a runner that runs
//   as root starts Chromium through a small wrapper that drops to KOLLEGA_RUNNER_BROWSER_USER (default nobody)
//   before Chromium starts; a runner that already runs as another user starts it directly.
// - Its environment holds only what Chromium needs (HOME, PATH, the locale): never the database URL or
//   KOLLEGA_SECRETS_KEY, which stay in the runner's process, where decryption happens.
// - One browser per organisation: a page of one organisation's run can never reach another organisation's
//   cookies or sessions, even through a flaw in Chromium's own context isolation. A browser no run uses is
//   closed after KOLLEGA_RUNNER_BROWSER_IDLE_MS.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type LaunchOptions } from 'playwright-core';

export const CHROMIUM_ARGS = ['--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

export type BrowserSettings = {
  chromiumPath: string;
  /** A remote browser service instead of local Chromium: one connection per organisation. */
  wsEndpoint?: string;
  /** The user Chromium runs as when the runner runs as root. */
  browserUser: string;
  /** A browser no run of its organisation uses is closed after this long. */
  idleMs: number;
};

type Sandbox = { options: LaunchOptions; dispose(): void };

/** A directory owned by `uid`, readable only by it (and root). */
function ownedDir(path: string, uid: number, gid: number): string {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  chownSync(path, uid, gid);
  return path;
}

function idOf(user: string, flag: '-u' | '-g'): number {
  const value = Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim());
  if (!Number.isInteger(value)) throw new Error(`the browser user ${user} does not exist`);
  return value;
}

/**
 * How to launch Chromium sandboxed from this process. As root: a wrapper in a fresh root-owned directory hands
 * Playwright's profile directory to the browser user and execs Chromium as that user (setpriv keeps the pipe
 * Playwright talks over); the browser's home and downloads are that user's.
 */
export function sandboxedLaunch(settings: BrowserSettings): Sandbox {
  // The runner decides when its browsers close (a SIGTERM drains runs first: worker.ts), not Playwright's own
  // signal handlers, which would close every browser at the signal and fail the runs in flight.
  const base: LaunchOptions = { headless: true, args: CHROMIUM_ARGS, chromiumSandbox: true, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false };
  const env = (home: string) => ({ HOME: home, PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8', TZ: process.env.TZ ?? 'Europe/Stockholm' });
  if (process.getuid?.() !== 0) {
    const home = mkdtempSync(join(tmpdir(), 'kollega-browser-'));
    return { options: { ...base, executablePath: settings.chromiumPath, env: env(home) }, dispose: () => rmSync(home, { recursive: true, force: true }) };
  }
  if (settings.browserUser === 'root') throw new Error('KOLLEGA_RUNNER_BROWSER_USER may not be root: Chromium\'s sandbox needs another user');
  const uid = idOf(settings.browserUser, '-u');
  const gid = idOf(settings.browserUser, '-g');
  const dir = mkdtempSync(join(tmpdir(), 'kollega-browser-'));
  chmodSync(dir, 0o711);
  const home = ownedDir(join(dir, 'home'), uid, gid);
  const downloads = ownedDir(join(dir, 'downloads'), uid, gid);
  const wrapper = join(dir, 'chromium');
  writeFileSync(
    wrapper,
    [
      '#!/bin/sh',
      '# Starts Chromium as an unprivileged user, so that its sandbox is on (written by runner/src/browsers.ts).',
      'set -e',
      'cd /',
      `for a in "$@"; do case "$a" in --user-data-dir=*) chown -R ${uid}:${gid} "\${a#--user-data-dir=}";; esac; done`,
      `exec setpriv --reuid=${uid} --regid=${gid} --clear-groups --inh-caps=-all ${JSON.stringify(settings.chromiumPath)} "$@"`,
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  return {
    options: { ...base, executablePath: wrapper, env: env(home), downloadsPath: downloads },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

type Entry = { browser?: Browser; starting?: Promise<Browser>; users: number; idle?: NodeJS.Timeout };

/** Browsers by key (an organisation's id): started on first use, shared by that key's runs only. */
export class BrowserPool {
  private readonly entries = new Map<string, Entry>();
  private sandbox: Sandbox | undefined;

  constructor(private readonly settings: BrowserSettings) {}

  /** The key's browser, started if it has none; hold it until `release`. */
  async acquire(key: string): Promise<Browser> {
    let entry = this.entries.get(key);
    if (!entry) this.entries.set(key, (entry = { users: 0 }));
    entry.users++;
    if (entry.idle) clearTimeout(entry.idle);
    entry.idle = undefined;
    try {
      if (entry.browser?.isConnected()) return entry.browser;
      entry.starting ??= this.start(key, entry).finally(() => (entry.starting = undefined));
      return await entry.starting;
    } catch (error) {
      this.release(key);
      throw error;
    }
  }

  /** One use of the key's browser ended; the browser closes once no use is left for `idleMs`. */
  release(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.users = Math.max(0, entry.users - 1);
    if (entry.users > 0 || entry.idle) return;
    entry.idle = setTimeout(() => {
      if (entry.users > 0) return;
      this.entries.delete(key);
      void entry.browser?.close().catch(() => {});
    }, this.settings.idleMs);
    entry.idle.unref();
  }

  /**
   * The key's browser no longer works (it could not open a page): it is closed and forgotten, so the next run of
   * the key starts a fresh one. Runs still using it fail with it.
   */
  async discard(key: string, browser: Browser): Promise<void> {
    const entry = this.entries.get(key);
    if (entry?.browser === browser) entry.browser = undefined;
    await browser.close().catch(() => {});
  }

  /** How many browsers are open now (by key). */
  open(): string[] {
    return [...this.entries].filter(([, e]) => e.browser?.isConnected()).map(([key]) => key);
  }

  async closeAll(): Promise<void> {
    const entries = [...this.entries.values()];
    this.entries.clear();
    for (const e of entries) if (e.idle) clearTimeout(e.idle);
    await Promise.all(entries.map((e) => e.browser?.close().catch(() => {})));
    this.sandbox?.dispose();
    this.sandbox = undefined;
  }

  private async start(key: string, entry: Entry): Promise<Browser> {
    let browser: Browser;
    if (this.settings.wsEndpoint) browser = await chromium.connectOverCDP(this.settings.wsEndpoint);
    else {
      this.sandbox ??= sandboxedLaunch(this.settings);
      browser = await chromium.launch(this.sandbox.options);
    }
    browser.on('disconnected', () => {
      if (this.entries.get(key) === entry && entry.browser === browser) entry.browser = undefined;
    });
    entry.browser = browser;
    return browser;
  }
}
