// Replay benchmark: replays the Chrome DevTools Recorder recordings of runner/test/recordings/ against the local
// test sites (runner/test/sites/) with one or more replay engines, and measures how often each engine gets each
// task right and how long it takes.
//
//   npx tsx bench/replay.ts [--rounds 3] [--cases table,popup] [--out bench/results/replay.json]
//
// 1. starts the test sites (node:http on 127.0.0.1, random port);
// 2. for each round, case and engine (the engines take turns case by case): clears the posted results, loads the recording with the placeholder origin
//    replaced by the server's, runs it with the engine (hard timeout per attempt), then checks the page's report;
// 3. prints a table and writes the raw figures as JSON (default bench/results/replay.json), with the comparison on
//    the cases every engine completed every time (sum of medians and of all attempts, ratio to the first engine,
//    the baseline) and the load average at start and end (engines alternate per round: compare them only within
//    one run).
// `npm test` runs it at tiny scale (one round of two cases): runner/test/replay-bench.test.ts.
// An attempt SUCCEEDS only if the engine finished without throwing AND the results the page posted to
// /__result/<case> end with exactly the case's `expected` value (deep equal), see runner/test/cases.ts.
// A benchmark, not a test: it exits 0 whatever the success rates are (non-zero only when the harness itself fails).
// The cases and what makes each hard: docs/replay-cases.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import puppeteer, { type Browser, type BrowserContext } from 'puppeteer-core';
import { createRunner, parse, PuppeteerRunnerExtension } from '@puppeteer/replay';
import { CASES, loadRecording, type ChromeRecording } from '../runner/test/cases.ts';
import { chromium, type Browser as PwBrowser } from 'playwright-core';
import { startSites, type Sites } from '../runner/test/sites/server.ts';
import { executeDefinition } from '../runner/src/engine/index.ts';
import { fromChromeRecording } from '../supabase/functions/_shared/chrome-recorder.ts';
import { definitionSchema } from '../supabase/functions/_shared/schemas/definition.ts';

// ---------------------------------------------------------------------------------------------------------
// Engines

/**
 * A replay engine: replays one recording (already pointed at `origin`) in a FRESH browser context and resolves
 * when the recording's last step is done, or throws. It must let the page finish what the last step started
 * (e.g. the submit's request) before it tears its context down. `signal` aborts when the harness gives up on the
 * attempt (hard timeout): the engine should then close what it opened so the run rejects promptly.
 */
export type Engine = {
  name: string;
  run(recording: ChromeRecording, origin: string, signal?: AbortSignal): Promise<void>;
  /** Called once before the first attempt, outside the timings (e.g. to launch a shared browser). */
  start?(): Promise<void>;
  /** Called once after the benchmark (e.g. to close a shared browser). */
  close?(): Promise<void>;
};

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Per-step timeout given to @puppeteer/replay (its default is 5 s). */
const STEP_TIMEOUT_MS = 10_000;

/**
 * The baseline: Chrome's own replay library, @puppeteer/replay, exactly as documented: PuppeteerRunnerExtension
 * with puppeteer-core, one shared headless Chromium, a fresh browser context per attempt. No dialog handler
 * (the library has none), no retries.
 */
export function puppeteerReplayEngine(): Engine {
  let browser: Promise<Browser> | undefined;
  const launch = () => (browser ??= puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS }));
  return {
    name: '@puppeteer/replay',
    async start() {
      await launch();
    },
    async run(recording, _origin, signal) {
      const b = await launch();
      const context = await b.createBrowserContext();
      const onAbort = () => void context.close().catch(() => {});
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const page = await context.newPage();
        const runner = await createRunner(parse(recording), new PuppeteerRunnerExtension(b, page, { timeout: STEP_TIMEOUT_MS }));
        await runner.run();
        await settle(context);
      } finally {
        signal?.removeEventListener('abort', onAbort);
        await context.close().catch(() => {});
      }
    },
    async close() {
      if (browser) await (await browser).close();
    },
  };
}

/** Lets requests the last step started finish (up to 3 s) on every page of the context. */
async function settle(context: BrowserContext) {
  const pages = await context.pages();
  await Promise.all(pages.map((p) => p.waitForNetworkIdle({ idleTime: 250, timeout: 3_000 }).catch(() => {})));
}

// The Kollega runner's step engine (runner/src/engine) on the same recording: the recording is converted
// by the api's importer (fromChromeRecording) and executed in a fresh Playwright context of one shared
// Chromium, with what a real run does (a JPEG screenshot after every step) but without the database
// writes and the queue (their cost is measured by bench/runner-load.ts).
export function kollegaRunnerEngine(): Engine {
  let browser: Promise<PwBrowser> | undefined;
  const launch = () => (browser ??= chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS }));
  return {
    name: 'kollega runner',
    async start() {
      await launch();
    },
    async run(recording, _origin, signal) {
      const definition = definitionSchema.parse(fromChromeRecording(recording).definition);
      const context = await (await launch()).newContext({ acceptDownloads: true, viewport: { width: 1280, height: 800 } });
      const abort = new AbortController();
      const onAbort = () => abort.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const outcome = await executeDefinition({
          context,
          definition,
          secrets: {},
          allowPrivateAddresses: true,
          signal: abort.signal,
          onStepStart: async () => {},
          onStepEnd: async () => {},
          control: async () => 'continue',
        });
        // The engine itself lets what the last step started finish before it returns.
        if (outcome.status !== 'completed') throw new Error(`${outcome.errorType}: ${outcome.errorMessage}`);
      } finally {
        signal?.removeEventListener('abort', onAbort);
        await context.close().catch(() => {});
      }
    },
    async close() {
      if (browser) await (await browser).close();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// The benchmark

export type Attempt = { round: number; ok: boolean; ms: number; error?: string; posted: unknown[] };
export type CaseResult = { id: string; title: string; successes: number; attempts: number; medianMs: number; totalMs: number; runs: Attempt[] };
export type EngineResult = { engine: string; successes: number; attempts: number; totalMs: number; cases: CaseResult[] };
export type BenchmarkResult = {
  startedAt: string;
  finishedAt: string;
  rounds: number;
  attemptTimeoutMs: number;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; chromium: string; loadAverage: { start: number[]; end: number[] } };
  engines: EngineResult[];
  /**
   * The cases every engine completed in every attempt, and each engine's time on them: the sum of the cases'
   * medians and the total of all attempts, with the ratio to the first engine (the baseline).
   */
  comparison: { cases: string[]; engines: { engine: string; sumOfMediansMs: number; totalMs: number; ratioOfMedians: number; ratioOfTotals: number }[] };
};

export type BenchmarkOptions = {
  rounds: number;
  /** only these case ids (default: all of CASES) */
  cases?: string[];
  /** hard limit for one attempt (default 60 s) */
  attemptTimeoutMs?: number;
  /** progress lines (default console.log) */
  log?: (line: string) => void;
};

/** How long after an engine finished the page's result may still arrive. */
const RESULT_GRACE_MS = 3_000;

export async function runBenchmark(engines: Engine[], opts: BenchmarkOptions): Promise<BenchmarkResult> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const attemptTimeoutMs = opts.attemptTimeoutMs ?? 60_000;
  const cases = opts.cases?.length ? CASES.filter((c) => opts.cases!.includes(c.id)) : CASES;
  if (opts.cases?.length && cases.length !== opts.cases.length) throw new Error(`unknown case in ${opts.cases.join(',')}; known: ${CASES.map((c) => c.id).join(', ')}`);
  if (!engines.length) throw new Error('no engine');

  const startedAt = new Date().toISOString();
  const loadAtStart = loadavg().map((l) => Math.round(l * 10) / 10);
  const sites = await startSites();
  const runs = new Map<string, Attempt[]>(); // `${engine}\u0000${case}` → attempts
  try {
    for (const engine of engines) await engine.start?.();
    // Engines alternate case by case (first one, then the other, in turn), so a machine whose load changes during
    // the run (it is shared) weighs on every engine alike.
    for (let round = 1; round <= opts.rounds; round++) {
      for (const [k, c] of cases.entries()) {
        for (const engine of (round * cases.length + k) % 2 ? [...engines].reverse() : engines) {
          const attempt = await runAttempt(engine, c, sites, round, attemptTimeoutMs);
          const key = `${engine.name}\u0000${c.id}`;
          runs.set(key, [...(runs.get(key) ?? []), attempt]);
          log(`round ${round}  ${engine.name.padEnd(20)} ${c.id.padEnd(16)} ${attempt.ok ? 'ok  ' : 'FAIL'} ${(attempt.ms / 1000).toFixed(2).padStart(6)} s${attempt.error ? `  ${attempt.error}` : ''}`);
        }
      }
    }
  } finally {
    await sites.close();
    for (const engine of engines) await engine.close?.().catch((error: unknown) => log(`${engine.name}: close failed: ${String(error)}`));
  }

  const loadAtEnd = loadavg().map((l) => Math.round(l * 10) / 10);
  const results = engines.map((engine): EngineResult => {
    const perCase = cases.map((c): CaseResult => {
      const attempts = runs.get(`${engine.name}\u0000${c.id}`) ?? [];
      const times = attempts.map((a) => a.ms);
      return {
        id: c.id,
        title: c.title,
        successes: attempts.filter((a) => a.ok).length,
        attempts: attempts.length,
        medianMs: Math.round(median(times)),
        totalMs: Math.round(times.reduce((s, t) => s + t, 0)),
        runs: attempts,
      };
    });
    return {
      engine: engine.name,
      successes: perCase.reduce((s, c) => s + c.successes, 0),
      attempts: perCase.reduce((s, c) => s + c.attempts, 0),
      totalMs: perCase.reduce((s, c) => s + c.totalMs, 0),
      cases: perCase,
    };
  });
  return {
    startedAt,
    finishedAt: new Date().toISOString(),
    rounds: opts.rounds,
    attemptTimeoutMs,
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? '',
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      chromium: await chromiumVersion(),
      loadAverage: { start: loadAtStart, end: loadAtEnd },
    },
    engines: results,
    comparison: compare(results),
  };
}

/** Each engine's time on the cases that every engine completed in every attempt, against the first engine's. */
export function compare(engines: EngineResult[]): BenchmarkResult['comparison'] {
  const ids = (engines[0]?.cases ?? []).map((c) => c.id).filter((id) => engines.every((e) => e.cases.some((c) => c.id === id && c.attempts > 0 && c.successes === c.attempts)));
  const sums = engines.map((e) => {
    const cases = e.cases.filter((c) => ids.includes(c.id));
    return { engine: e.engine, sumOfMediansMs: cases.reduce((s, c) => s + c.medianMs, 0), totalMs: cases.reduce((s, c) => s + c.totalMs, 0) };
  });
  const ratio = (a: number, b: number | undefined) => (b ? Math.round((a / b) * 100) / 100 : 0);
  return {
    cases: ids,
    engines: sums.map((s) => ({ ...s, ratioOfMedians: ratio(s.sumOfMediansMs, sums[0]?.sumOfMediansMs), ratioOfTotals: ratio(s.totalMs, sums[0]?.totalMs) })),
  };
}

async function runAttempt(engine: Engine, c: (typeof CASES)[number], sites: Sites, round: number, attemptTimeoutMs: number): Promise<Attempt> {
  sites.reset();
  const recording = loadRecording(c.id, sites.origin);
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const started = performance.now();
  let error: string | undefined;
  const run = engine.run(recording, sites.origin, controller.signal);
  try {
    await Promise.race([
      run,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`attempt timed out after ${attemptTimeoutMs / 1000} s`)), attemptTimeoutMs);
      }),
    ]);
  } catch (e) {
    error = firstLine(e);
  } finally {
    clearTimeout(timer);
  }
  const ms = performance.now() - started;
  if (error) {
    controller.abort();
    // give the engine a moment to tear down before the next attempt; never wait on it forever
    await Promise.race([run.catch(() => {}), sleep(5_000)]);
  }
  let ok = !error && (await resultArrives(sites, c.id, c.expected));
  if (!error && !ok) error = `page reported ${JSON.stringify(sites.results(c.id))}, expected last ${JSON.stringify(c.expected)}`;
  const posted = sites.results(c.id);
  ok = ok && isDeepStrictEqual(posted.at(-1), c.expected);
  return { round, ok, ms: Math.round(ms), ...(error ? { error } : {}), posted };
}

/** True when the case's results end with `expected` within the grace period, and still do a moment later. */
async function resultArrives(sites: Sites, id: string, expected: unknown): Promise<boolean> {
  const deadline = Date.now() + RESULT_GRACE_MS;
  while (Date.now() < deadline) {
    if (isDeepStrictEqual(sites.results(id).at(-1), expected)) {
      await sleep(250);
      return isDeepStrictEqual(sites.results(id).at(-1), expected);
    }
    await sleep(50);
  }
  return false;
}

async function chromiumVersion(): Promise<string> {
  try {
    const b = await puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    const version = await b.version();
    await b.close();
    return version;
  } catch {
    return 'unknown';
  }
}

function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.split('\n')[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

// ---------------------------------------------------------------------------------------------------------
// Report

export function formatTable(result: BenchmarkResult): string {
  const names = result.engines.map((e) => e.engine);
  const width = Math.max(...names.map((n) => n.length), 22);
  const ids = result.engines[0]?.cases.map((c) => c.id) ?? [];
  const cell = (c: CaseResult | undefined) => (c ? `${c.successes}/${c.attempts}  ${(c.medianMs / 1000).toFixed(2)} s` : '');
  const lines = [
    `${'case'.padEnd(16)} ${names.map((n) => n.padEnd(width)).join(' ')}`,
    `${''.padEnd(16)} ${names.map(() => 'ok/runs  median'.padEnd(width)).join(' ')}`,
    `${'-'.repeat(16)} ${names.map(() => '-'.repeat(width)).join(' ')}`,
  ];
  for (const id of ids) lines.push(`${id.padEnd(16)} ${result.engines.map((e) => cell(e.cases.find((c) => c.id === id)).padEnd(width)).join(' ')}`);
  lines.push(`${'-'.repeat(16)} ${names.map(() => '-'.repeat(width)).join(' ')}`);
  lines.push(`${'total'.padEnd(16)} ${result.engines.map((e) => `${e.successes}/${e.attempts}  ${(e.totalMs / 1000).toFixed(1)} s total`.padEnd(width)).join(' ')}`);
  const { cases, engines } = result.comparison;
  lines.push('', `on the ${cases.length} cases every engine completed every time (${cases.join(', ')}):`);
  for (const e of engines) {
    lines.push(`  ${e.engine.padEnd(width)} sum of medians ${(e.sumOfMediansMs / 1000).toFixed(1)} s (${e.ratioOfMedians.toFixed(2)}×), all attempts ${(e.totalMs / 1000).toFixed(1)} s (${e.ratioOfTotals.toFixed(2)}×)`);
  }
  lines.push(`load average (1, 5, 15 min) at start ${result.machine.loadAverage.start.join(', ')}, at end ${result.machine.loadAverage.end.join(', ')} on ${result.machine.cpus} cores`);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------
// CLI

function parseArgs(argv: string[]) {
  const o = { rounds: 3, cases: [] as string[], out: 'bench/results/replay.json' };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]?.replace(/^--/, '');
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`missing value for ${argv[i]}`);
    if (name === 'rounds') {
      o.rounds = Number(value);
      if (!Number.isInteger(o.rounds) || o.rounds < 1) throw new Error('--rounds must be a positive integer');
    } else if (name === 'cases') o.cases = value.split(',').filter(Boolean);
    else if (name === 'out') o.out = value;
    else throw new Error(`unknown option --${name} (see the header of bench/replay.ts)`);
  }
  return o;
}

async function main() {
  // As in the runner (runner/src/main.ts): stack traces without source maps, which tsx turns on and Playwright pays
  // for on every call. Both engines run in this process; only Playwright formats a stack trace per call.
  process.setSourceMapsEnabled(false);
  const options = parseArgs(process.argv.slice(2));
  const engines: Engine[] = [puppeteerReplayEngine(), kollegaRunnerEngine()];
  const result = await runBenchmark(engines, { rounds: options.rounds, cases: options.cases });
  console.log(`\n${formatTable(result)}\n`);
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const out = resolve(repoRoot, options.out);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`wrote ${out}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
