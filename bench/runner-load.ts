// Runner load benchmark: several runner processes on one queue, a burst of real runs, and a runner that dies.
//
//   npx tsx bench/runner-load.ts [--runs 200] [--runners 2] [--concurrency 2] [--probe 10] [--fair 1000]
//                                [--after-kill 10] [--faults 200] [--long-wait-ms 120000] [--timeout-min 15]
//                                [--out bench/results/runner-load.json]
//
// 1. Starts its own fresh test-profile stack (ports shifted by KOLLEGA_PORT_OFFSET, default 5000; data in
//    .local/$KOLLEGA_STACK_DIR, default bench-runner) WITHOUT the stack's runner, the local test sites, and then
//    --runners runner processes (`tsx runner/src/main.ts`, each its own KOLLEGA_RUNNER_ID and process group,
//    output in .local/<stack dir>-logs/), all on the stack's database as role kollega_runner.
// 2. Load: one workflow per seeded organisation (the enter-submit recording of runner/test/recordings, its typed
//    value replaced by {{input.tag}}, so the page's report names the run), --runs × app.start_run as fast as
//    8 connections go, alternating the organisations; waits until every run has ended. Checks that each run
//    completed, was executed exactly once (one attempt; its steps seq 0…n-1 once each, every step index once;
//    one queue job) and that the test page received each run's tag exactly once; none lost, none left pending or
//    running. Measures runs/min, queue → first step, claim, execution and end-to-end times, runs per runner,
//    and the CPU time of runners (with their Chromium), Postgres and this process against the whole machine's.
// 3. Probe: --probe runs one after another on the idle queue (queue → first step without a backlog).
// 3b. Fairness: --fair runs of organisation A enqueued at once (a backlog), then one run of organisation B: B's
//    run must be claimed within 30 s (queue → claim), however long A's backlog (AUTOMATION "Fair."; A may use
//    every slot but one, its organisation's run_concurrency, and the queue puts B's first run before A's
//    second and later ones). A's runs
//    not yet started are then stopped (so the benchmark does not wait for the whole backlog); those under way
//    finish.
// 4. Kill: a long run (navigate, then a --long-wait-ms wait step); once it is in its wait on runner A, SIGKILL
//    A's process group (and then A's Chromium, which Playwright starts in a group of its own): a crash, no
//    cleanup. Measures how long until the run is failed/runner_lost (must be < 60 s: lease 45 s + a sweep every
//    5 s by a surviving runner), and enqueues --after-kill short runs right after the kill, which the surviving
//    runner(s) must complete (exactly once, as above).
// 4b. Faults (--faults N, 0 skips it): N short runs on two fresh runners (lease 8 s) while runners are SIGKILLed,
//    frozen past their lease, lose their Chromium, are drained with SIGTERM, and Postgres restarts; each run's
//    effect on the test page happens at most once (exactly once when it completed), none stuck, and a run fails
//    only because of a fault on its runner (see faultPhase below; KOLLEGA_FAULT_SEED repeats an order).
// 5. Writes the figures as JSON (--out) and prints a summary. Exit code 1 when an invariant is violated, 2 when
//    the harness itself fails or the overall timeout (--timeout-min) hits. Runners, stack and sites are stopped
//    in every case (also on SIGINT/SIGTERM).
//
// Only localhost traffic: the runs visit the test sites on 127.0.0.1; nothing else is started.

process.env.KOLLEGA_PORT_OFFSET ??= '5000';
process.env.KOLLEGA_STACK_DIR ??= 'bench-runner';

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { loadRecording } from '../runner/test/cases.ts';
import { startSites, type Sites } from '../runner/test/sites/server.ts';
import { pgBinDir } from '../dev/lib/cluster.ts';
import { definitionSchema } from '../supabase/functions/_shared/schemas/definition.ts';

// dev/lib/config.ts computes the ports when it is imported: only after the environment above is set.
const { createStack } = await import('../dev/lib/stack.ts');
type Stack = Awaited<ReturnType<ReturnType<typeof createStack>['start']>>;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// ---------------------------------------------------------------------------------------------------------
// Options

type Options = {
  runs: number;
  runners: number;
  concurrency: number;
  probe: number;
  fair: number;
  afterKill: number;
  faults: number;
  longWaitMs: number;
  timeoutMin: number;
  out: string;
};

function parseArgs(argv: string[]): Options {
  const o: Options = { runs: 200, runners: 2, concurrency: 2, probe: 10, fair: 1000, afterKill: 10, faults: 200, longWaitMs: 120_000, timeoutMin: 15, out: 'bench/results/runner-load.json' };
  const ints: Record<string, keyof Options> = {
    '--runs': 'runs',
    '--runners': 'runners',
    '--concurrency': 'concurrency',
    '--probe': 'probe',
    '--fair': 'fair',
    '--after-kill': 'afterKill',
    '--faults': 'faults',
    '--long-wait-ms': 'longWaitMs',
    '--timeout-min': 'timeoutMin',
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = argv[i + 1];
    if (arg === '--out' && value) {
      o.out = value;
      i++;
    } else if (ints[arg] && value !== undefined && /^\d+$/.test(value)) {
      (o[ints[arg]] as number) = Number(value);
      i++;
    } else {
      throw new Error(`unknown or incomplete argument: ${arg} (see the head of bench/runner-load.ts)`);
    }
  }
  if (o.runs < 1 || o.runners < 1 || o.concurrency < 1) throw new Error('--runs, --runners and --concurrency must be ≥ 1');
  if (o.runners < 2 && o.afterKill > 0) throw new Error('the kill test needs a surviving runner: --runners ≥ 2 (or --after-kill 0 to skip it)');
  if (o.longWaitMs > 300_000) throw new Error('--long-wait-ms is at most 300000 (a wait step’s maximum)');
  return o;
}

const opts = parseArgs(process.argv.slice(2));
const LEASE_MS = 45_000;
const HEARTBEAT_MS = 10_000;
/** The kill test's bound: a lost run must have failed within this long after its runner died. */
const LOST_BOUND_MS = 60_000;
const SEEDED = [
  { organization: '10000000-0000-4000-8000-000000000001', admin: 'a0000000-0000-4000-8000-000000000001' },
  { organization: '10000000-0000-4000-8000-000000000002', admin: 'a0000000-0000-4000-8000-000000000005' },
];
const SITE_CASE = 'enter-submit';

// ---------------------------------------------------------------------------------------------------------
// Small helpers

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const say = (m: string) => console.log(`[bench ${elapsed()}] ${m}`);

/** Nearest-rank percentile of the values (ms), null when there are none. */
function pct(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
const round = (v: number | null, digits = 0) => (v === null ? null : Number(v.toFixed(digits)));
function summary(values: number[]) {
  return {
    n: values.length,
    p50: round(pct(values, 50)),
    p95: round(pct(values, 95)),
    max: round(values.length ? Math.max(...values) : null),
    min: round(values.length ? Math.min(...values) : null),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Processes: the tree below a pid and its CPU time, read from /proc

type Proc = { pid: number; ppid: number; pgrp: number; comm: string; state: string; start: number; ownTicks: number; childTicks: number };

function readProcs(): Map<number, Proc> {
  const procs = new Map<number, Proc>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const f = stat.slice(close + 2).split(' '); // f[0] is field 3 (state)
      procs.set(Number(name), {
        pid: Number(name),
        ppid: Number(f[1]),
        pgrp: Number(f[2]),
        comm,
        state: f[0]!,
        ownTicks: Number(f[11]) + Number(f[12]),
        childTicks: Number(f[13]) + Number(f[14]),
        start: Number(f[19]),
      });
    } catch {
      // the process ended while we read
    }
  }
  return procs;
}

/** The process and all its live descendants. */
function tree(root: number, procs = readProcs()): Proc[] {
  const children = new Map<number, Proc[]>();
  for (const p of procs.values()) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const out: Proc[] = [];
  const stack = procs.has(root) ? [procs.get(root)!] : [];
  while (stack.length) {
    const p = stack.pop()!;
    out.push(p);
    stack.push(...(children.get(p.pid) ?? []));
  }
  return out;
}

/** CPU ticks of a set of processes including the children they reaped (cutime): Σ later − Σ earlier is the CPU used in between. */
const ticksOf = (ps: Proc[]) => ps.reduce((sum, p) => sum + p.ownTicks + p.childTicks, 0);

const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** Machine-wide busy and total ticks (all cores) from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = line.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = line[3]! + line[4]!;
  return { busy: total - idle, total };
}

/** Still running (not a zombie: PID 1 of this machine does not reap the orphans of a killed group at once). */
function sameProcessAlive(p: Proc): boolean {
  const now = readProcs().get(p.pid);
  return !!now && now.start === p.start && now.state !== 'Z' && now.state !== 'X';
}

// ---------------------------------------------------------------------------------------------------------
// Runner processes

type RunnerProcess = { id: string; child: ChildProcess; logFile: string; exited: Promise<void>; killed: boolean };

const STACK_NAME = process.env.KOLLEGA_STACK_DIR!;
const logDir = join(repoRoot, '.local', `${STACK_NAME}-logs`);

function startRunnerProcess(index: number, dbUrl: string, o: { prefix?: string; leaseMs?: number; heartbeatMs?: number; drainMs?: number } = {}): RunnerProcess {
  const id = `${o.prefix ?? 'bench-runner'}-${index}`;
  const logFile = join(logDir, `${id}.log`);
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'runner/src/main.ts'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', fd, fd],
    env: {
      ...process.env,
      KOLLEGA_RUNNER_DB_URL: dbUrl,
      KOLLEGA_RUNNER_ID: id,
      KOLLEGA_RUNNER_ALLOW_PRIVATE: 'true',
      KOLLEGA_RUNNER_CONCURRENCY: String(opts.concurrency),
      KOLLEGA_RUNNER_HEARTBEAT_MS: String(o.heartbeatMs ?? HEARTBEAT_MS),
      KOLLEGA_RUNNER_LEASE_MS: String(o.leaseMs ?? LEASE_MS),
      ...(o.drainMs !== undefined && { KOLLEGA_RUNNER_DRAIN_MS: String(o.drainMs) }),
    },
  });
  closeSync(fd);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return { id, child, logFile, exited, killed: false };
}

async function waitReady(r: RunnerProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (r.child.exitCode !== null || r.child.signalCode !== null) throw new Error(`${r.id} exited (${r.child.exitCode ?? r.child.signalCode}); see ${r.logFile}`);
    if (readFileSync(r.logFile, 'utf8').includes(`${r.id} ready`)) return;
    await sleep(200);
  }
  throw new Error(`${r.id} was not ready within ${timeoutMs / 1000} s; see ${r.logFile}`);
}

/** SIGTERM to the runner's group (it ends its runs and closes its browser), SIGKILL after a grace; then its leftover processes. */
async function stopRunner(r: RunnerProcess, graceMs = 10_000): Promise<void> {
  const pid = r.child.pid;
  if (pid === undefined) return;
  const family = tree(pid);
  if (r.child.exitCode === null && r.child.signalCode === null) {
    try { process.kill(-pid, 'SIGTERM'); } catch { /* gone */ }
    const timer = setTimeout(() => { try { process.kill(-pid, 'SIGKILL'); } catch { /* gone */ } }, graceMs);
    await r.exited;
    clearTimeout(timer);
  }
  try { process.kill(-pid, 'SIGKILL'); } catch { /* gone */ }
  for (const p of family) if (sameProcessAlive(p)) try { process.kill(p.pid, 'SIGKILL'); } catch { /* gone */ }
}

// ---------------------------------------------------------------------------------------------------------
// Cleanup: always, once

let stackHandle: ReturnType<typeof createStack> | undefined;
let sites: Sites | undefined;
let db: postgres.Sql | undefined;
const runners: RunnerProcess[] = [];
let cleaning: Promise<void> | undefined;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.all(runners.map((r) => stopRunner(r).catch((e) => say(`stopping ${r.id}: ${e instanceof Error ? e.message : e}`))));
    await db?.end({ timeout: 2 }).catch(() => {});
    await stackHandle?.stop().catch((e) => say(`stopping the stack: ${e instanceof Error ? e.message : e}`));
    stopRestartedPostgres();
    await sites?.close().catch(() => {});
  })();
  return cleaning;
}

let exiting = false;
async function exitWith(code: number, why?: string) {
  if (exiting) return;
  exiting = true;
  if (why) say(why);
  await cleanup();
  process.exit(code);
}
process.on('SIGINT', () => void exitWith(130, 'SIGINT: stopping runners, stack and sites'));
process.on('SIGTERM', () => void exitWith(143, 'SIGTERM: stopping runners, stack and sites'));
// Whatever goes wrong, the runners, the stack (and a Postgres that the fault suite restarted) are stopped.
process.on('unhandledRejection', (error) => {
  console.error(error);
  void exitWith(2, 'an unhandled error: stopping runners, stack and sites');
});
const hardTimeout = setTimeout(() => void exitWith(2, `overall timeout of ${opts.timeoutMin} min: stopping everything`), opts.timeoutMin * 60_000);
hardTimeout.unref();

// ---------------------------------------------------------------------------------------------------------
// Workflows and runs

/** The enter-submit recording (6 steps), typing the run's {{input.tag}}: the page posts {query: tag} once. */
function shortDefinition(origin: string) {
  const rec = loadRecording(SITE_CASE, origin);
  const steps = rec.steps.map((s, i) => ({ id: `s${i + 1}`, ...s, ...(s.type === 'change' ? { value: '{{input.tag}}' } : {}) }));
  if (!rec.steps.some((s) => s.type === 'change')) throw new Error('the enter-submit recording has no change step');
  return definitionSchema.parse({ version: 1, steps });
}

function longDefinition(origin: string, waitMs: number) {
  return definitionSchema.parse({
    version: 1,
    steps: [
      { id: 's1', type: 'navigate', url: `${origin}/${SITE_CASE}/` },
      { id: 's2', type: 'wait', ms: waitMs, description: 'Long wait (the runner is killed during it)' },
    ],
  });
}

async function asUser<T>(sql: postgres.Sql, admin: string, fn: (tx: postgres.TransactionSql) => Promise<T>): Promise<T> {
  return sql.begin(async (tx) => {
    await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${JSON.stringify({ sub: admin, role: 'authenticated' })}, true)`;
    return fn(tx);
  }) as Promise<T>;
}

async function createWorkflow(sql: postgres.Sql, admin: string, name: string, definition: unknown): Promise<string> {
  return asUser(sql, admin, async (tx) => {
    const [w] = await tx<{ id: string }[]>`insert into public.workflows (name, status, is_active) values (${name}, 'active', true) returning id`;
    await tx`select app.save_workflow_definition(${w!.id}, ${tx.json(definition as postgres.JSONValue)}, 'import', null)`;
    return w!.id;
  });
}

async function startRun(sql: postgres.Sql, admin: string, workflowId: string, inputs: Record<string, string>): Promise<string> {
  return asUser(sql, admin, async (tx) => {
    const [{ run }] = await tx<{ run: string }[]>`select app.start_run(${workflowId}, ${tx.json(inputs)}, false) as run`;
    return run;
  });
}

type RunRow = {
  id: string;
  status: string;
  error_type: string | null;
  error_message: string | null;
  attempt: number;
  runner_id: string | null;
  step_count: number;
  inputs: Record<string, string>;
  created_ms: number;
  started_ms: number | null;
  finished_ms: number | null;
  first_step_ms: number | null;
  steps: number;
  distinct_seq: number;
  distinct_index: number;
  min_seq: number | null;
  max_seq: number | null;
  max_step_attempt: number | null;
  not_passed: number;
  jobs: number;
};

async function readRuns(sql: postgres.Sql, ids: string[]): Promise<RunRow[]> {
  return sql<RunRow[]>`
    select r.id, r.status::text, r.error_type, r.error_message, r.attempt, r.runner_id, r.step_count, r.inputs,
           extract(epoch from r.created_at) * 1000 as created_ms,
           extract(epoch from r.started_at) * 1000 as started_ms,
           extract(epoch from r.finished_at) * 1000 as finished_ms,
           (select extract(epoch from s.started_at) * 1000 from public.run_steps s where s.run_id = r.id and s.attempt = r.attempt and s.seq = 0) as first_step_ms,
           s.steps, s.distinct_seq, s.distinct_index, s.min_seq, s.max_seq, s.max_step_attempt, s.not_passed,
           (select count(*) from pgboss.job j where j.name = 'run-workflow' and j.data ->> 'runId' = r.id::text)::int
             + (select count(*) from pgboss.archive j where j.name = 'run-workflow' and j.data ->> 'runId' = r.id::text)::int as jobs
    from public.runs r
    cross join lateral (
      select count(*)::int as steps, count(distinct (s.attempt, s.seq))::int as distinct_seq,
             count(distinct s.step_index)::int as distinct_index, min(s.seq) as min_seq, max(s.seq) as max_seq,
             max(s.attempt) as max_step_attempt, count(*) filter (where s.status <> 'passed')::int as not_passed
      from public.run_steps s where s.run_id = r.id
    ) s
    where r.id = any(${ids}::uuid[])`.then((rows) =>
    rows.map((r) => ({
      ...r,
      created_ms: Number(r.created_ms),
      started_ms: r.started_ms === null ? null : Number(r.started_ms),
      finished_ms: r.finished_ms === null ? null : Number(r.finished_ms),
      first_step_ms: r.first_step_ms === null ? null : Number(r.first_step_ms),
    })),
  );
}

/** Polls until none of the runs is pending, running or paused, or the deadline passes; returns the last counts. */
async function waitEnded(sql: postgres.Sql, ids: string[], timeoutMs: number, what: string): Promise<Record<string, number>> {
  const deadline = Date.now() + timeoutMs;
  let lastLog = 0;
  for (;;) {
    const rows = await sql<{ status: string; n: number }[]>`select status::text, count(*)::int as n from public.runs where id = any(${ids}::uuid[]) group by status`;
    const counts = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    const open = (counts.pending ?? 0) + (counts.running ?? 0) + (counts.paused ?? 0);
    if (Date.now() - lastLog > 10_000) {
      say(`${what}: ${JSON.stringify(counts)}`);
      lastLog = Date.now();
    }
    if (!open || Date.now() > deadline) return counts;
    await sleep(250);
  }
}

/** The invariants of a set of short runs that must all have completed, exactly once, and reported their tag to the page once. */
function checkShortRuns(rows: RunRow[], ids: string[], stepCount: number, tags: string[], posted: string[], label: string) {
  const violations: string[] = [];
  const found = new Set(rows.map((r) => r.id));
  const lost = ids.filter((id) => !found.has(id));
  if (lost.length) violations.push(`${label}: ${lost.length} run(s) lost (no row): ${lost.slice(0, 5).join(', ')}`);
  const stuck = rows.filter((r) => ['pending', 'running', 'paused'].includes(r.status));
  if (stuck.length) violations.push(`${label}: ${stuck.length} run(s) stuck: ${stuck.slice(0, 5).map((r) => `${r.id} ${r.status} on ${r.runner_id ?? '–'}`).join('; ')}`);
  const failed = rows.filter((r) => r.status === 'failed');
  if (failed.length) violations.push(`${label}: ${failed.length} run(s) failed: ${failed.slice(0, 5).map((r) => `${r.id} ${r.error_type}: ${(r.error_message ?? '').slice(0, 160)}`).join('; ')}`);
  const notOnce = rows.filter(
    (r) => r.attempt !== 1 || r.max_step_attempt !== 1 || r.steps !== stepCount || r.distinct_seq !== stepCount || r.distinct_index !== stepCount || r.min_seq !== 0 || r.max_seq !== stepCount - 1,
  );
  if (notOnce.length) {
    violations.push(
      `${label}: ${notOnce.length} run(s) not executed exactly once (steps ≠ ${stepCount} or seq not 0…${stepCount - 1} once each): ` +
        notOnce.slice(0, 5).map((r) => `${r.id} attempt ${r.attempt} steps ${r.steps} distinct seq ${r.distinct_seq} seq ${r.min_seq}…${r.max_seq}`).join('; '),
    );
  }
  const notPassed = rows.filter((r) => r.status === 'completed' && r.not_passed > 0);
  if (notPassed.length) violations.push(`${label}: ${notPassed.length} completed run(s) with a step not passed`);
  const jobs = rows.filter((r) => r.jobs !== 1);
  if (jobs.length) violations.push(`${label}: ${jobs.length} run(s) with a queue job count ≠ 1: ${jobs.slice(0, 5).map((r) => `${r.id} ${r.jobs}`).join('; ')}`);
  // The page's side: every tag exactly once, nothing else.
  const counts = new Map<string, number>();
  for (const p of posted) counts.set(p, (counts.get(p) ?? 0) + 1);
  const missing = tags.filter((t) => !counts.has(t));
  const twice = [...counts].filter(([, n]) => n > 1).map(([t, n]) => `${t}×${n}`);
  const foreign = [...counts.keys()].filter((t) => !tags.includes(t));
  if (posted.length !== tags.length || missing.length || twice.length || foreign.length) {
    violations.push(
      `${label}: the page received ${posted.length} result(s) for ${tags.length} run(s)` +
        (missing.length ? `; missing ${missing.length} (${missing.slice(0, 5).join(', ')})` : '') +
        (twice.length ? `; more than once: ${twice.slice(0, 5).join(', ')}` : '') +
        (foreign.length ? `; unknown: ${foreign.slice(0, 5).join(', ')}` : ''),
    );
  }
  return {
    violations,
    counts: {
      runs: ids.length,
      rows: rows.length,
      completed: rows.filter((r) => r.status === 'completed').length,
      failed: failed.length,
      stuck: stuck.length,
      lost: lost.length,
      notExactlyOnce: notOnce.length,
      pageResults: posted.length,
      pageDistinct: counts.size,
    },
  };
}

function timings(rows: RunRow[]) {
  const done = rows.filter((r) => r.finished_ms !== null);
  return {
    queueToFirstStepMs: summary(done.filter((r) => r.first_step_ms !== null).map((r) => r.first_step_ms! - r.created_ms)),
    queueToClaimMs: summary(done.filter((r) => r.started_ms !== null).map((r) => r.started_ms! - r.created_ms)),
    executionMs: summary(done.filter((r) => r.started_ms !== null).map((r) => r.finished_ms! - r.started_ms!)),
    endToEndMs: summary(done.map((r) => r.finished_ms! - r.created_ms)),
  };
}

function perRunner(rows: RunRow[]) {
  const out: Record<string, number> = {};
  for (const r of rows) out[r.runner_id ?? '(none)'] = (out[r.runner_id ?? '(none)'] ?? 0) + 1;
  return Object.fromEntries(Object.entries(out).sort());
}

// ---------------------------------------------------------------------------------------------------------
// CPU accounting over a window

function postmasterPid(): number | undefined {
  try {
    return Number(readFileSync(join(repoRoot, '.local', STACK_NAME, 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}

type CpuSnapshot = { at: number; machine: { busy: number; total: number }; runnerNode: number; chromium: number; postgres: number; bench: number; load: number[] };

function cpuSnapshot(): CpuSnapshot {
  const procs = readProcs();
  const pm = postmasterPid();
  const self = process.cpuUsage();
  const family = runners.flatMap((r) => (r.child.pid ? tree(r.child.pid, procs) : []));
  const isChromium = (p: Proc) => p.comm.startsWith('chrom');
  return {
    at: Date.now(),
    machine: machineTicks(),
    // tsx, the runner's node and tsx's esbuild; Chromium (browser, zygotes, GPU/network services, renderers it reaped).
    runnerNode: ticksOf(family.filter((p) => !isChromium(p))),
    chromium: ticksOf(family.filter(isChromium)),
    postgres: pm ? ticksOf(tree(pm, procs)) : 0,
    bench: (self.user + self.system) / 1e6 * CLK_TCK,
    load: loadavg(),
  };
}

function cpuWindow(a: CpuSnapshot, b: CpuSnapshot) {
  const seconds = (b.at - a.at) / 1000;
  const cores = cpus().length;
  const sec = (ticks: number) => round(ticks / CLK_TCK, 1)!;
  const machineBusy = b.machine.busy - a.machine.busy;
  const machineTotal = b.machine.total - a.machine.total;
  const nodeT = b.runnerNode - a.runnerNode;
  const chromiumT = b.chromium - a.chromium;
  const runnersT = nodeT + chromiumT;
  const postgresT = b.postgres - a.postgres;
  const benchT = b.bench - a.bench;
  return {
    wallSeconds: round(seconds, 1),
    cores,
    machineBusyShare: round(machineBusy / machineTotal, 3),
    cpuSeconds: {
      machine: sec(machineBusy),
      runnersWithChromium: sec(runnersT),
      runnerNode: sec(nodeT),
      chromium: sec(chromiumT),
      postgres: sec(postgresT),
      benchProcess: sec(benchT),
      everythingElse: sec(Math.max(0, machineBusy - runnersT - postgresT - benchT)),
    },
    loadAverageAtEnd: b.load.map((l) => round(l, 2)),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Main

type Result = Record<string, unknown>;

async function main(): Promise<number> {
  const result: Result = {};
  const violations: string[] = [];
  const command = `npx tsx bench/runner-load.ts ${process.argv.slice(2).join(' ')}`.trim();

  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  const stackLog = join(logDir, 'stack.log');
  const stackLogLine = (line: string) => writeFileSync(stackLog, `${line}\n`, { flag: 'a' });

  say(`starting the stack (.local/${STACK_NAME}, port offset ${process.env.KOLLEGA_PORT_OFFSET}) and the test sites`);
  const tStack = Date.now();
  stackHandle = createStack({ profile: 'test', fresh: true, web: 'none', runner: false, log: stackLogLine });
  sites = await startSites();
  const stack: Stack = await stackHandle.start();
  const stackSeconds = (Date.now() - tStack) / 1000;
  db = postgres(stack.urls.db, { max: 8, onnotice: () => {}, prepare: false });
  const sql = db;
  // Both seeded organisations are used, and each may use every runner: the per-organisation limit is not what is measured.
  await sql`update public.organizations set run_concurrency = ${opts.runners * opts.concurrency}, run_starts_per_minute = 10000
            where id = any(${SEEDED.map((s) => s.organization)})`;
  // Every run here works on the one local site: its per-site cap (organization_settings.site_concurrency) is
  // raised with the organisation's limit, as a customer with that many runs on their own system would.
  await sql`insert into public.organization_settings (organization_id, site_concurrency)
            select unnest(${SEEDED.map((s) => s.organization)}::uuid[]), least(100, ${opts.runners * opts.concurrency})
            on conflict (organization_id) do update set site_concurrency = excluded.site_concurrency`;

  const [{ version: pgVersion }] = await sql<{ version: string }[]>`select version()`;
  const chromiumVersion = spawnSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).stdout.trim();
  result.machine = {
    cpu: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    node: process.version,
    postgres: pgVersion.split(',')[0],
    chromium: chromiumVersion,
    loadAverageAtStart: loadavg().map((l) => round(l, 2)),
    note: 'shared machine: other engineers’ builds, tests and browsers run on the same 2 cores',
  };
  result.command = command;
  result.startedAt = new Date(t0).toISOString();
  result.config = { ...opts, leaseMs: LEASE_MS, heartbeatMs: HEARTBEAT_MS, perOrganizationLimit: opts.runners * opts.concurrency, sweepEveryMs: Math.min(5_000, LEASE_MS / 3), site: SITE_CASE };

  say(`starting ${opts.runners} runner(s), ${opts.concurrency} run(s) at a time each; logs in ${logDir}`);
  for (let i = 1; i <= opts.runners; i++) runners.push(startRunnerProcess(i, stack.urls.runnerDb));
  await Promise.all(runners.map((r) => waitReady(r, 90_000)));
  result.phases = { stackStartSeconds: round(stackSeconds, 1), runnersReadySeconds: round((Date.now() - tStack) / 1000 - stackSeconds, 1) };

  const short = shortDefinition(sites.origin);
  const stepCount = short.steps.length;
  const workflows = await Promise.all(SEEDED.map((s, i) => createWorkflow(sql, s.admin, `Bench load ${i + 1}`, short)));
  const posted = () => sites!.results(SITE_CASE).map((v) => (v as { query?: string }).query ?? JSON.stringify(v));

  // ---- Load ------------------------------------------------------------------------------------------
  say(`load: enqueueing ${opts.runs} runs of a ${stepCount}-step workflow (${SITE_CASE}) over ${SEEDED.length} organisations`);
  const before = cpuSnapshot();
  const tags = Array.from({ length: opts.runs }, (_, i) => `load-${String(i + 1).padStart(4, '0')}`);
  const tEnqueue = Date.now();
  const loadIds = await Promise.all(tags.map((tag, i) => startRun(sql, SEEDED[i % SEEDED.length]!.admin, workflows[i % SEEDED.length]!, { tag })));
  const enqueueMs = Date.now() - tEnqueue;
  say(`load: ${opts.runs} runs enqueued in ${enqueueMs} ms`);
  const loadBudgetMs = Math.max(180_000, opts.runs * 4_000);
  const endCounts = await waitEnded(sql, loadIds, loadBudgetMs, 'load');
  const after = cpuSnapshot();
  await sleep(1_000); // a request that the page sent as the run ended has arrived by now
  const loadRows = await readRuns(sql, loadIds);
  const loadPosted = posted().filter((t) => t.startsWith('load-'));
  const loadCheck = checkShortRuns(loadRows, loadIds, stepCount, tags, loadPosted, 'load');
  violations.push(...loadCheck.violations);
  const firstCreated = Math.min(...loadRows.map((r) => r.created_ms));
  const lastFinished = Math.max(...loadRows.filter((r) => r.finished_ms !== null).map((r) => r.finished_ms!));
  const finishedSorted = loadRows.filter((r) => r.finished_ms !== null).map((r) => r.finished_ms!).sort((a, b) => a - b);
  // Steady state: between the 10th and the 90th finished run (browser start-up and the tail left out).
  const i10 = Math.floor(finishedSorted.length * 0.1);
  const i90 = Math.ceil(finishedSorted.length * 0.9) - 1;
  const steady = i90 > i10 ? ((i90 - i10) / (finishedSorted[i90]! - finishedSorted[i10]!)) * 60_000 : null;
  const wallMs = lastFinished - firstCreated;
  result.load = {
    runs: opts.runs,
    stepsPerRun: stepCount,
    statusAtEnd: endCounts,
    enqueue: { ms: enqueueMs, runsPerSecond: round((opts.runs / enqueueMs) * 1000, 1) },
    wallSeconds: round(wallMs / 1000, 1),
    runsPerMinute: round((loadCheck.counts.completed / wallMs) * 60_000, 1),
    runsPerMinuteSteady10to90: round(steady, 1),
    ...timings(loadRows),
    perRunner: perRunner(loadRows),
    checks: loadCheck.counts,
    cpu: cpuWindow(before, after),
  };
  const loadCpu = (result.load as { cpu: ReturnType<typeof cpuWindow> }).cpu.cpuSeconds;
  Object.assign(result.load as object, {
    cpuSecondsPerRun: {
      chromium: round(loadCpu.chromium / Math.max(1, loadCheck.counts.completed), 2),
      runnerNode: round(loadCpu.runnerNode / Math.max(1, loadCheck.counts.completed), 2),
      postgres: round(loadCpu.postgres / Math.max(1, loadCheck.counts.completed), 3),
    },
  });
  say(`load: ${JSON.stringify(result.load)}`);

  // ---- Probe: one run at a time on an idle queue ---------------------------------------------------------
  const probeRows: RunRow[] = [];
  if (opts.probe > 0) {
    say(`probe: ${opts.probe} runs one after another`);
    const probeTags = Array.from({ length: opts.probe }, (_, i) => `probe-${String(i + 1).padStart(3, '0')}`);
    const probeIds: string[] = [];
    for (const [i, tag] of probeTags.entries()) {
      const id = await startRun(sql, SEEDED[i % SEEDED.length]!.admin, workflows[i % SEEDED.length]!, { tag });
      probeIds.push(id);
      await waitEnded(sql, [id], 60_000, `probe ${tag}`);
      await sleep(300);
    }
    await sleep(700);
    probeRows.push(...(await readRuns(sql, probeIds)));
    const probeCheck = checkShortRuns(probeRows, probeIds, stepCount, probeTags, posted().filter((t) => t.startsWith('probe-')), 'probe');
    violations.push(...probeCheck.violations);
    result.probe = { runs: opts.probe, ...timings(probeRows), perRunner: perRunner(probeRows), checks: probeCheck.counts };
    say(`probe: ${JSON.stringify(result.probe)}`);
  }

  // ---- Fairness: A's backlog does not hold up B's run ---------------------------------------------------
  const fairIds: string[] = [];
  if (opts.fair > 0) {
    // A may use every slot but one (its run_concurrency): what an organisation's limit is for. The order of the
    // queue (each organisation's first waiting run before anyone's second) is shown by how many of A's started
    // before B's.
    const slotsTotal = opts.runners * opts.concurrency;
    const aLimit = Math.max(1, slotsTotal - 1);
    await sql`update public.organizations set run_concurrency = ${aLimit} where id = ${SEEDED[0]!.organization}`;
    say(`fair: ${opts.fair} runs of organisation A (at most ${aLimit} at once) enqueued at once, then one run of B`);
    const aTags = Array.from({ length: opts.fair }, (_, i) => `fair-a-${String(i + 1).padStart(5, '0')}`);
    const tFair = Date.now();
    for (let i = 0; i < aTags.length; i += 100) {
      fairIds.push(...(await Promise.all(aTags.slice(i, i + 100).map((tag) => startRun(sql, SEEDED[0]!.admin, workflows[0]!, { tag })))));
    }
    const backlogEnqueueMs = Date.now() - tFair;
    // A's runners are busy with A's backlog now.
    await sleep(1_000);
    const bId = await startRun(sql, SEEDED[1]!.admin, workflows[1]!, { tag: 'fair-b-00001' });
    fairIds.push(bId);
    await waitEnded(sql, [bId], 120_000, 'fair: B');
    const [b] = await readRuns(sql, [bId]);
    const [{ aStarted, aPending }] = await sql<{ aStarted: number; aPending: number }[]>`
      select count(*) filter (where started_at is not null and started_at <= (select started_at from public.runs where id = ${bId}))::int as "aStarted",
             count(*) filter (where status = 'pending')::int as "aPending"
      from public.runs where id = any(${fairIds.slice(0, -1)}::uuid[])`;
    // Stop what of A has not started, let what is under way finish.
    await sql`update public.runs set status = 'failed', error_type = 'stopped', finished_at = now()
              where id = any(${fairIds.slice(0, -1)}::uuid[]) and status = 'pending'`;
    await waitEnded(sql, fairIds, 180_000, 'fair: A under way');
    await sql`update public.organizations set run_concurrency = ${slotsTotal} where id = ${SEEDED[0]!.organization}`;
    const claimMs = b!.started_ms !== null ? Math.round(b!.started_ms - b!.created_ms) : null;
    if (b!.status !== 'completed') violations.push(`fair: B's run ended ${b!.status} (${b!.error_type ?? ''})`);
    if (claimMs === null || claimMs > 30_000) violations.push(`fair: B's run waited ${claimMs} ms for a runner behind A's backlog of ${opts.fair} (bound 30000 ms)`);
    result.fair = {
      backlog: opts.fair,
      backlogEnqueueMs,
      bQueueToClaimMs: claimMs,
      bQueueToFirstStepMs: b!.first_step_ms !== null ? Math.round(b!.first_step_ms - b!.created_ms) : null,
      aConcurrencyLimit: aLimit,
      slots: slotsTotal,
      aRunsStartedBeforeB: aStarted,
      aRunsStillPendingWhenBEnded: aPending,
      boundMs: 30_000,
    };
    say(`fair: ${JSON.stringify(result.fair)}`);
  }

  // ---- Kill: a runner dies during a long run -----------------------------------------------------------
  if (opts.runners >= 2 && opts.afterKill >= 0) {
    say(`kill: starting a long run (wait ${opts.longWaitMs} ms)`);
    const longWorkflow = await createWorkflow(sql, SEEDED[0]!.admin, 'Bench long wait', longDefinition(sites.origin, opts.longWaitMs));
    const longId = await startRun(sql, SEEDED[0]!.admin, longWorkflow, {});
    let holder: string | null = null;
    const waitDeadline = Date.now() + 60_000;
    while (Date.now() < waitDeadline) {
      const [r] = await sql<{ status: string; runner_id: string | null; current_step: number | null }[]>`select status::text, runner_id, current_step from public.runs where id = ${longId}`;
      if (r?.status === 'running' && r.current_step === 1) {
        holder = r.runner_id;
        break;
      }
      if (r && !['pending', 'running'].includes(r.status)) throw new Error(`the long run ended before the kill: ${r.status}`);
      await sleep(200);
    }
    const victim = runners.find((r) => r.id === holder);
    if (!victim?.child.pid) throw new Error(`the long run did not reach its wait step on a bench runner within 60 s (runner_id ${holder})`);
    // A moment into the wait (the claim's first heartbeat is then a few seconds old); the heartbeat's age at the kill is recorded.
    await sleep(3_000);
    const family = tree(victim.child.pid);
    const [{ now_ms: killDbMs, heartbeat_ms: lastHeartbeatMs }] = await sql<{ now_ms: number; heartbeat_ms: number }[]>`
      select extract(epoch from clock_timestamp()) * 1000 as now_ms, extract(epoch from heartbeat_at) * 1000 as heartbeat_ms from public.runs where id = ${longId}`;
    const killAt = Date.now();
    process.kill(-victim.child.pid, 'SIGKILL');
    victim.killed = true;
    await victim.exited;
    // Playwright starts Chromium in a process group of its own: whatever of the victim is still alive now.
    const leftovers = family.filter(sameProcessAlive);

    // Right after the kill: short runs that the survivor(s) must execute while the lost run is still "running".
    const afterTags = Array.from({ length: opts.afterKill }, (_, i) => `after-kill-${String(i + 1).padStart(3, '0')}`);
    const afterIds = await Promise.all(afterTags.map((tag, i) => startRun(sql, SEEDED[i % SEEDED.length]!.admin, workflows[i % SEEDED.length]!, { tag })));
    const afterEnqueuedAt = Date.now();

    await sleep(2_000);
    const leftoversAfter2s = family.filter(sameProcessAlive);
    for (const p of leftoversAfter2s) try { process.kill(p.pid, 'SIGKILL'); } catch { /* gone */ }
    const describe = (ps: Proc[]) => ps.map((p) => `${p.comm}(pgrp ${p.pgrp === victim.child.pid ? 'runner' : 'own'})`);
    say(`kill: SIGKILL to ${victim.id}'s group ${victim.child.pid} (${family.length} processes); still running right after: ${describe(leftovers).join(', ') || 'none'}; after 2 s: ${leftoversAfter2s.length} (then killed)`);

    let lost: { status: string; error_type: string | null; error_message: string | null; finished_ms: number | null; heartbeat_ms: number | null; runner_id: string | null } | undefined;
    let seenAt: number | null = null;
    const lostDeadline = killAt + LOST_BOUND_MS + 30_000;
    let afterDoneAt: number | null = null;
    while (Date.now() < lostDeadline) {
      [lost] = await sql`
        select status::text, error_type, error_message, runner_id,
               extract(epoch from finished_at) * 1000 as finished_ms, extract(epoch from heartbeat_at) * 1000 as heartbeat_ms
        from public.runs where id = ${longId}`;
      if (afterDoneAt === null && afterIds.length) {
        const [{ open }] = await sql<{ open: number }[]>`select count(*)::int as open from public.runs where id = any(${afterIds}::uuid[]) and status in ('pending', 'running', 'paused')`;
        if (open === 0) afterDoneAt = Date.now();
      }
      if (lost && lost.status !== 'running' && lost.status !== 'paused') {
        seenAt = Date.now();
        break;
      }
      await sleep(250);
    }
    const afterCounts = await waitEnded(sql, afterIds, 120_000, 'after-kill runs');
    if (afterDoneAt === null) afterDoneAt = Date.now();
    await sleep(1_000);
    const afterRows = await readRuns(sql, afterIds);
    const afterCheck = checkShortRuns(afterRows, afterIds, stepCount, afterTags, posted().filter((t) => t.startsWith('after-kill-')), 'after kill');
    violations.push(...afterCheck.violations);
    const onVictim = afterRows.filter((r) => r.runner_id === victim.id);
    if (onVictim.length) violations.push(`after kill: ${onVictim.length} run(s) recorded on the killed runner ${victim.id}`);

    const finishedMs = lost?.finished_ms === null || lost?.finished_ms === undefined ? null : Number(lost.finished_ms);
    const lostAfterKillMs = finishedMs === null ? null : finishedMs - Number(killDbMs);
    if (!lost || lost.status !== 'failed' || lost.error_type !== 'runner_lost') {
      violations.push(`kill: the long run is ${lost?.status ?? '?'}${lost?.error_type ? `/${lost.error_type}` : ''} ${Math.round((Date.now() - killAt) / 1000)} s after its runner was killed (expected failed/runner_lost within ${LOST_BOUND_MS / 1000} s)`);
    } else if (lostAfterKillMs === null || lostAfterKillMs >= LOST_BOUND_MS) {
      violations.push(`kill: the long run failed as runner_lost ${round((lostAfterKillMs ?? NaN) / 1000, 1)} s after the kill (bound ${LOST_BOUND_MS / 1000} s)`);
    }
    const afterFinished = afterRows.filter((r) => r.finished_ms !== null).map((r) => r.finished_ms!);
    result.kill = {
      victim: victim.id,
      victimProcesses: family.length,
      stillRunningRightAfter: describe(leftovers),
      stillRunningAfter2sThenKilled: describe(leftoversAfter2s),
      heartbeatAgeAtKillMs: round(Number(killDbMs) - Number(lastHeartbeatMs)),
      longRun: { id: longId, status: lost?.status, errorType: lost?.error_type, errorMessage: lost?.error_message, runnerId: lost?.runner_id },
      runnerLostAfterKillMs: round(lostAfterKillMs),
      runnerLostAfterLastHeartbeatMs: finishedMs === null || lost?.heartbeat_ms == null ? null : round(finishedMs - Number(lost.heartbeat_ms)),
      observedByBenchAfterKillMs: seenAt === null ? null : seenAt - killAt,
      boundMs: LOST_BOUND_MS,
      afterKill: {
        runs: opts.afterKill,
        statusAtEnd: afterCounts,
        allEndedAfterEnqueueMs: afterDoneAt - afterEnqueuedAt,
        completedBeforeRunnerLost: finishedMs === null ? null : afterRows.filter((r) => r.status === 'completed' && r.finished_ms! < finishedMs).length,
        lastFinishedAfterKillMs: afterFinished.length ? round(Math.max(...afterFinished) - Number(killDbMs)) : null,
        ...timings(afterRows),
        perRunner: perRunner(afterRows),
        checks: afterCheck.counts,
      },
    };
    say(`kill: ${JSON.stringify(result.kill)}`);
  }

  // ---- Faults: two runners, real processes, random faults, each effect once -------------------------------
  if (opts.faults > 0) {
    const faults = await faultPhase(sql, stack, workflows[0]!, posted);
    result.faults = faults.result;
    violations.push(...faults.violations);
    say(`faults: ${JSON.stringify(faults.result)}`);
  }

  // ---- Whole database: nothing else ran, nothing was left open ------------------------------------------
  const ours = [...loadIds, ...probeRows.map((r) => r.id)];
  const [{ others, open }] = await sql<{ others: number; open: number }[]>`
    select count(*) filter (where runner_id is not null and runner_id like 'bench-runner-%' and workflow_id <> all(${[...workflows]}::uuid[]) and status <> 'failed')::int as others,
           count(*) filter (where status in ('pending', 'running', 'paused'))::int as open
    from public.runs`;
  const stats = await sql<{ id: string; run_count: number; finished: number }[]>`
    select w.id, w.run_count,
           -- A person's stop (the fairness phase stops A's runs not yet started) does not count as a finished run.
           (select count(*) from public.runs r where r.workflow_id = w.id and r.status in ('completed', 'failed')
                                                 and r.error_type is distinct from 'stopped')::int as finished
    from public.workflows w where w.id = any(${workflows}::uuid[])`;
  const statMismatch = stats.filter((s) => s.run_count !== s.finished);
  if (statMismatch.length) violations.push(`workflow statistics: run_count ≠ finished runs for ${statMismatch.map((s) => `${s.id} (${s.run_count} vs ${s.finished})`).join(', ')}`);
  if (open) violations.push(`${open} run(s) of the whole database still pending/running/paused at the end`);
  result.database = { openRunsAtEnd: open, otherRunsExecutedByBenchRunners: others, workflowRunCount: stats, runsChecked: ours.length };

  result.invariants = {
    checked: [
      'every run has a row and ended completed (load, probe, after-kill runs)',
      'exactly once: attempt 1 only; run_steps of each run are seq 0…n-1 once each and every step index once; one queue job per run',
      'the test page received each run’s tag exactly once and nothing else',
      'none stuck: no pending/running/paused run in the whole database at the end',
      'kill: the killed runner’s run is failed/runner_lost less than 60 s after the SIGKILL; the after-kill runs complete on the surviving runner(s)',
      'workflow statistics: run_count equals the finished runs of each load workflow',
      'fair: organisation B’s run is claimed within 30 s behind organisation A’s backlog of --fair runs',
      'faults: every run ends; the page receives no tag twice and each completed run’s tag once; a run fails only as runner_lost/browser_crashed on a runner that was killed, frozen or lost its browser while the run was under way there',
    ],
    violations,
    ok: violations.length === 0,
  };
  result.finishedAt = new Date().toISOString();
  const outPath = resolve(repoRoot, opts.out);
  mkdirSync(dirname(outPath), { recursive: true });
  writeFileSync(outPath, `${JSON.stringify(result, null, 2)}\n`);

  printSummary(result);
  say(`wrote ${opts.out}`);
  if (violations.length) {
    console.log('\nINVARIANTS VIOLATED:');
    for (const v of violations) console.log(`  - ${v}`);
  } else console.log('\nAll invariants held.');
  return violations.length ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------------------
// The fault suite (issue 20 item 9): --faults short runs on two fresh runner processes with a short lease (8 s,
// heartbeat 2 s), and meanwhile faults in a shuffled order, each while a run is under way on the victim:
//   sigkill   SIGKILL of a runner's process group and its Chromium (a crash); a new runner takes its place
//   sigstop   SIGSTOP of a runner for longer than its lease, then SIGCONT (a frozen VM): fencing must hold
//   chromium  SIGKILL of a runner's Chromium processes in the middle of a step
//   sigterm   SIGTERM of a runner during a run (a deploy): it drains (3 s, then hands its runs back from their
//             step); a new runner takes its place
//   postgres  Postgres restarted (pg_ctl restart -m fast) in the middle of runs
// Invariants: every run ends (none stuck); the test page receives each completed run's tag exactly once and no
// tag twice (the submit happens at most once, also for a run that failed); a run fails only as runner_lost or
// browser_crashed and only on a runner that was killed, frozen or lost its browser while the run was under way
// there; a drain (sigterm) and a Postgres restart fail no run.

const FAULT_KINDS = ['sigkill', 'sigstop', 'chromium', 'sigterm', 'postgres'] as const;
type FaultKind = (typeof FAULT_KINDS)[number];
type FaultEvent = { kind: FaultKind; atMs: number; endMs: number; victim?: string; runsThere: number; note?: string };

/** A small seeded generator, so a failing fault order can be run again (KOLLEGA_FAULT_SEED). */
function seeded(seed: number) {
  let x = seed >>> 0 || 1;
  return () => ((x = (x * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

async function faultPhase(sql: postgres.Sql, stack: Stack, workflowId: string, posted: () => string[]) {
  const violations: string[] = [];
  const seed = Number(process.env.KOLLEGA_FAULT_SEED ?? Date.now() % 100_000);
  const random = seeded(seed);
  // A drain of 3 s: a run still under way then goes back to the queue from its step (the hand-back is what is tested).
  const lease = { leaseMs: 8_000, heartbeatMs: 2_000, drainMs: 3_000 };
  const count = opts.faults;
  // One fault per 20 runs, at least one of each kind; the kinds in a shuffled order.
  const planned: FaultKind[] = Array.from({ length: Math.max(FAULT_KINDS.length, Math.round(count / 20)) }, (_, i) => FAULT_KINDS[i % FAULT_KINDS.length]!);
  for (let i = planned.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [planned[i], planned[j]] = [planned[j]!, planned[i]!];
  }
  say(`faults: ${count} runs on 2 fresh runners (lease ${lease.leaseMs} ms), faults in this order (seed ${seed}): ${planned.join(', ')}`);

  // The earlier phases' runners go (drained); two fresh ones with the short lease take the queue.
  await Promise.all(runners.splice(0).map((r) => stopRunner(r)));
  let next = 1;
  const fresh = () => {
    const r = startRunnerProcess(next++, stack.urls.runnerDb, { prefix: 'fault-runner', ...lease });
    runners.push(r);
    return r;
  };
  await Promise.all([fresh(), fresh()].map((r) => waitReady(r, 90_000)));
  await sql`update public.organizations set run_concurrency = 4 where id = ${SEEDED[0]!.organization}`;

  const tags = Array.from({ length: count }, (_, i) => `fault-${String(i + 1).padStart(4, '0')}`);
  const tStart = Date.now();
  // Enqueued in waves, so that runs are under way whenever a fault comes.
  const ids: string[] = [];
  const enqueue = (async () => {
    for (let i = 0; i < tags.length; i += 4) {
      ids.push(...(await Promise.all(tags.slice(i, i + 4).map((tag) => startRun(sql, SEEDED[0]!.admin, workflowId, { tag })))));
      await sleep(400);
    }
  })();
  enqueue.catch(() => {}); // awaited below
  /** A read of the bench's own that may meet the Postgres restart: tried again for up to 30 s. */
  const read = async <T>(fn: () => Promise<T>): Promise<T> => {
    for (let tries = 0; ; tries++) {
      try {
        return await fn();
      } catch (error) {
        if (tries >= 60) throw error;
        await sleep(500);
      }
    }
  };

  const events: FaultEvent[] = [];
  const alive = () => runners.filter((r) => !r.killed && r.child.exitCode === null && r.child.signalCode === null);
  let extra = 0;
  /**
   * A runner that holds a run that is under way (its first step started), waiting up to 30 s for one; when the
   * queue has run dry, two more runs are started (so every planned fault hits a run in flight).
   */
  const victimWithRun = async (): Promise<{ runner: RunnerProcess; runs: number } | undefined> => {
    const until = Date.now() + 30_000;
    let toppedUp = false;
    while (Date.now() < until) {
      if (!toppedUp) {
        const [{ open }] = await read(() => sql<{ open: number }[]>`
          select count(*)::int as open from public.runs where workflow_id = ${workflowId} and status in ('pending', 'running')`);
        if (open === 0) {
          toppedUp = true;
          await enqueue;
          const more = [`fault-extra-${++extra}`, `fault-extra-${++extra}`];
          tags.push(...more);
          ids.push(...(await Promise.all(more.map((tag) => startRun(sql, SEEDED[0]!.admin, workflowId, { tag })))));
        }
      }
      const held = await read(() => sql<{ runner_id: string; n: number }[]>`
        select runner_id, count(*)::int as n from public.runs
        where workflow_id = ${workflowId} and status = 'running' and runner_id like 'fault-runner-%' and current_step is not null
        group by runner_id`);
      const candidates = held.map((h) => ({ runner: alive().find((r) => r.id === h.runner_id), runs: h.n })).filter((c) => c.runner);
      if (candidates.length) return candidates[Math.floor(random() * candidates.length)] as { runner: RunnerProcess; runs: number };
      await sleep(100);
    }
    return undefined;
  };
  let pgRestarted = false;
  for (const kind of planned) {
    await sleep(1_000 + random() * 2_000);
    const atMs = Date.now() - tStart;
    if (kind === 'postgres') {
      // Not while the bench itself is enqueueing: a start whose connection broke may or may not have committed.
      await enqueue;
      const [{ n }] = await read(() => sql<{ n: number }[]>`select count(*)::int as n from public.runs where workflow_id = ${workflowId} and status = 'running'`);
      restartPostgres(stack);
      pgRestarted = true;
      events.push({ kind, atMs, endMs: Date.now() - tStart, runsThere: n });
      continue;
    }
    const picked = await victimWithRun();
    if (!picked) {
      events.push({ kind, atMs, endMs: Date.now() - tStart, runsThere: 0, note: 'no run under way within 30 s: skipped' });
      violations.push(`faults: ${kind} found no run under way within 30 s`);
      continue;
    }
    const { runner, runs } = picked;
    const pid = runner.child.pid!;
    if (kind === 'sigkill') {
      const family = tree(pid);
      process.kill(-pid, 'SIGKILL');
      runner.killed = true;
      for (const p of family) if (sameProcessAlive(p)) try { process.kill(p.pid, 'SIGKILL'); } catch { /* gone */ }
      await runner.exited;
      await waitReady(fresh(), 90_000);
    } else if (kind === 'sigstop') {
      process.kill(-pid, 'SIGSTOP');
      await sleep(lease.leaseMs + 5_000); // past its lease and a sweep of the other runner
      process.kill(-pid, 'SIGCONT');
    } else if (kind === 'chromium') {
      const browsers = tree(pid).filter((p) => p.comm.startsWith('chrom'));
      for (const p of browsers) try { process.kill(p.pid, 'SIGKILL'); } catch { /* gone */ }
      if (!browsers.length) events.push({ kind, atMs, endMs: atMs, victim: runner.id, runsThere: runs, note: 'no Chromium process found' });
    } else if (kind === 'sigterm') {
      await stopRunner(runner, 60_000);
      runner.killed = true; // gone on purpose: not counted as alive
      await waitReady(fresh(), 90_000);
    }
    events.push({ kind, atMs, endMs: Date.now() - tStart, victim: runner.id, runsThere: runs });
    say(`faults: ${kind} on ${runner.id} (${runs} run(s) under way there) at ${Math.round(atMs / 1000)} s`);
  }
  await enqueue;

  const counts = await read(() => waitEnded(sql, ids, Math.max(180_000, count * 3_000), 'fault runs'));
  await sleep(1_000);
  const rows = await read(() => readRuns(sql, ids));
  const byTag = new Map<string, number>();
  for (const t of posted().filter((t) => t.startsWith('fault-'))) byTag.set(t, (byTag.get(t) ?? 0) + 1);
  const tagOf = (r: RunRow) => r.inputs.tag!;
  const stuck = rows.filter((r) => ['pending', 'running', 'paused'].includes(r.status));
  if (stuck.length || rows.length !== ids.length) violations.push(`faults: ${stuck.length} run(s) stuck, ${ids.length - rows.length} without a row`);
  // What a stuck run's row and the runners' logs say of it, for the next reader of a failed run.
  for (const r of stuck.slice(0, 3)) {
    const [row] = await read(() => sql<{ current_step: number | null; heartbeat_age_s: number | null; started_at: Date | null }[]>`
      select current_step, extract(epoch from now() - heartbeat_at)::int as heartbeat_age_s, started_at from public.runs where id = ${r.id}`);
    const lines = readdirSync(logDir).filter((f) => f.endsWith('.log')).flatMap((f) =>
      readFileSync(join(logDir, f), 'utf8').split('\n').filter((l) => l.includes(r.id)).map((l) => `${f}: ${l.slice(0, 240)}`));
    violations.push(`faults: stuck ${tagOf(r)} (${r.id}) ${r.status} attempt ${r.attempt} on ${r.runner_id ?? '–'}, step ${row?.current_step ?? '–'}, heartbeat ${row?.heartbeat_age_s ?? '–'} s ago; logs: ${lines.slice(-6).join(' | ') || 'none'}`);
  }
  const twice = [...byTag].filter(([, n]) => n > 1);
  if (twice.length) violations.push(`faults: the page received a tag more than once: ${twice.slice(0, 5).map(([t, n]) => `${t}×${n}`).join(', ')}`);
  const completedNotOnce = rows.filter((r) => r.status === 'completed' && byTag.get(tagOf(r)) !== 1);
  if (completedNotOnce.length) violations.push(`faults: ${completedNotOnce.length} completed run(s) whose submit did not reach the page exactly once: ${completedNotOnce.slice(0, 5).map((r) => `${tagOf(r)}×${byTag.get(tagOf(r)) ?? 0}`).join(', ')}`);
  const notPassed = rows.filter((r) => r.status === 'completed' && r.not_passed > 0 && r.attempt === 1);
  if (notPassed.length) violations.push(`faults: ${notPassed.length} completed run(s) with a step not passed`);
  // A failure must have a cause among the faults: its runner was killed, frozen or lost its browser while the run was under way.
  const causes = events.filter((e) => e.victim && ['sigkill', 'sigstop', 'chromium'].includes(e.kind));
  const unexplained = rows.filter((r) => {
    if (r.status !== 'failed') return false;
    if (!['runner_lost', 'browser_crashed'].includes(r.error_type ?? '')) return true;
    return !causes.some((e) => e.victim === r.runner_id && r.started_ms !== null && r.started_ms - tStart <= e.endMs + 1_000);
  });
  if (unexplained.length) {
    violations.push(`faults: ${unexplained.length} run(s) failed without a fault behind it: ${unexplained.slice(0, 5).map((r) => `${tagOf(r)} on ${r.runner_id} ${r.error_type}: ${(r.error_message ?? '').slice(0, 120)}`).join('; ')}`);
  }
  const failed = rows.filter((r) => r.status === 'failed');
  const result = {
    seed,
    runs: ids.length,
    wallSeconds: round((Date.now() - tStart) / 1000, 1),
    leaseMs: lease.leaseMs,
    events,
    statusAtEnd: counts,
    failedByType: Object.fromEntries([...new Set(failed.map((r) => r.error_type))].map((t) => [t, failed.filter((r) => r.error_type === t).length])),
    failedWhoseSubmitHadReachedThePage: failed.filter((r) => byTag.get(tagOf(r)) === 1).length,
    resumedAttempts: rows.filter((r) => r.attempt > 1).length,
    pageResults: [...byTag.values()].reduce((a, b) => a + b, 0),
    postgresRestarted: pgRestarted,
  };
  // The fault order can be run again with KOLLEGA_FAULT_SEED.
  return { result, violations: violations.map((v) => `${v} (fault order: KOLLEGA_FAULT_SEED=${seed})`) };
}

/** Restarts the stack's Postgres as a crash-free restart would (fast shutdown, start again with the same options). */
function restartPostgres(stack: Stack) {
  const pgCtl = join(pgBinDir(), 'pg_ctl');
  const args = ['restart', '-D', stack.cluster.dataDir, '-m', 'fast', '-w', '-t', '60', '-l', join(stack.cluster.socketDir, 'restart.log')];
  const r = process.getuid?.() === 0 ? spawnSync('runuser', ['-u', 'postgres', '--', pgCtl, ...args], { encoding: 'utf8' }) : spawnSync(pgCtl, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`pg_ctl restart failed: ${r.stderr || r.stdout}`);
  restartedDataDir = stack.cluster.dataDir;
}
/** A Postgres started by pg_ctl is not the stack's child: cleanup stops it. */
let restartedDataDir: string | undefined;
function stopRestartedPostgres() {
  if (!restartedDataDir) return;
  const pgCtl = join(pgBinDir(), 'pg_ctl');
  const args = ['stop', '-D', restartedDataDir, '-m', 'fast', '-w', '-t', '30'];
  if (process.getuid?.() === 0) spawnSync('runuser', ['-u', 'postgres', '--', pgCtl, ...args]);
  else spawnSync(pgCtl, args);
  restartedDataDir = undefined;
}

function printSummary(r: Result) {
  const load = r.load as Record<string, any>;
  const probe = r.probe as Record<string, any> | undefined;
  const kill = r.kill as Record<string, any> | undefined;
  const ms = (s: { p50: number | null; p95: number | null }) => `${s.p50 ?? '–'} / ${s.p95 ?? '–'}`;
  const rows: Array<[string, string]> = [
    ['runs (load)', `${load.runs} × ${load.stepsPerRun} steps, ${opts.runners} runner(s) × ${opts.concurrency}`],
    ['enqueue', `${load.enqueue.ms} ms (${load.enqueue.runsPerSecond} runs/s)`],
    ['throughput', `${load.runsPerMinute} runs/min over ${load.wallSeconds} s (steady 10–90 %: ${load.runsPerMinuteSteady10to90})`],
    ['queue → first step p50/p95 ms', ms(load.queueToFirstStepMs)],
    ['execution p50/p95 ms', ms(load.executionMs)],
    ['end-to-end p50/p95 ms', ms(load.endToEndMs)],
    ['per runner', Object.entries(load.perRunner).map(([k, v]) => `${k} ${v}`).join(', ')],
    ['CPU s: machine / Chromium / runner node / Postgres / bench / else', `${load.cpu.cpuSeconds.machine} / ${load.cpu.cpuSeconds.chromium} / ${load.cpu.cpuSeconds.runnerNode} / ${load.cpu.cpuSeconds.postgres} / ${load.cpu.cpuSeconds.benchProcess} / ${load.cpu.cpuSeconds.everythingElse} (busy ${Math.round(load.cpu.machineBusyShare * 100)} %)`],
  ];
  if (probe) rows.push(['probe (idle queue) first step / e2e p50 ms', `${probe.queueToFirstStepMs.p50} / ${probe.endToEndMs.p50}`]);
  const fair = r.fair as Record<string, any> | undefined;
  if (fair) rows.push(['fair: B behind A’s backlog, queue → claim', `${fair.bQueueToClaimMs} ms behind ${fair.backlog} (${fair.aRunsStartedBeforeB} of A started before it; bound ${fair.boundMs} ms)`]);
  const faults = r.faults as Record<string, any> | undefined;
  if (faults) rows.push(['faults: runs / faults / end', `${faults.runs} runs, ${faults.events.map((e: FaultEvent) => e.kind).join(' ')}; ${JSON.stringify(faults.statusAtEnd)} in ${faults.wallSeconds} s`]);
  if (kill) {
    rows.push(['kill: runner_lost after SIGKILL', `${kill.runnerLostAfterKillMs} ms (heartbeat age at kill ${kill.heartbeatAgeAtKillMs} ms; bound ${kill.boundMs} ms)`]);
    rows.push(['kill: after-kill runs', `${kill.afterKill.checks.completed}/${kill.afterKill.runs} completed, ${kill.afterKill.completedBeforeRunnerLost} before the lost run was failed; on ${Object.keys(kill.afterKill.perRunner).join(', ')}`]);
  }
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log('');
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
}

main().then(
  (code) => exitWith(code),
  (error) => {
    // After a signal or the overall timeout the cleanup closes what main() still uses: that error is expected.
    if (!exiting) console.error(error);
    return exitWith(2, 'the benchmark failed');
  },
);
