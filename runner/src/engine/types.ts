// The engine's public types (re-exported from index.ts).
import type { BrowserContext } from 'playwright-core';
import type { Definition, Fingerprint, Selector, Step } from '../../../supabase/functions/_shared/schemas/definition.ts';
import type { ElementCandidate } from '../../../supabase/functions/_shared/types/api.ts';
import type { ErrorType } from './errors.ts';
import type { Lookup } from './network-guard.ts';

export type { Definition, Step, ErrorType };

/** An extract_table step's output: column names, rows of as many cells, pages read, whether its row cap cut it short. */
export type StepTable = { variable: string; columns: string[]; rows: string[][]; pages: number; capped: boolean };

export type StepLogEntry = { /** ms since the step started */ at: number; message: string };

export type StepStart = { index: number; step: Step; startedAt: Date };

/** `details`: what the caller records beside the choice (the AI's model, prompt version, latency; who decided). */
export type StepDecision = { choice: string; /** the option's label (ai_decision) */ label?: string; by: 'ai' | 'person'; confidence?: number; reason?: string; details?: Record<string, unknown> };

/**
 * An element the runner found on its own, as the recorder would describe it now (`ElementCandidate`: describe
 * such as `button "Skicka in"`, tag, role, name, text, row text, selectors best first), with its fingerprint
 * (the healed step's new fingerprint).
 */
export type CandidateInfo = ElementCandidate & { fingerprint?: Fingerprint };

/**
 * A step acted on an element no recorded selector found unanimously (docs/automation.md "Which element a step
 * acts on"): `verified` a positional guess matched the fingerprint, `healed` / `chosen` the best candidate
 * scored at or above the threshold, `confirmed` a person said it is the right one. The selectors a new version
 * of the definition would have: `selectors` (the candidate's first, then the old ones with meaning, positional
 * ones last).
 */
export type StepHeal = {
  reason: 'verified' | 'healed' | 'chosen' | 'confirmed';
  score: number;
  threshold: number;
  candidate: CandidateInfo;
  oldSelectors: Selector[];
  newSelectors: Selector[];
  /** Who confirmed it (reason `confirmed`), as the caller recorded it. */
  details?: Record<string, unknown>;
};

/**
 * A step would fail `element_ambiguous` / `element_not_found`, but the page has a candidate: a person is asked
 * whether it is the right element (`confirmElement`). `why`: below the step's threshold, too close to the next
 * candidate, or a critical step (never acted on without a person).
 */
export type ElementQuestion = {
  candidate: CandidateInfo;
  score: number;
  threshold: number;
  why: 'below_threshold' | 'too_close' | 'critical';
  /** The viewport with the candidate outlined (JPEG ≤ 100 KB, password fields masked). */
  screenshot?: Buffer;
  /** What the step would have failed with (technical detail for the person). */
  errorType: 'element_ambiguous' | 'element_not_found';
  errorMessage: string;
};

/** The person's answer; `fail` when no one answered in time or the run was stopped. */
export type ElementAnswer = { confirmed: boolean; details?: Record<string, unknown> } | { fail: string; errorType?: ErrorType };

export type StepEnd = {
  index: number;
  /** The step as defined (templates not substituted; secret values masked), not as executed. */
  step: Step;
  status: 'passed' | 'failed' | 'skipped';
  startedAt: Date;
  finishedAt: Date;
  durationMs: number;
  errorType?: ErrorType;
  errorMessage?: string;
  log: StepLogEntry[];
  /** Variables the step extracted (secret values masked). */
  extracted?: Record<string, string>;
  /** An extract_table step's rows, the run's output `variable` (secret values masked). */
  table?: StepTable;
  /** JPEG, at most 100 KB, password fields masked. */
  screenshot?: Buffer;
  decision?: StepDecision;
  /** The step acted on an element found by healing or confirmed by a person. */
  heal?: StepHeal;
};

/**
 * The answer to an ai_decision or manual step. `by`, `confidence` and `reason` are recorded on the step
 * (default `by`: 'ai' for ai_decision, 'person' for manual); `errorType` of a failure defaults to
 * 'assertion_failed'.
 */
export type Decision =
  | { choice: string; by?: 'ai' | 'person'; confidence?: number; reason?: string; details?: Record<string, unknown> }
  | { done: true; by?: 'ai' | 'person'; reason?: string; details?: Record<string, unknown> }
  | { fail: string; errorType?: ErrorType };

/** The file of a file input, decrypted by the caller (app.run_input_files), as Playwright's setInputFiles takes it. */
export type InputFile = { name: string; mimeType: string; buffer: Buffer };

export type DecideContext = { variables: Record<string, string>; inputs: Record<string, string> };

export type ExecuteOptions = {
  /** Fresh per run, created by the caller (with acceptDownloads: true); the engine opens its pages in it. */
  context: BrowserContext;
  definition: Definition;
  /** {{input.x}} */
  inputs?: Record<string, string>;
  /** The files of the run's file inputs, by input name: a step that fills a file field from `{{input.x}}` sets this file. */
  files?: Record<string, InputFile>;
  /** {{var.x}} carried over from an earlier attempt (retry). */
  variables?: Record<string, string>;
  /** {{secret.NAME}} values, resolved by the caller before the run. */
  secrets: Record<string, string>;
  /**
   * The sites (origins) each secret may be typed on. A secret without an entry (or with none) is never typed:
   * the step fails `secret_origin_denied`.
   */
  secretOrigins?: Record<string, string[]>;
  /** Called before a secret is typed (the audit trail); `false` means this attempt lost the run: nothing is typed. */
  onSecretUse?(use: { name: string; origin: string; stepId: string }): Promise<boolean>;
  /**
   * Step index to start from (retry from a step). The steps the start step's page needs run again first, each
   * reported (retryPlan in supabase/functions/_shared/retry-plan.ts: from the last navigate before it, with the
   * last setViewport and emulateNetworkConditions before that); no other earlier step is executed.
   */
  startAt?: number;
  /**
   * Decisions an earlier attempt took, by step id (the latest passed one per step): an ai_decision or manual
   * step that runs again for a retry reuses its answer instead of asking again (recorded with
   * `details.reused: true`). A decision without one here is asked as usual.
   */
  earlierDecisions?: Record<string, StepDecision>;
  /** Per step when the step sets no timeout (or 0); DEFAULT_STEP_TIMEOUT_MS. */
  defaultTimeoutMs?: number;
  /** How long past its deadline a step may stay busy before it fails as a page that stopped answering (STEP_HANG_MS). */
  hangMs?: number;
  /** How long the browser may take to open the run's first page (PAGE_OPEN_MS). */
  pageOpenMs?: number;
  /** Network guard off (local stack, tests). */
  allowPrivateAddresses?: boolean;
  /** The network guard's DNS resolution (default: the system resolver, every address). */
  lookup?: Lookup;
  onStepStart(e: StepStart): Promise<void>;
  onStepEnd(e: StepEnd): Promise<void>;
  /**
   * Called before each step (`index`, 0-based, also a retry's replayed steps): 'stop' ends the run there (a
   * person's stop or pause, a lost lease, a runner shutting down; the caller knows which and parks the run).
   */
  control(next: { index: number }): Promise<'continue' | 'stop'>;
  /**
   * A page sent data to the site (a request other than GET, HEAD or OPTIONS, or a WebSocket message) after step `index` acted: once per
   * step. Running the steps of that page again would send it again (a drain hands the run back only before them).
   */
  onSent?(index: number): void;
  /**
   * ai_decision and manual steps ask the caller (who may call a model, or create a human task and wait).
   * For ai_decision the context holds only the step's declared inputs, secret values masked. Without it,
   * ai_decision fails with 'ai_unavailable' and manual with 'assertion_failed'.
   */
  decide?(index: number, step: Step, context: DecideContext): Promise<Decision>;
  /**
   * An element step found no certain element but a candidate (score ≥ CONFIRM_FLOOR, or a critical step): the
   * caller asks a person (a human task with the screenshot) and answers. Without it the step fails as before.
   * Secret values are masked in what it gets.
   */
  confirmElement?(index: number, step: Step, question: ElementQuestion): Promise<ElementAnswer>;
  /** Abort = stop at once (pages closed; an attended run's tab is only let go of), outcome 'stopped'. */
  signal?: AbortSignal;
  /**
   * An attended run, in a tab of the person's own browser (docs/automation.md "Attended runs"): `login` steps
   * are possible (`onLogin` is told when one opens and closes: the caller brings the tab to the front, shows the
   * instructions and treats the person's input as expected); the tab is never closed; a run resumed at a step goes
   * on in the tab as it is (no step before it runs again); the window size is the person's.
   */
  attended?: { onLogin(open: boolean, step: Step): void | Promise<void> };
};

/**
 * `stopped`: aborted (a person's stop, a shutdown). `stopped_by_decision`: a decision chose an option with
 * `then: "stop"`: the run ends there for a person to review (error type `stopped_by_decision`, `failedIndex` the
 * decision step, the message names the option and who chose it); it is not `completed`.
 */
export type RunOutcome = {
  status: 'completed' | 'failed' | 'stopped' | 'stopped_by_decision';
  /** The step that failed, the decision step that stopped the run, or the step before which (or during which) the run stopped. */
  failedIndex?: number;
  errorType?: ErrorType;
  errorMessage?: string;
  /** All variables at the end (inputs to a retry's `variables`). Unmasked: may hold what pages showed. */
  variables: Record<string, string>;
  /** Distinct steps that passed or were skipped (jumped over) in this call. */
  completedSteps: number;
};
