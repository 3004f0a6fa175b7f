// The state of one run and of the step being executed, shared by run.ts and steps.ts.
import type { BrowserContext, CDPSession, ElementHandle, Locator, Page, Request } from 'playwright-core';
import type { RetryPlan } from '../../../supabase/functions/_shared/retry-plan.ts';
import type { Step } from '../../../supabase/functions/_shared/schemas/definition.ts';
import type { StepError } from './errors.ts';
import type { LabelClick } from './label-echo.ts';
import type { NetworkGuard } from './network-guard.ts';
import type { PageError } from './page-errors.ts';
import type { ExecuteOptions, StepDecision, StepHeal, StepTable } from './types.ts';

export type NetworkConditions = { offline: boolean; latency: number; downloadThroughput: number; uploadThroughput: number };

export type StepContext = {
  index: number;
  /** The step with its templates substituted. */
  step: Step;
  run: RunState;
  timeoutMs: number;
  /** Date.now() by which the step's waits must end. */
  deadline: number;
  /** Aborted when the step is over (passed, failed or stopped): background waits end with it. */
  signal: AbortSignal;
  log(message: string): void;
  /** Ends the step at once with this error (dialogs, crashes, blocked navigations, stop). */
  fail(error: StepError): void;
  /**
   * Settles once the previous step's screenshot is taken and reported, this step's start is reported and the
   * page's answer to the previous step is read (page-errors.ts): a step may look (find its element) before, but
   * acts only after it (steps.ts), so each screenshot shows the page as its step left it while costing the next
   * step no time.
   */
  ready: Promise<void>;
  /** The page the step acted in (its end-of-step screenshot). */
  page?: Page;
  extracted?: Record<string, string>;
  /** An extract_table step's rows (extract-table.ts). */
  table?: StepTable;
  screenshot?: Buffer;
  decision?: StepDecision;
  /** The element was found by healing or confirmed by a person (confirm.ts). */
  heal?: StepHeal;
  /** Where the run goes next, when not to the next step. */
  /** `end`: the decision's option stops the run (`why` says which option, chosen by whom). */
  flow?: { goto: number } | { end: true; why: string };
  downloads: Promise<void>[];
  blockedOrigins: Set<string>;
};

export type RunState = {
  opts: ExecuteOptions;
  /** The reports (onStepStart, the end-of-step screenshot, onStepEnd) in order; each step's `ready` waits on it. */
  reporting: Promise<void>;
  context: BrowserContext;
  mainPage: Page;
  /** Every page of the context seen during the run, in the order they opened. */
  pages: Page[];
  variables: Record<string, string>;
  inputs: Record<string, string>;
  secrets: Record<string, string>;
  guard?: NetworkGuard;
  /** Fields the run filled with a secret value: masked in screenshots like password fields. */
  secretFields: Locator[];
  /** The fields themselves (never read back: secret-fields.ts), and the sites where the run typed a secret. */
  secretHandles: ElementHandle[];
  secretTyped: Set<string>;
  network?: NetworkConditions;
  /** Each page's CDP session (Chromium), opened when the page is first seen so the first screenshot does not wait for it. */
  cdp: Map<Page, Promise<CDPSession | undefined>>;
  aborted: boolean;
  crashed: boolean;
  /** Screenshots may be taken (false while a login step is open). */
  capturing: boolean;
  current?: StepContext;
  /** What happened between steps, handed to the next step. */
  pending: { logs: string[]; failure?: StepError };
  /** When the last dialog was answered (Date.now()). */
  lastDialogAt?: number;
  /** Page error messages (page-errors.ts) as last seen per page, and the acting step whose answer is not checked yet. */
  errorsSeen: Map<Page, PageError[]>;
  unchecked?: { index: number; page: Page };
  /** Requests of the context that have not finished yet. */
  inflight: Set<Request>;
  /** The last step that acted on a page (ACTING_STEPS), from its start: what the page sends is put down to it. */
  lastActing?: number;
  /** Steps after which a page sent data (a request other than GET, HEAD or OPTIONS: a form posted, a record saved). */
  sent: Set<number>;
  /** While the steps a retry's start step needs run again (run.ts replayForRetry). */
  replaying?: RetryPlan;
  /** The last click, when it may have toggled a box through its label and the next step may be its echo. */
  labelClick?: LabelClick;
};

export function remaining(ctx: StepContext): number {
  return Math.max(1, ctx.deadline - Date.now());
}

/** Logs on the current step, or on the next one when no step is running. */
export function logOnStep(run: RunState, message: string): void {
  if (run.current) run.current.log(message);
  else run.pending.logs.push(message);
}

/** Fails the current step, or the next one when no step is running. */
export function failStep(run: RunState, error: StepError): void {
  if (run.current) run.current.fail(error);
  else run.pending.failure ??= error;
}

/**
 * The page's CDP session, opened once (undefined outside Chromium, or when the page is gone). Opened as soon as
 * the run sees the page, so its end-of-step screenshot does not wait for a round trip to attach.
 */
export function cdpSession(run: RunState, page: Page): Promise<CDPSession | undefined> {
  let session = run.cdp.get(page);
  if (!session) {
    session = run.context.browser()?.browserType().name() === 'chromium' ? run.context.newCDPSession(page).catch(() => undefined) : Promise.resolve(undefined);
    run.cdp.set(page, session);
  }
  return session;
}
