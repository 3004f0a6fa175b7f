// `npm start` (dev/start.ts) stops everything it started when SIGTERM arrives while the stack is still
// starting, and refuses to start on a port that is already held, naming the holder. Each run uses its own
// ports (KOLLEGA_PORT_OFFSET + 700) and its own data folder, so it can run beside any other stack.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './cluster.ts';

const offset = (Number(process.env.KOLLEGA_PORT_OFFSET ?? 0) || 0) + 700;
const ports = { db: 54322 + offset, auth: 54321 + offset, mail: 54324 + offset, api: 54331 + offset, web: 3000 + offset };

/** A dev/ script with this test's ports and data folder; `marker` is in the environment of everything it starts. */
function start(marker: string, script = 'dev/start.ts', args: string[] = [], fresh = true) {
  if (fresh) rmSync(join(repoRoot, '.local', marker), { recursive: true, force: true });
  // Plain node with tsx as a loader, as `npm start` runs it: the tsx launcher SIGKILLs its child when the
  // child's event loop is busy for 60 ms as a signal arrives (a synchronous initdb or psql), so nothing would be stopped.
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    env: { ...process.env, KOLLEGA_PORT_OFFSET: String(offset), KOLLEGA_STACK_DIR: marker },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, exited, output: () => output };
}

const listening = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });

/** Processes whose environment carries `marker` (what dev/start.ts and its children inherit). */
function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`KOLLEGA_STACK_DIR=${marker}`)) found.push(Number(entry));
    } catch {
      // ended meanwhile, or not ours to read
    }
  }
  return found;
}

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('dev/start.ts', () => {
  it('stops Postgres, the Auth stand-in and the api function when SIGTERM arrives while the function is starting', async () => {
    const marker = `stop-test-${process.pid}`;
    const { child, exited, output } = start(marker);
    try {
      // The Auth stand-in listens just before the api function is spawned: stop the stack right then.
      const deadline = Date.now() + 90_000;
      while (!(await listening(ports.auth))) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the stack did not get to the Auth stand-in:\n${output()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      // …and the function's Deno process exists (it takes seconds to answer): this is the moment to stop.
      const denoDeadline = Date.now() + 10_000;
      while (!processesWith(marker).some((pid) => commandOf(pid).includes('supabase/functions/api/index.ts'))) {
        if (Date.now() > denoDeadline) throw new Error(`the api function was not started:\n${output()}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await listening(ports.api), 'the function is still starting, not yet listening').toBe(false);
      const pgPid = Number(readFileSync(join(repoRoot, '.local', marker, 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0]);
      expect(alive(pgPid)).toBe(true);
      child.kill('SIGTERM');
      const code = await exited;
      expect(code, output()).toBe(0);
      expect(output()).toContain('SIGTERM: stopping');
      for (const [what, port] of Object.entries(ports)) expect(await listening(port), `${what} port ${port} still held`).toBe(false);
      expect(alive(pgPid), `postgres ${pgPid} still running`).toBe(false);
      expect(processesWith(marker)).toEqual([]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      for (const pid of processesWith(marker)) process.kill(pid, 'SIGKILL');
      rmSync(join(repoRoot, '.local', marker), { recursive: true, force: true });
    }
  }, 150_000);

  it('refuses to start on a held port and names the process holding it', async () => {
    const holder = createServer();
    await new Promise<void>((done) => holder.listen(ports.auth, '127.0.0.1', done));
    const marker = `port-test-${process.pid}`;
    try {
      const { exited, output } = start(marker);
      expect(await exited).toBe(1);
      expect(output()).toMatch(new RegExp(`Port ${ports.auth} \\(Auth stand-in\\) is already in use by .*pid=${process.pid}\\b`));
      expect(existsSync(join(repoRoot, '.local', marker, 'pgdata', 'postmaster.pid'))).toBe(false);
      expect(processesWith(marker)).toEqual([]);
    } finally {
      await new Promise((done) => holder.close(done));
      rmSync(join(repoRoot, '.local', marker), { recursive: true, force: true });
    }
  }, 60_000);

  it('db:reset (--reset) refuses while the cluster runs and keeps its data', async () => {
    const marker = `reset-test-${process.pid}`;
    const pgdata = join(repoRoot, '.local', marker, 'pgdata');
    mkdirSync(pgdata, { recursive: true });
    // A running postmaster's pid file (this test's own, live pid stands in for it).
    writeFileSync(join(pgdata, 'postmaster.pid'), `${process.pid}\n${pgdata}\n`);
    try {
      const running = start(marker, 'dev/start.ts', ['--reset'], false);
      expect(await running.exited).toBe(1);
      expect(running.output()).toContain(`The local database is running (postgres pid ${process.pid})`);
      expect(existsSync(join(pgdata, 'postmaster.pid'))).toBe(true);
      rmSync(join(pgdata, 'postmaster.pid'));
      const stopped = start(marker, 'dev/start.ts', ['--reset'], false);
      expect(await stopped.exited).toBe(0);
      expect(existsSync(join(repoRoot, '.local', marker))).toBe(false);
    } finally {
      rmSync(join(repoRoot, '.local', marker), { recursive: true, force: true });
    }
  });
});

describe('dev/test.ts', () => {
  it('fails when the filter matches no suite, and lists the suites', async () => {
    const { exited, output } = start(`filter-test-${process.pid}`, 'dev/test.ts', ['no-such-suite-xyz'], false);
    expect(await exited).toBe(1);
    expect(output()).toContain('No test suite matches "no-such-suite-xyz". Suites:');
    for (const name of ['typecheck: web, shared schemas, tooling', 'pgTAP', 'api function', 'end-to-end']) expect(output()).toContain(name);
  }, 60_000);
});
