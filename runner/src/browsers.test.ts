// The runner's browsers (browsers.ts): Chromium's sandbox is on, Chromium runs as a non-root user and without
// the runner's secrets in its environment, and no two organisations share a browser.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { BrowserPool } from './browsers.ts';

const settings = { chromiumPath: process.env.KOLLEGA_CHROMIUM_PATH || '/usr/bin/chromium', browserUser: 'nobody', idleMs: 300 };
const pool = new BrowserPool(settings);
afterAll(() => pool.closeAll());

/** The Chromium processes of this machine: their user id and environment (as root, or our own). */
function chromiumProcesses(): { pid: string; uid: number; environ: string; cmdline: string }[] {
  const found = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!/chromium/.test(cmdline) || /vitest|node /.test(cmdline)) continue;
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
      found.push({ pid, uid, cmdline, environ: readFileSync(`/proc/${pid}/environ`, 'utf8') });
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

/** Whether the process descends from this test worker (another file's pool, in another worker, does not). */
function ours(pid: string): boolean {
  for (let p = pid, hops = 0; p && p !== '1' && hops < 20; hops++) {
    if (p === String(process.pid)) return true;
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      p = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]!;
    } catch {
      return false;
    }
  }
  return false;
}

describe('a run\'s browser', () => {
  test('is sandboxed, not root, and has none of the runner\'s secrets in its environment', async () => {
    const canary = `kollega-canary-${Date.now()}`;
    process.env.KOLLEGA_SECRETS_KEY = canary;
    process.env.KOLLEGA_RUNNER_DB_URL = `postgres://kollega_runner:${canary}@127.0.0.1/x`;
    const earlier = new Set(chromiumProcesses().map((p) => p.pid));
    try {
      const browser = await pool.acquire('org-a');
      const page = await (await browser.newContext()).newPage();
      await page.goto('chrome://sandbox');
      const text = await page.locator('body').innerText();
      expect(text).toMatch(/You are adequately sandboxed/);
      expect(text).not.toMatch(/You are not adequately sandboxed/);
      // The processes this launch started (the browser and its zygotes, renderers and utilities).
      const ours = chromiumProcesses().filter((p) => !earlier.has(p.pid) && p.environ.includes('kollega-browser-'));
      expect(ours.length).toBeGreaterThan(0);
      if (process.getuid?.() === 0) expect(ours.every((p) => p.uid !== 0), 'Chromium runs as another user than root').toBe(true);
      expect(ours.some((p) => p.environ.includes(canary))).toBe(false);
      expect(ours.some((p) => / --no-sandbox/.test(p.cmdline))).toBe(false);
    } finally {
      delete process.env.KOLLEGA_SECRETS_KEY;
      delete process.env.KOLLEGA_RUNNER_DB_URL;
      pool.release('org-a');
    }
  });

  test('is one per organisation: another organisation never gets it; it closes when no run of its organisation uses it', async () => {
    // Main browser processes started by this file's BrowserPool (their HOME is a kollega-browser- directory, and they
    // descend from this worker), not the other test files' Chromiums or pools, which start and end meanwhile in other
    // workers.
    // Counted as the processes that appeared since a point, not as a total: a browser of an earlier test or file of
    // this worker may still be exiting meanwhile (a total then said 3 where 2 were expected, and 2 where 3 were).
    const mains = () => new Set(chromiumProcesses().filter((p) => p.cmdline.includes('--remote-debugging-pipe') && p.environ.includes('kollega-browser-') && ours(p.pid)).map((p) => p.pid));
    const startedSince = (earlier: Set<string>) => [...mains()].filter((pid) => !earlier.has(pid)).length;
    const a1 = await pool.acquire('org-a');
    const before = mains();
    const a2 = await pool.acquire('org-a');
    expect(a2).toBe(a1);
    expect(startedSince(before), 'the same organisation gets the same browser').toBe(0);
    const b = await pool.acquire('org-b');
    expect(b).not.toBe(a1);
    expect(startedSince(before), 'another organisation gets its own browser process').toBe(1);
    expect(pool.open().sort()).toEqual(['org-a', 'org-b']);
    pool.release('org-a');
    pool.release('org-b');
    await new Promise((r) => setTimeout(r, settings.idleMs + 300));
    expect(pool.open()).toEqual(['org-a']);
    expect(b.isConnected()).toBe(false);
    pool.release('org-a');
    await new Promise((r) => setTimeout(r, settings.idleMs + 300));
    expect(pool.open()).toEqual([]);
  });
});
