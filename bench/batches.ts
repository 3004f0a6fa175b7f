// Batch benchmark (issue 25 item 5): a long batch does not slow down or grow.
//
//   npx tsx bench/batches.ts [--rows 1000] [--concurrency 2] [--single-max-min 30] [--batch-max-min N]
//                            [--timeout-min 120] [--out bench/results/batches.json]
//
// 1. Starts its own fresh test-profile stack (ports shifted by KOLLEGA_PORT_OFFSET, default 5000; data in
//    .local/$KOLLEGA_STACK_DIR, default bench-batches) without the stack's runner, the local test sites and one
//    runner process (`tsx runner/src/main.ts`, --concurrency runs at a time, log in .local/<stack dir>-logs/).
// 2. Batch: one workflow (the enter-submit recording of runner/test/recordings, typing the row's {{input.tag}}:
//    the page posts it once), a batch of --rows rows at --concurrency (app.create_batch, as the api creates it).
//    Waits until the batch has completed; every row must have completed, and the page must have received every
//    row's tag exactly once. Samples the runner's resident memory (the runner process and every process below it:
//    its Chromium) every 2 s.
// 3. Single runs: the same number of runs of the same workflow started one by one (app.start_run, all queued at
//    once), in the same stack and runner: the throughput a batch is compared with. After --single-max-min minutes
//    the rest is stopped and the throughput is that of the runs completed by then (reported as such).
// 4. Checks (exit 1 when one fails): the step time of the last rows ≤ 1.2 × that of the first rows (the median of a
//    run's summed step durations over the first and the last 5 % of rows, at least one row each, and row 1 and
//    row N themselves reported), the runner's memory over the last 10 % of the batch within ±20 % of that over
//    rows 5–15 % (after warm-up), every row exactly once (the time and memory bounds from 100 rows on; a tiny
//    batch only reports them). Each row runs in a fresh browser context (the runner
//    makes one per run); the browser itself is kept per organisation.
// A batch cut short (--batch-max-min, or SIGINT/SIGTERM while it runs: a shared machine may not give a long batch
// the hours it needs) is stopped (app.control_batch), and the figures are those of the rows done by then, marked
// `cutShort` with the row reached; after a signal the single runs are skipped. A second signal ends at once.
// Writes the figures as JSON (--out) and prints a summary. Only localhost traffic.

process.env.KOLLEGA_PORT_OFFSET ??= '5000';
process.env.KOLLEGA_STACK_DIR ??= 'bench-batches';

import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { loadRecording } from '../runner/test/cases.ts';
import { startSites, type Sites } from '../runner/test/sites/server.ts';
import { definitionSchema } from '../supabase/functions/_shared/schemas/definition.ts';

const { createStack, stopChild } = await import('../dev/lib/stack.ts');

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const opts = {
  rows: arg('--rows', 1000),
  concurrency: arg('--concurrency', 2),
  timeoutMin: arg('--timeout-min', 120),
  singleMaxMin: arg('--single-max-min', 30),
  batchMaxMin: arg('--batch-max-min', Infinity),
  out: args.includes('--out') ? args[args.indexOf('--out') + 1]! : 'bench/results/batches.json',
};
const ORG = '10000000-0000-4000-8000-000000000001';
const ADMIN = 'a0000000-0000-4000-8000-000000000001';
const SITE_CASE = 'enter-submit';
const t0 = Date.now();
const say = (m: string) => console.log(`[bench ${((Date.now() - t0) / 1000).toFixed(1)} s] ${m}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : NaN;
};

/** Resident memory (kB) of a process and everything below it, from /proc. */
function treeRssKb(root: number): number {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 50; p = parent.get(p) ?? 0, hops++) if (p === root) return true;
    return false;
  };
  let kb = 0;
  for (const pid of parent.keys()) {
    if (!inTree(pid)) continue;
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return kb;
}

const stackHandle = createStack({ profile: 'test', fresh: true, web: 'none', runner: false, log: () => {} });
let sites: Sites | undefined;
let db: postgres.Sql | undefined;
let runner: ChildProcess | undefined;
async function cleanup() {
  // SIGTERM to its process group (it drains and closes its browser), SIGKILL after 10 s.
  await stopChild(runner, 10_000);
  await db?.end({ timeout: 2 }).catch(() => {});
  await stackHandle.stop().catch(() => {});
  await sites?.close().catch(() => {});
}
const hard = setTimeout(() => void cleanup().then(() => process.exit(2)), opts.timeoutMin * 60_000);
hard.unref();
/** Set by the first SIGINT/SIGTERM: the batch is cut where it is and the figures written; a second one ends at once. */
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return void cleanup().then(() => process.exit(130));
    interrupted = true;
    say(`${signal}: the batch is cut where it is; figures follow (again to end at once)`);
  });
}

async function asAdmin<T>(sql: postgres.Sql, fn: (tx: postgres.TransactionSql) => Promise<T>): Promise<T> {
  return sql.begin(async (tx) => {
    await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${JSON.stringify({ sub: ADMIN, role: 'authenticated' })}, true)`;
    return fn(tx);
  }) as Promise<T>;
}

async function main(): Promise<number> {
  sites = await startSites();
  const stack = await stackHandle.start();
  db = postgres(stack.urls.db, { max: 4, onnotice: () => {}, prepare: false });
  const sql = db;
  await sql`update public.organizations set run_concurrency = ${opts.concurrency}, run_starts_per_minute = 10000 where id = ${ORG}`;
  await sql`insert into public.organization_settings (organization_id, site_concurrency) values (${ORG}, ${opts.concurrency})
            on conflict (organization_id) do update set site_concurrency = excluded.site_concurrency`;

  const logDir = join(repoRoot, '.local', `${process.env.KOLLEGA_STACK_DIR}-logs`);
  mkdirSync(logDir, { recursive: true });
  const logFile = join(logDir, 'bench-batches-runner.log');
  const fd = openSync(logFile, 'w');
  runner = spawn(process.execPath, ['--import', 'tsx', 'runner/src/main.ts'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', fd, fd],
    env: { ...process.env, KOLLEGA_RUNNER_DB_URL: stack.urls.runnerDb, KOLLEGA_RUNNER_ID: 'bench-batches', KOLLEGA_RUNNER_ALLOW_PRIVATE: 'true', KOLLEGA_RUNNER_CONCURRENCY: String(opts.concurrency) },
  });
  closeSync(fd);
  for (let i = 0; !readFileSync(logFile, 'utf8').includes('bench-batches ready'); i++) {
    if (i > 600 || runner.exitCode !== null) throw new Error(`the runner did not start; see ${logFile}`);
    await sleep(200);
  }

  const rec = loadRecording(SITE_CASE, sites.origin);
  const definition = definitionSchema.parse({ version: 1, steps: rec.steps.map((s, i) => ({ id: `s${i + 1}`, ...s, ...(s.type === 'change' ? { value: '{{input.tag}}' } : {}) })) });
  const workflowId = await asAdmin(sql, async (tx) => {
    const [w] = await tx<{ id: string }[]>`insert into public.workflows (name, status, is_active) values ('Bench: batch', 'active', true) returning id`;
    await tx`select app.save_workflow_definition(${w!.id}, ${tx.json(definition as postgres.JSONValue)}, 'import', null)`;
    return w!.id;
  });

  // Batch
  const tags = Array.from({ length: opts.rows }, (_, i) => `rad-${String(i + 1).padStart(5, '0')}`);
  const memory: { at: number; completed: number; rssKb: number }[] = [];
  const tBatch = Date.now();
  const batchId = await asAdmin(sql, async (tx) => {
    const items = tags.map((tag) => ({ cells: [tag], inputs: { tag } }));
    const [{ id }] = await tx<{ id: string }[]>`select app.create_batch(${workflowId}, 'json', '', ${tx.json(['tag'])}, null, ${opts.concurrency}, ${tx.json(items)}) as id`;
    return id;
  });
  say(`batch of ${opts.rows} rows at ${opts.concurrency} at a time started`);
  let batchCut = false;
  /** The rows a cut stopped mid-run: not measured (their runs did not end on their own). */
  let cutMidRun = new Set<number>();
  for (let last = -1; ; ) {
    const [b] = await sql<{ status: string; completed: number; failed: number }[]>`
      select b.status, count(*) filter (where i.status = 'completed')::int as completed, count(*) filter (where i.status = 'failed')::int as failed
      from public.batches b join public.batch_items i on i.batch_id = b.id where b.id = ${batchId} group by b.status`;
    memory.push({ at: Date.now() - tBatch, completed: b!.completed, rssKb: treeRssKb(runner.pid!) });
    if (b!.completed !== last && b!.completed % Math.max(1, Math.round(opts.rows / 10)) === 0) say(`batch: ${b!.completed} completed, ${b!.failed} failed`);
    last = b!.completed;
    if (b!.status === 'completed') break;
    if (interrupted || Date.now() - tBatch > opts.batchMaxMin * 60_000) {
      cutMidRun = new Set((await sql<{ index: number }[]>`select index from public.batch_items where batch_id = ${batchId} and status in ('running', 'waiting')`).map((r) => r.index));
      await asAdmin(sql, (tx) => tx`select 1 from app.control_batch(${batchId}, 'stop')`);
      say(`batch cut short at ${b!.completed + b!.failed} of ${opts.rows} rows (${interrupted ? 'signal' : `--batch-max-min ${opts.batchMaxMin}`}); the rows under way are stopped`);
      batchCut = true;
      break;
    }
    await sleep(2000);
  }
  const batchMs = Date.now() - tBatch;
  // A cut batch: its rows under way are stopped before the single runs start, so they do not overlap.
  for (let i = 0; i < 90; i++) {
    const [{ open }] = await sql<{ open: number }[]>`select count(*)::int as open from public.runs r join public.batch_items i on i.run_id = r.id
      where i.batch_id = ${batchId} and r.status in ('pending', 'running', 'paused')`;
    if (open === 0) break;
    await sleep(2000);
  }

  const all = await sql<{ index: number; status: string; stepMs: number }[]>`
    select i.index, i.status::text as status,
           (select coalesce(sum(s.duration_ms), 0)::int from public.run_steps s where s.run_id = i.run_id) as "stepMs"
    from public.batch_items i
    where i.batch_id = ${batchId} order by i.index`;
  // The rows measured: all of them, or those a cut batch ran to their end.
  const rows = batchCut ? all.filter((r) => (r.status === 'completed' || r.status === 'failed') && !cutMidRun.has(r.index)) : all;
  const reached = rows.length;

  // Single runs: the same work (as many runs as the batch had rows done), one run each, all queued at once.
  const tSingle = Date.now();
  const singleTags = interrupted ? [] : tags.slice(0, reached).map((tag) => `en-${tag}`);
  const singleIds: string[] = [];
  for (const tag of singleTags) {
    singleIds.push(await asAdmin(sql, async (tx) => (await tx<{ run: string }[]>`select app.start_run(${workflowId}, ${tx.json({ tag })}, false) as run`)[0]!.run));
  }
  say(`${singleTags.length} single runs queued`);
  let singleMs = 0;
  let singleDone = 0;
  for (;;) {
    const [{ open, done }] = await sql<{ open: number; done: number }[]>`
      select count(*) filter (where status in ('pending', 'running', 'paused'))::int as open, count(*) filter (where status = 'completed')::int as done
      from public.runs where id = any(${singleIds}::uuid[])`;
    singleMs = Date.now() - tSingle;
    singleDone = done;
    if (open === 0) break;
    if (singleMs > opts.singleMaxMin * 60_000) {
      say(`single runs: ${done} of ${singleTags.length} completed in ${opts.singleMaxMin} min; the rest is stopped (throughput from those)`);
      await sql`update public.runs set status = 'failed', error_type = 'stopped', finished_at = now() where id = any(${singleIds}::uuid[]) and status = 'pending'`;
      break;
    }
    await sleep(2000);
  }

  // Figures
  const [singles] = await sql<{ completed: number }[]>`select count(*) filter (where status = 'completed')::int as completed from public.runs where id = any(${singleIds}::uuid[])`;
  // Where a phase's time went: a run's own duration (claimed → finished), its wait in the queue (created → claimed;
  // a batch creates a row's run when a slot frees), and how busy the runner's slots were (the runs' summed durations
  // over the phase's time × --concurrency): a phase with idle slots loses throughput between runs, not in them.
  const phase = async (ids: string[], ms: number) => {
    const runs = await sql<{ runMs: number; queueMs: number }[]>`
      select (extract(epoch from finished_at - started_at) * 1000)::int as "runMs", (extract(epoch from started_at - created_at) * 1000)::int as "queueMs"
      from public.runs where id = any(${ids}::uuid[]) and started_at is not null and finished_at is not null`;
    const busy = runs.reduce((sum, r) => sum + r.runMs, 0);
    return { runMedianMs: median(runs.map((r) => r.runMs)), queueMedianMs: median(runs.map((r) => r.queueMs)), slotUse: Number((busy / (ms * opts.concurrency)).toFixed(2)) };
  };
  const batchRunIds = (await sql<{ id: string }[]>`select run_id as id from public.batch_items where batch_id = ${batchId} and run_id is not null`).map((r) => r.id);
  const batchPhase = await phase(batchRunIds, batchMs);
  const singlePhase = await phase(singleIds, singleMs);
  const edge = Math.max(1, Math.round(reached * 0.05));
  const firstStep = median(rows.slice(0, edge).map((r) => r.stepMs));
  const lastStep = median(rows.slice(-edge).map((r) => r.stepMs));
  const warm = memory.filter((m) => m.completed >= reached * 0.05 && m.completed <= reached * 0.15).map((m) => m.rssKb);
  const late = memory.filter((m) => m.completed >= reached * 0.9).map((m) => m.rssKb);
  const rssWarm = median(warm.length ? warm : memory.slice(0, 3).map((m) => m.rssKb));
  const rssLate = median(late.length ? late : memory.slice(-3).map((m) => m.rssKb));
  const posted = sites.results(SITE_CASE).map((r) => (r as { query?: string }).query);
  const seen = new Map<string, number>();
  for (const q of posted) if (q) seen.set(q, (seen.get(q) ?? 0) + 1);
  const violations: string[] = [];
  const failedRows = rows.filter((r) => r.status !== 'completed').length;
  if (failedRows) violations.push(`${failedRows} of ${reached} rows did not complete`);
  const singlesCut = singleDone < singleTags.length && singleMs > opts.singleMaxMin * 60_000;
  if (!singlesCut && singles!.completed !== singleTags.length) violations.push(`${singleTags.length - singles!.completed} single runs did not complete`);
  // Every row exactly once; a single run at most once (all of them once unless the phase was cut short).
  const wrong = [...rows.map((r) => tags[r.index]!), ...(singlesCut ? [] : singleTags)].filter((tag) => seen.get(tag) !== 1);
  const twice = singleTags.filter((tag) => (seen.get(tag) ?? 0) > 1);
  if (twice.length) violations.push(`${twice.length} single runs reached the page more than once`);
  if (wrong.length) violations.push(`${wrong.length} rows or runs did not reach the page exactly once (e.g. ${wrong[0]}: ${seen.get(wrong[0]!) ?? 0})`);
  // The time and memory bounds need a long batch: at a tiny scale (dev/test.ts) they are reported, not checked.
  const bounded = reached >= 100;
  if (bounded && lastStep > 1.2 * firstStep) violations.push(`step time of the last rows ${lastStep} ms > 1.2 × the first rows' ${firstStep} ms`);
  if (bounded && Math.abs(rssLate / rssWarm - 1) > 0.2) violations.push(`runner memory ${Math.round(rssLate / 1024)} MB at the end vs ${Math.round(rssWarm / 1024)} MB after warm-up (over ±20 %)`);

  const result = {
    at: new Date().toISOString(),
    machine: { cpu: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`, memoryGiB: Number((totalmem() / 2 ** 30).toFixed(1)), node: process.version },
    options: opts,
    batch: { ms: batchMs, rowsDone: reached, cutShort: batchCut, rowsPerMin: Number((reached / (batchMs / 60_000)).toFixed(1)), ...batchPhase },
    single: { ms: singleMs, completed: singleDone, cutShort: singlesCut, runsPerMin: Number((singleDone / (singleMs / 60_000)).toFixed(1)), ...singlePhase },
    stepTime: { row1Ms: rows[0]?.stepMs, rowN: (rows.at(-1)?.index ?? -1) + 1, rowNMs: rows.at(-1)?.stepMs, firstRowsMedianMs: firstStep, lastRowsMedianMs: lastStep, rowsPerEdge: edge, ratio: Number((lastStep / firstStep).toFixed(2)) },
    runnerRss: { warmMb: Math.round(rssWarm / 1024), endMb: Math.round(rssLate / 1024), maxMb: Math.round(Math.max(...memory.map((m) => m.rssKb)) / 1024), ratio: Number((rssLate / rssWarm).toFixed(2)), samples: memory.length },
    violations,
  };
  mkdirSync(dirname(resolve(repoRoot, opts.out)), { recursive: true });
  writeFileSync(resolve(repoRoot, opts.out), `${JSON.stringify(result, null, 2)}\n`);
  say(`batch: ${reached} rows${batchCut ? ` (cut short, of ${opts.rows})` : ''} in ${(batchMs / 1000).toFixed(0)} s (${result.batch.rowsPerMin}/min); single runs: ${singleDone} in ${(singleMs / 1000).toFixed(0)} s (${result.single.runsPerMin}/min)`);
  say(`a run claimed → finished (median): batch ${batchPhase.runMedianMs} ms, single ${singlePhase.runMedianMs} ms; created → claimed: batch ${batchPhase.queueMedianMs} ms; slots busy: batch ${batchPhase.slotUse}, single ${singlePhase.slotUse}`);
  say(`step time: row 1 ${result.stepTime.row1Ms} ms, row ${result.stepTime.rowN} ${result.stepTime.rowNMs} ms; median first ${edge}: ${firstStep} ms, last ${edge}: ${lastStep} ms (× ${result.stepTime.ratio})`);
  say(`runner RSS (runner + Chromium): ${result.runnerRss.warmMb} MB after warm-up, ${result.runnerRss.endMb} MB at the end (× ${result.runnerRss.ratio}), max ${result.runnerRss.maxMb} MB`);
  say(violations.length ? `VIOLATIONS:\n  ${violations.join('\n  ')}` : 'all checks held');
  return violations.length ? 1 : 0;
}

let code = 2;
try {
  code = await main();
} catch (error) {
  say(`harness failed: ${error instanceof Error ? error.stack : error}`);
} finally {
  await cleanup();
}
process.exit(code);
