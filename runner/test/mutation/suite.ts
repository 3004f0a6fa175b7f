// The mutation suite (issue 19, item 7): record a step on an original page with the recorder's own code
// (recorder.ts), replay it with the real engine (executeDefinition) against mutated versions of the page
// (mutations.ts), and see which element the action reached (pages.ts: every element reports its own identity
// from a closure). Used by runner/test/mutation/mutation.test.ts (small scale) and bench/mutation.ts.
//
// Outcome of a case:
//   right  the step passed and only the target received the action;
//   safe   the step failed and nothing received an action (element_ambiguous, element_not_found, …);
//   wrong  anything else received an action, or the step passed without the target receiving it;
//   partial the target received the action but the step failed (neither right nor wrong).
import type { Browser, BrowserContext, Frame } from 'playwright-core';
import { definitionSchema } from '../../../supabase/functions/_shared/schemas/definition.ts';
import { executeDefinition } from '../../src/engine/run.ts';
import type { StepEnd } from '../../src/engine/types.ts';
import { startServer, type TestServer } from '../../src/engine/test/server.ts';
import { COMBINATIONS, MUTATIONS, hashSeed, mutatePage, type Expectation, type Mutation } from './mutations.ts';
import { PAGES, type PageSpec, type Target } from './pages.ts';
import { VIEWPORT, recordStep, type Recorded } from './recorder.ts';

export type Outcome = 'right' | 'safe' | 'wrong' | 'partial';

export type CaseResult = {
  page: string;
  target: string;
  targetLabel: string;
  mutation: string;
  expect: Expectation;
  round: number;
  /** The seed of the first load's random numbers (mutatePage). */
  seed: number;
  outcome: Outcome;
  status: 'passed' | 'failed';
  errorType?: string;
  errorMessage?: string;
  /** What received an action, by identity, with the event. */
  acted: Array<{ id: string; type: string }>;
  /** How the engine chose, when it did not simply follow the selectors: verified, healed, chosen (from its log). */
  heal?: 'verified' | 'healed' | 'chosen';
  healScore?: number;
  /** ms from the step's start to the engine's log line of the heal decision. */
  decisionAtMs?: number;
  /** The step's duration (locating + acting). */
  stepMs: number;
  /** Every call of the engine's candidate scoring in this case: ms from the call to its answer. */
  scoringMs: number[];
  log: string[];
};

export type SuiteOptions = {
  browser: Browser;
  pages?: PageSpec[];
  mutations?: Mutation[];
  /** Replays of each (page, target, mutation), each with new random numbers. */
  rounds?: number;
  /** Cases replayed at the same time (each in its own browser context). */
  concurrency?: number;
  /** The step's timeout (the engine heals after half of it, at most 3 s). */
  timeoutMs?: number;
  /** Only these cases. */
  filter?(page: PageSpec, target: Target, mutation: Mutation): boolean;
  progress?(line: string): void;
};

export type SuiteResult = {
  recordings: Array<{ page: string; target: string; recorded: Recorded }>;
  cases: CaseResult[];
  summary: Summary;
};

export type Tally = { cases: number; right: number; safe: number; wrong: number; partial: number };

export type Summary = Tally & {
  /** Cases where the target is there and clearly the same element (`expect: same`): right / all. */
  sameRate: number;
  same: Tally;
  gone: Tally;
  frame: Tally;
  byMutation: Record<string, Tally & { expect: Expectation }>;
  byPage: Record<string, Tally>;
  heals: { verified: number; healed: number; chosen: number };
  scoring: { calls: number; p50: number; p95: number; max: number };
  /** Healed, verified or chosen steps: ms from the step's start to the decision (includes the engine's deliberate wait). */
  decision: { n: number; p50: number; p95: number; max: number };
};

export const ALL_MUTATIONS = [...MUTATIONS, ...COMBINATIONS];

function tally(cases: CaseResult[]): Tally {
  const count = (o: Outcome) => cases.filter((c) => c.outcome === o).length;
  return { cases: cases.length, right: count('right'), safe: count('safe'), wrong: count('wrong'), partial: count('partial') };
}

function quantiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const q = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : 0);
  const round = (v: number) => Math.round(v * 10) / 10;
  return { p50: round(q(0.5)), p95: round(q(0.95)), max: round(sorted.at(-1) ?? 0) };
}

export function summarize(cases: CaseResult[]): Summary {
  const group = <K extends string>(key: (c: CaseResult) => K) => {
    const out = {} as Record<K, CaseResult[]>;
    for (const c of cases) (out[key(c)] ??= []).push(c);
    return out;
  };
  const same = cases.filter((c) => c.expect === 'same');
  const byMutation = Object.fromEntries(Object.entries(group((c) => c.mutation)).map(([k, v]) => [k, { ...tally(v), expect: v[0]!.expect }]));
  const byPage = Object.fromEntries(Object.entries(group((c) => c.page)).map(([k, v]) => [k, tally(v)]));
  const scoring = cases.flatMap((c) => c.scoringMs);
  const decisions = cases.flatMap((c) => (c.decisionAtMs !== undefined ? [c.decisionAtMs] : []));
  return {
    ...tally(cases),
    sameRate: same.length ? tally(same).right / same.length : 1,
    same: tally(same),
    gone: tally(cases.filter((c) => c.expect === 'gone')),
    frame: tally(cases.filter((c) => c.expect === 'frame')),
    byMutation,
    byPage,
    heals: { verified: cases.filter((c) => c.heal === 'verified').length, healed: cases.filter((c) => c.heal === 'healed').length, chosen: cases.filter((c) => c.heal === 'chosen').length },
    scoring: { calls: scoring.length, ...quantiles(scoring) },
    decision: { n: decisions.length, ...quantiles(decisions) },
  };
}

function classify(end: StepEnd | undefined, acted: CaseResult['acted'], marker: string): Outcome {
  if (acted.some((a) => a.id !== marker)) return 'wrong';
  const onTarget = acted.length > 0;
  if (end?.status === 'passed') return onTarget ? 'right' : 'wrong';
  return onTarget ? 'partial' : 'safe';
}

/** The engine's heal decision, from its log line (locate.ts writes one per decision). */
function healOf(end: StepEnd | undefined): Pick<CaseResult, 'heal' | 'healScore' | 'decisionAtMs'> {
  for (const entry of end?.log ?? []) {
    const score = /score (\d\.\d\d) ≥/.exec(entry.message);
    if (!score) continue;
    const heal = entry.message.includes('which matches the recording') ? 'verified' : entry.message.includes('matches the recording best') ? 'chosen' : 'healed';
    return { heal, healScore: Number(score[1]), decisionAtMs: entry.at };
  }
  return {};
}

/**
 * Times every call of the engine's candidate scoring (`frame.evaluate` of fingerprint.ts's scoreCandidates
 * expression) per browser context, without touching the engine: Playwright's Frame.evaluate is wrapped for
 * the suite's lifetime. What it measures: the scoring in the page plus the round trip to it.
 */
async function timeScoring(browser: Browser, contexts: Map<BrowserContext, number[]>): Promise<() => void> {
  const probe = await browser.newContext();
  const page = await probe.newPage();
  const proto = Object.getPrototypeOf(page.mainFrame()) as { evaluate: (this: Frame, ...args: unknown[]) => Promise<unknown> };
  await probe.close();
  const original = proto.evaluate;
  proto.evaluate = async function (this: Frame, ...args: unknown[]) {
    if (typeof args[0] !== 'string' || !args[0].includes('function scoreCandidates')) return original.apply(this, args);
    const started = performance.now();
    try {
      return await original.apply(this, args);
    } finally {
      contexts.get(this.page().context())?.push(performance.now() - started);
    }
  };
  return () => {
    proto.evaluate = original;
  };
}

async function pool<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

type Plan = { page: PageSpec; target: Target; mutation: Mutation; round: number };

export async function runSuite(opts: SuiteOptions): Promise<SuiteResult> {
  const { browser, rounds = 1, concurrency = 3, timeoutMs = 10_000 } = opts;
  const pages = opts.pages ?? PAGES;
  const mutations = opts.mutations ?? ALL_MUTATIONS;
  const progress = opts.progress ?? (() => {});
  const server = await startServer();
  const scoring = new Map<BrowserContext, number[]>();
  const restore = await timeScoring(browser, scoring);
  try {
    // 1. Record every target once on its original page (each in a context of its own, a few at a time).
    const recorded = new Map<Target, Recorded>();
    const toRecord = pages.flatMap((page) => page.targets.filter((target) => mutations.some((m) => m.applies(page, target) && (opts.filter?.(page, target, m) ?? true))).map((target) => ({ page, target })));
    for (const page of pages)
      server.handle(`/rec/${page.name}`, (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(page.html);
      });
    await pool(toRecord, concurrency, async ({ page, target }) => {
      recorded.set(target, await recordStep(browser, server.url(`/rec/${page.name}`), target));
    });
    const recordings = toRecord.map(({ page, target }) => ({ page: page.name, target: target.marker, recorded: recorded.get(target)! }));
    progress(`recorded ${recordings.length} steps`);

    // 2. Replay each against its mutated pages.
    const plans: Plan[] = [];
    for (const page of pages)
      for (const target of page.targets)
        for (const mutation of mutations)
          if (recorded.has(target) && mutation.applies(page, target) && (opts.filter?.(page, target, mutation) ?? true))
            for (let round = 0; round < rounds; round++) plans.push({ page, target, mutation, round });
    progress(`${plans.length} cases`);

    const cases: CaseResult[] = [];
    let n = 0;
    await pool(plans, concurrency, async (plan) => {
      const key = `c${++n}`;
      const seed = hashSeed(`${plan.page.name}|${plan.target.marker}|${plan.mutation.name}|${plan.round}`);
      let loads = 0;
      server.handle(`/m/${key}`, (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(mutatePage(plan.page.html, plan.mutation, plan.target, seed + loads++));
      });
      const result = await replay(browser, server, key, plan, recorded.get(plan.target)!, timeoutMs, scoring);
      cases.push({ ...result, seed });
      if (result.outcome !== 'right' || cases.length % 20 === 0) progress(`${cases.length}/${plans.length} ${plan.page.name} ${plan.target.marker} ${plan.mutation.name}: ${result.outcome}${result.errorType ? ` (${result.errorType})` : ''}`);
    });
    const order = new Map(plans.map((p, i) => [`${p.page.name}|${p.target.marker}|${p.mutation.name}|${p.round}`, i]));
    cases.sort((a, b) => order.get(`${a.page}|${a.target}|${a.mutation}|${a.round}`)! - order.get(`${b.page}|${b.target}|${b.mutation}|${b.round}`)!);
    return { recordings, cases, summary: summarize(cases) };
  } finally {
    restore();
    await server.close();
  }
}

async function replay(
  browser: Browser,
  server: TestServer,
  key: string,
  plan: Plan,
  recorded: Recorded,
  timeoutMs: number,
  scoring: Map<BrowserContext, number[]>,
): Promise<Omit<CaseResult, 'seed'>> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const calls: number[] = [];
  scoring.set(context, calls);
  const ends: StepEnd[] = [];
  try {
    const definition = definitionSchema.parse({ version: 1, steps: [{ id: 'open', type: 'navigate', url: server.url(`/m/${key}`) }, { id: 'act', ...recorded.step }] });
    const outcome = await executeDefinition({
      context,
      definition,
      secrets: {},
      allowPrivateAddresses: true,
      defaultTimeoutMs: timeoutMs,
      control: async () => 'continue',
      onStepStart: async () => {},
      onStepEnd: async (e) => {
        ends.push(e);
      },
    });
    // What the page sent for an action arrives within the engine's idle wait; a failed run sent nothing, but give
    // any stray request time to land before judging.
    await new Promise((r) => setTimeout(r, 300));
    const end = ends.find((e) => e.index === 1);
    const acted = (server.posts(`act-${key}`) as CaseResult['acted']).filter((a) => a && typeof a.id === 'string');
    const navigateFailed = ends[0]?.status !== 'passed';
    return {
      page: plan.page.name,
      target: plan.target.marker,
      targetLabel: plan.target.label,
      mutation: plan.mutation.name,
      expect: plan.mutation.expect,
      round: plan.round,
      outcome: navigateFailed && !acted.length ? 'safe' : classify(end, acted, plan.target.marker),
      status: end?.status === 'passed' ? 'passed' : 'failed',
      errorType: outcome.errorType,
      errorMessage: outcome.errorMessage,
      acted,
      ...healOf(end),
      stepMs: end?.durationMs ?? 0,
      scoringMs: calls.map((ms) => Math.round(ms * 10) / 10),
      log: (end?.log ?? []).map((l) => `${l.at} ms: ${l.message}`),
    };
  } finally {
    scoring.delete(context);
    await context.close().catch(() => {});
  }
}
