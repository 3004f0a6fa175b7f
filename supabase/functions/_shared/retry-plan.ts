// Which steps a retry from step N runs again before it (docs/automation.md "Retry"). One pure function for the
// runner (what it executes), the api (what POST /api/runs/{id}/retry answers) and the web (what the retry
// dialog and the error queue say). No dependencies: the web imports it into a screen's chunk.
//
// A retry starts in a fresh browser, so step N's page is rebuilt first: "the page" is the one the last
// `navigate` before N opened (or the start of the definition when none did), and every step from that
// navigate up to N-1 runs again (the fills and clicks on that page, extracts refreshing their variables).
// The last `setViewport` and `emulateNetworkConditions` before that navigate run again too (the window's
// size and the network the page was used with). Decisions (ai_decision, manual) among them reuse the earlier
// attempt's answer: nobody is asked again for what was already decided.

/** The least of a step a plan needs (a definition's step qualifies). */
export type PlanStep = { readonly type: string };

/** Step types that set up the browser rather than act on a page: the last of each before the page runs again. */
export const RETRY_CONTEXT_STEP_TYPES = ['setViewport', 'emulateNetworkConditions'] as const;

/** Step types that ask for a decision: in a retry's replay their earlier answer is reused. */
export const RETRY_DECISION_STEP_TYPES = ['ai_decision', 'manual'] as const;

export type RetryPlan = {
  /** The step the retry continues from (0-based), as chosen. */
  fromStep: number;
  /** Steps (0-based, ascending) that run again before `fromStep`; empty when none does. */
  replay: number[];
  /**
   * The navigate that opens the page again (0-based, the first page step of `replay`); `fromStep` itself when
   * that step is a navigate; null when the page is the start of the definition (no navigate before it).
   */
  page: number | null;
  /** The context steps (setViewport, emulateNetworkConditions) among `replay` that precede the page. */
  context: number[];
  /** Steps of `replay` that fill fields (`change`): the form is filled in again. */
  fills: number[];
  /** Decisions (ai_decision, manual) among `replay`: their earlier answer is reused. */
  decisions: number[];
};

/**
 * What a retry from `fromStep` (0-based) of `steps` runs again before it. Throws a RangeError for a step that
 * is not in `steps`.
 */
export function retryPlan(steps: readonly PlanStep[], fromStep: number): RetryPlan {
  if (!Number.isInteger(fromStep) || fromStep < 0 || fromStep >= steps.length) {
    throw new RangeError(`step ${fromStep} is not a step of this definition (${steps.length} steps)`);
  }
  const lastBefore = (type: string, end: number) => {
    for (let i = end - 1; i >= 0; i--) if (steps[i]!.type === type) return i;
    return -1;
  };
  const startsPage = steps[fromStep]!.type === 'navigate';
  const navigate = startsPage ? fromStep : lastBefore('navigate', fromStep);
  // No navigate before it: the definition's start is the page, and everything before the step runs again.
  const pageStart = navigate < 0 ? 0 : navigate;
  const context = navigate < 0
    ? []
    : RETRY_CONTEXT_STEP_TYPES.map((type) => lastBefore(type, navigate)).filter((i) => i >= 0).sort((a, b) => a - b);
  const pageSteps: number[] = [];
  for (let i = pageStart; i < fromStep; i++) pageSteps.push(i);
  const replay = [...context, ...pageSteps];
  const of = (types: readonly string[]) => replay.filter((i) => types.includes(steps[i]!.type));
  return {
    fromStep,
    replay,
    page: navigate < 0 ? null : navigate,
    context,
    fills: of(['change']),
    decisions: of(RETRY_DECISION_STEP_TYPES),
  };
}

/**
 * Consecutive 1-based step numbers of `indices` (0-based, ascending) as ranges: [0, 2, 3, 4] → [[1, 1], [3, 5]].
 * The screens write them "1 och 3–5".
 */
export function stepRanges(indices: readonly number[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const index of indices) {
    const last = ranges.at(-1);
    if (last && last[1] === index) last[1] = index + 1;
    else ranges.push([index + 1, index + 1]);
  }
  return ranges;
}

/** 1-based step numbers as ranges in the language's list form: [0, 2, 3, 4] → "1 och 3–5" / "1 and 3–5". */
export function formatStepNumbers(indices: readonly number[], language: string): string {
  const ranges = stepRanges(indices).map(([from, to]) => (from === to ? String(from) : `${from}–${to}`));
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(ranges);
}

/**
 * The steps (0-based, ascending) after which the site received data in an earlier attempt (`sent`) that a retry by
 * `plan` runs again: one it replays to restore the page, or one from `fromStep` on. The retry dialog warns about
 * them, and the api refuses the retry without `resend` (POST /api/runs/{id}/retry).
 */
export function resentSteps(plan: RetryPlan, sent: Iterable<number>): number[] {
  return [...new Set(sent)].filter((index) => plan.replay.includes(index) || index >= plan.fromStep).sort((a, b) => a - b);
}
