// Mutation benchmark (issue 19, item 7): does a recorded step still act on the right element, or on none,
// when the page changes? Steps recorded with the recorder's own code on five office pages, replayed by the
// engine against every mutation and combination (runner/test/mutation/, docs/benchmarks.md "Runner: the
// mutation suite").
//
//   npx tsx bench/mutation.ts [--rounds 1] [--concurrency 3] [--timeout 10000] [--out bench/results/mutation.json]
//   npx tsx bench/mutation.ts --tiny          # two cases, writes nothing unless --out is given (npm test runs it)
//   npx tsx bench/mutation.ts --only relabel  # only the mutations whose name contains "relabel" (with --out to keep it)
//
// Prints a table per mutation and per page, every case that was not right, and the time the engine spent
// scoring candidates. A benchmark, not a test: exits 0 whatever the figures (the goals are asserted by
// runner/test/mutation/mutation.test.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { LAUNCH_OPTIONS } from '../runner/src/engine/test/launch.ts';
import { runSuite, type CaseResult, type SuiteResult, type Tally } from '../runner/test/mutation/suite.ts';

export type BenchOptions = {
  rounds: number;
  concurrency: number;
  timeoutMs: number;
  tiny: boolean;
  /** Only mutations whose name contains this. */
  only?: string;
  out?: string;
  /** A browser to use (else one is launched and closed). */
  browser?: Browser;
  print?: (line: string) => void;
};

/** The tiny run: two cases (a critical button in re-ordered rows, a button beside its decoy with new ids). */
const TINY: Array<[target: string, mutation: string]> = [
  ['attest-2215', 'reorder-rows'],
  ['save-draft', 'rename-ids-classes'],
];

const pct = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)} %` : '–');

function row(name: string, t: Tally, extra = '') {
  return `| ${name} | ${t.cases} | ${t.right} | ${t.safe} | ${t.wrong} | ${t.partial} |${extra}`;
}

export function report(result: SuiteResult, print: (line: string) => void) {
  const s = result.summary;
  print('| Mutation | Expect | Cases | Right | Safe failure | WRONG | Partial | Right (of cases) |');
  print('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, t] of Object.entries(s.byMutation)) print(`| ${name} | ${t.expect} | ${t.cases} | ${t.right} | ${t.safe} | ${t.wrong} | ${t.partial} | ${pct(t.right, t.cases)} |`);
  print('');
  print('| Page | Cases | Right | Safe failure | WRONG | Partial |');
  print('| --- | --- | --- | --- | --- | --- |');
  for (const [name, t] of Object.entries(s.byPage)) print(row(name, t));
  print('');
  print(`target still there, clearly the same (expect same): ${s.same.right}/${s.same.cases} right without a person = ${pct(s.same.right, s.same.cases)} (goal ≥ 90 %); safe failures ${s.same.safe}, WRONG ${s.same.wrong}`);
  print(`target gone: ${s.gone.safe}/${s.gone.cases} safe failures, WRONG ${s.gone.wrong}`);
  print(`target moved into an iframe: right ${s.frame.right}, safe ${s.frame.safe}, WRONG ${s.frame.wrong} of ${s.frame.cases}`);
  print(`all cases: ${s.cases}, WRONG actions: ${s.wrong} (goal 0)`);
  print(`engine decisions other than plain selectors: verified ${s.heals.verified}, healed ${s.heals.healed}, chosen ${s.heals.chosen}`);
  print(`candidate scoring (in-page call incl. round trip): ${s.scoring.calls} calls, p50 ${s.scoring.p50} ms, p95 ${s.scoring.p95} ms, max ${s.scoring.max} ms (goal ≤ 1000 ms)`);
  print(`step start → heal decision (includes the engine's deliberate wait before healing): n ${s.decision.n}, p50 ${s.decision.p50} ms, p95 ${s.decision.p95} ms, max ${s.decision.max} ms`);
  const notRight = result.cases.filter((c) => c.outcome !== 'right' && !(c.expect === 'gone' && c.outcome === 'safe'));
  if (notRight.length) {
    print('');
    print('Not right:');
    for (const c of notRight) print(`  ${c.outcome.toUpperCase()} ${c.page} ${c.target} ${c.mutation} r${c.round} (expect ${c.expect}): ${describe(c)}`);
  }
}

function describe(c: CaseResult): string {
  const acted = c.acted.length ? ` acted: ${c.acted.map((a) => `${a.id} (${a.type})`).join(', ')}` : '';
  return `${c.errorType ?? c.status}${acted}${c.errorMessage ? ` · ${c.errorMessage.slice(0, 300)}` : ''}`;
}

export async function main(opts: BenchOptions): Promise<SuiteResult> {
  const print = opts.print ?? ((line: string) => console.log(line));
  const browser = opts.browser ?? (await chromium.launch(LAUNCH_OPTIONS));
  const started = Date.now();
  try {
    const result = await runSuite({
      browser,
      rounds: opts.rounds,
      concurrency: opts.concurrency,
      timeoutMs: opts.timeoutMs,
      ...(opts.tiny && { filter: (_page, target, mutation) => TINY.some(([t, m]) => t === target.marker && m === mutation.name) }),
      ...(opts.only && { filter: (_page, _target, mutation) => mutation.name.includes(opts.only!) }),
      progress: (line) => print(`  ${line}`),
    });
    const seconds = Math.round((Date.now() - started) / 100) / 10;
    print('');
    report(result, print);
    print(`wall time ${seconds} s`);
    if (opts.out) {
      mkdirSync(dirname(opts.out), { recursive: true });
      const machine = { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version, chromium: browser.version() };
      const options = { rounds: opts.rounds, concurrency: opts.concurrency, timeoutMs: opts.timeoutMs, tiny: opts.tiny, only: opts.only };
      writeFileSync(opts.out, JSON.stringify({ at: new Date().toISOString(), machine, options, seconds, summary: result.summary, recordings: result.recordings, cases: result.cases }, null, 2));
      print(`written: ${opts.out}`);
    }
    return result;
  } finally {
    if (!opts.browser) await browser.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name: string, fallback?: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const tiny = process.argv.includes('--tiny');
  await main({
    tiny,
    rounds: Number(arg('rounds', '1')),
    concurrency: Number(arg('concurrency', '3')),
    timeoutMs: Number(arg('timeout', '10000')),
    only: arg('only'),
    out: arg('out', tiny || arg('only') ? undefined : 'bench/results/mutation.json'),
  });
}
