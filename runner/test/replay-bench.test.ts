// bench/replay.ts at tiny scale, in `npm test` (the runner suite): one round of two hard cases with both
// engines, so the benchmark keeps working (recordings, sites, engines, comparison, table) between full runs.
// The full run and its figures: docs/benchmarks.md, "Runner: replay reliability and speed".
//
//   npx vitest run -c vitest.runner.config.ts runner/test/replay-bench.test.ts
//
import { expect, test } from 'vitest';
import { formatTable, kollegaRunnerEngine, puppeteerReplayEngine, runBenchmark } from '../../bench/replay.ts';

test('the replay benchmark runs at tiny scale: one round of two cases, both engines, compared in the same run', { timeout: 120_000 }, async () => {
  const result = await runBenchmark([puppeteerReplayEngine(), kollegaRunnerEngine()], { rounds: 1, cases: ['table', 'enter-submit'], attemptTimeoutMs: 40_000, log: () => {} });
  const [reference, kollega] = result.engines;
  expect(reference!.attempts).toBe(2);
  // The Kollega engine must get both right (the reference's own success on a loaded machine is not ours to test).
  expect(kollega!.cases.map((c) => [c.id, c.successes, c.runs[0]?.error])).toEqual([
    ['table', 1, undefined],
    ['enter-submit', 1, undefined],
  ]);
  expect(result.comparison.engines.map((e) => e.engine)).toEqual(['@puppeteer/replay', 'kollega runner']);
  for (const e of result.comparison.engines) expect(e.totalMs).toBeGreaterThanOrEqual(0);
  expect(result.machine.loadAverage.start).toHaveLength(3);
  expect(formatTable(result)).toContain('sum of medians');
});
