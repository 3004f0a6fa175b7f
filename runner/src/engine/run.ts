// Executing a definition: step after step in the caller's browser context, each reported as it starts and
// ends; dialogs, downloads, popups, crashes and the network guard handled for the whole run.
import { stat } from 'node:fs/promises';
import type { Dialog, Download, Page, Request, Response, WebSocket } from 'playwright-core';
import { type RetryPlan, retryPlan } from '../../../supabase/functions/_shared/retry-plan.ts';
import { DEFAULT_STEP_TIMEOUT_MS, type Step } from '../../../supabase/functions/_shared/schemas/definition.ts';
import { StepError, describeError, toStepError, within } from './errors.ts';
import { sameUrlLoosely, sleep } from './locate.ts';
import { READING_METHODS } from './hold-sends.ts';
import { installNetworkGuard } from './network-guard.ts';
import { ACTING_STEPS, newErrors, pageErrors } from './page-errors.ts';
import { captureJpeg } from './screenshot.ts';
import { loginTimeout } from './login.ts';
import { cdpSession, failStep, logOnStep, type RunState, type StepContext } from './state.ts';
import { applyNetworkConditions, openUrl, runStep } from './steps.ts';
import { maskDeep, maskSecrets, resolveStep } from './templates.ts';
import type { Decision, ExecuteOptions, RunOutcome, StepEnd, StepLogEntry } from './types.ts';

/** Step executions per call at most: a decision that loops for ever fails instead of running for ever. */
export const MAX_STEP_EXECUTIONS = 10_000;

export async function executeDefinition(opts: ExecuteOptions): Promise<RunOutcome> {
  const steps = opts.definition.steps;
  const startAt = opts.startAt ?? 0;
  if (!Number.isInteger(startAt) || startAt < 0 || (startAt > 0 && startAt >= steps.length)) {
    throw new RangeError(`startAt ${startAt} is not a step of this definition (${steps.length} steps)`);
  }
  const { run, dispose } = await startRun(opts);
  const completed = new Set<number>();
  const outcome = (o: Omit<RunOutcome, 'variables' | 'completedSteps'>): RunOutcome => ({
    ...o,
    ...(o.errorMessage !== undefined && { errorMessage: maskSecrets(o.errorMessage, run.secrets) }),
    variables: { ...run.variables },
    completedSteps: completed.size,
  });
  try {
    // An attended run goes on in the person's tab as it is: nothing runs again to restore the page.
    if (startAt > 0 && !opts.attended) {
      const ended = await replayForRetry(run, retryPlan(steps, startAt), completed);
      if (ended) return outcome(ended);
    }
    let index = startAt;
    let executions = 0;
    while (index < steps.length) {
      if ((await controlBeforeStep(run, index)) === 'stop') return outcome(stoppedBefore(index));
      if (++executions > MAX_STEP_EXECUTIONS) {
        return outcome({ status: 'failed', failedIndex: index, errorType: 'assertion_failed', errorMessage: `the run executed ${MAX_STEP_EXECUTIONS} steps; a decision probably loops` });
      }
      const prepare = index === startAt && startAt > 0 && !opts.attended ? retryWindow(run, startAt) : undefined;
      const { end, flow } = await executeStep(run, index, prepare);
      if (end.status === 'failed') return outcome(failedAt(index, end));
      completed.add(index);
      if (flow && 'end' in flow) {
        // Not a completion: the steps after it did not run, and a person reviews why (docs/automation.md "Runs").
        for (let i = index + 1; i < steps.length; i++) await reportSkipped(run, i, `skipped: the decision in step ${index + 1} stopped the run`);
        const errorMessage = `the decision in step ${index + 1} stopped the run for review: ${flow.why}`;
        return outcome({ status: 'stopped_by_decision', failedIndex: index, errorType: 'stopped_by_decision', errorMessage });
      }
      if (flow && 'goto' in flow) {
        for (let i = index + 1; i < flow.goto; i++) {
          await reportSkipped(run, i, `skipped: the decision in step ${index + 1} went to step ${flow.goto + 1}`);
          completed.add(i);
        }
        index = flow.goto;
        continue;
      }
      index++;
    }
    return outcome({ status: 'completed' });
  } finally {
    // The last step's screenshot and report (a failed report ends the run with its error, as before).
    await run.reporting.finally(dispose);
  }
}

// ---------------------------------------------------------------------------------------------------------
// The run's browser: pages, dialogs, downloads, crashes, guard, stop

type Ending = Omit<RunOutcome, 'variables' | 'completedSteps'>;

function stoppedBefore(index: number): Ending {
  return { status: 'stopped', failedIndex: index, errorType: 'stopped', errorMessage: `the run was stopped before step ${index + 1}` };
}

function failedAt(index: number, end: StepEnd): Ending {
  return { status: end.errorType === 'stopped' ? 'stopped' : 'failed', failedIndex: index, errorType: end.errorType, errorMessage: end.errorMessage };
}

async function startRun(opts: ExecuteOptions): Promise<{ run: RunState; dispose: () => Promise<void> }> {
  const context = opts.context;
  const decide = opts.decide;
  const run: RunState = {
    // In a retry's replay a decision taken by an earlier attempt is reused, not asked again.
    opts: { ...opts, ...(decide && { decide: async (index, step, given) => reusedDecision(run, step) ?? decide(index, step, given) }) },
    context,
    mainPage: undefined as unknown as Page,
    pages: [],
    variables: { ...opts.variables },
    inputs: { ...opts.inputs },
    secrets: opts.secrets,
    secretFields: [],
    secretHandles: [],
    secretTyped: new Set(),
    cdp: new Map(),
    aborted: false,
    crashed: false,
    capturing: true,
    pending: { logs: [] },
    reporting: Promise.resolve(),
    inflight: new Set(),
    sent: new Set(),
    errorsSeen: new Map(),
  };
  const cleanups: (() => void)[] = [];
  // Playwright's emitters have one overload per event; this registers any of them and removes it at the end.
  type Emitter = { on(event: string, listener: (...args: never[]) => unknown): unknown; off(event: string, listener: (...args: never[]) => unknown): unknown };
  const on = <A extends unknown[]>(target: object, event: string, handler: (...args: A) => unknown) => {
    const emitter = target as Emitter;
    emitter.on(event, handler as (...args: never[]) => unknown);
    cleanups.push(() => emitter.off(event, handler as (...args: never[]) => unknown));
  };

  // Data sent to the site after a step acted (a request that is not only a read, or a WebSocket message): that step
  // is not run again by itself (a drain's hand-back, a retry's warning; docs/automation.md "Drain").
  const noteSent = () => {
    const acted = run.lastActing;
    if (acted === undefined || run.sent.has(acted)) return;
    run.sent.add(acted);
    opts.onSent?.(acted);
  };
  const track = (page: Page) => {
    if (run.pages.includes(page)) return;
    run.pages.push(page);
    on(page, 'websocket', (socket: WebSocket) => socket.on('framesent', noteSent));
    on(page, 'crash', () => {
      run.crashed = true;
      failStep(run, new StepError('browser_crashed', `the page ${page.url()} crashed`));
    });
    on(page, 'download', (download: Download) => onDownload(run, download));
    if (run.mainPage) logOnStep(run, `a new window opened: ${page.url()}`);
    if (run.network) applyNetworkConditions(run, page, run.network).catch(() => {});
    else if (!page.isClosed()) void cdpSession(run, page);
  };
  let disposing = false;
  const lost = (what: string) => () => {
    if (disposing) return;
    run.crashed = true;
    failStep(run, new StepError('browser_crashed', what));
  };
  on(context, 'page', track);
  on(context, 'request', (request: Request) => {
    run.inflight.add(request);
    if (!READING_METHODS.has(request.method())) noteSent();
  });
  // A request counts as done once its server answered: the request a step started has then arrived. (The
  // body may still stream, and Playwright does not always report the end of a body the page never reads.)
  on(context, 'response', (response: Response) => run.inflight.delete(response.request()));
  on(context, 'requestfinished', (request: Request) => run.inflight.delete(request));
  on(context, 'requestfailed', (request: Request) => run.inflight.delete(request));
  on(context, 'dialog', (dialog: Dialog) => onDialog(run, dialog));
  on(context, 'close', lost('the browser context closed'));
  const browser = context.browser();
  if (browser) on(browser, 'disconnected', lost('the browser went away'));

  if (!opts.allowPrivateAddresses) {
    run.guard = await installNetworkGuard(context, {
      lookup: opts.lookup,
      onBlocked: ({ url, reason, request, redirect }) => {
        let topLevel = false;
        try {
          topLevel = !!request && request.isNavigationRequest() && request.frame().parentFrame() === null;
        } catch {
          // a service worker's request has no frame
        }
        if (topLevel) {
          const how = redirect ? 'was redirected to' : 'tried to open';
          return failStep(run, new StepError('blocked_address', `the page ${how} ${url}, which runs may not reach: ${reason}`));
        }
        const origin = URL.canParse(url) ? new URL(url).origin : url;
        const current = run.current;
        if (current?.blockedOrigins.has(origin)) return;
        current?.blockedOrigins.add(origin);
        logOnStep(run, redirect ? `a request was redirected to ${url}, which runs may not reach: ${reason}` : `blocked a request to ${url}: ${reason}`);
      },
    });
  }

  for (const page of context.pages()) track(page);
  // A browser that cannot start a page any more (its helper processes gone, the main one still answering) would
  // keep newPage waiting for ever: bounded, it fails as browser_crashed.
  run.mainPage = run.pages.find((p) => !p.isClosed()) ?? (await within(context.newPage(), opts.pageOpenMs ?? PAGE_OPEN_MS, () => new StepError('browser_crashed', `the browser did not open a page within ${(opts.pageOpenMs ?? PAGE_OPEN_MS) / 1000} s`)));
  track(run.mainPage);

  const closing: Promise<unknown>[] = [];
  const onAbort = () => {
    run.aborted = true;
    failStep(run, new StepError('stopped', 'the run was stopped'));
    // The person's own tab (an attended run) stays open: the run only lets go of it.
    if (!opts.attended) for (const page of run.pages) closing.push(page.close().catch(() => {}));
  };
  if (opts.signal?.aborted) onAbort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });

  const dispose = async () => {
    disposing = true;
    opts.signal?.removeEventListener('abort', onAbort);
    if (closing.length) await Promise.race([Promise.allSettled(closing), sleep(5000)]);
    for (const cleanup of cleanups) cleanup();
    await run.guard?.dispose();
    // Not awaited: detaching from a crashed or closing page may never answer.
    for (const session of run.cdp.values()) session.then((s) => s?.detach()).catch(() => {});
  };
  return { run, dispose };
}

function quote(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(one.length > 120 ? `${one.slice(0, 117)}…` : one);
}

/** alert, confirm and beforeunload are accepted (as the recording's person did); prompt fails the step. */
async function onDialog(run: RunState, dialog: Dialog) {
  const type = dialog.type();
  if (type === 'prompt') {
    failStep(run, new StepError('unexpected_dialog', `the page asked prompt(${quote(dialog.message())}), which a run cannot answer; it was dismissed`));
    await dialog.dismiss().catch(() => {});
    return;
  }
  logOnStep(run, type === 'beforeunload' ? 'the page asked to confirm leaving it; accepted' : `dialog ${type}(${quote(dialog.message())}) accepted`);
  run.lastDialogAt = Date.now();
  await dialog.accept().catch(() => {});
  run.lastDialogAt = Date.now();
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Logs a download's name and size on the step during which it started, once it has finished. */
function onDownload(run: RunState, download: Download) {
  const ctx = run.current;
  const log = (message: string) => (ctx ? ctx.log(message) : logOnStep(run, message));
  const name = download.suggestedFilename();
  const done = (async () => {
    const failure = await download.failure();
    if (failure) return log(`download ${name} failed: ${failure}`);
    let size: number | undefined;
    try {
      size = (await stat(await download.path())).size;
    } catch {
      // a remote browser keeps the file: count it as it streams over
      try {
        size = 0;
        for await (const chunk of await download.createReadStream()) size += (chunk as Buffer).length;
      } catch {
        size = undefined;
      }
    }
    log(`download ${name}${size !== undefined ? ` (${formatSize(size)})` : ''}`);
  })().catch((error) => log(`download ${name}: ${describeError(error)}`));
  ctx?.downloads.push(done);
}

// ---------------------------------------------------------------------------------------------------------
// Steps

/** How long the browser may take to open the run's first page. */
export const PAGE_OPEN_MS = 30_000;

/**
 * How long past its deadline a step may still be busy before it fails as `timeout`: a page whose script never
 * ends (or a renderer that stopped) leaves calls without a timeout of their own (evaluate) waiting for ever, and
 * the run with them, its lease renewed. Steps that wait by design (a wait, a person, a sign-in) are not watched.
 */
export const STEP_HANG_MS = 20_000;
const UNWATCHED_STEPS = new Set(['wait', 'manual', 'ai_decision', 'login']);

/**
 * Steps that only wait, look or read: cut short and run again, they change nothing on the site (the runner's drain
 * and a person's pause interrupt them at once). Every other step may act on the site, and is let finish.
 */
export const READ_ONLY_STEPS: ReadonlySet<string> = new Set(['wait', 'waitForElement', 'waitForExpression', 'screenshot', 'extract', 'extract_table', 'hover', 'scroll', 'setViewport', 'emulateNetworkConditions', ...UNWATCHED_STEPS]);

const SETTLE_QUIET_MS = 150;
const DIALOG_QUIET_MS = 150;
const SETTLE_MAX_MS = 2000;

/**
 * Before the last step ends, lets the page finish what the step started (the request that sends a form, the
 * navigation after it, a download): until no request has been in flight for a moment, at most SETTLE_MAX_MS
 * (long polls and streams never finish). The caller closes the context right after the run; and what happens
 * meanwhile is still logged on the step.
 */
async function settle(run: RunState): Promise<void> {
  const until = Date.now() + SETTLE_MAX_MS;
  let quietSince = Date.now();
  const open = (request: Request) => {
    try {
      return !request.frame().page().isClosed();
    } catch {
      return false; // a service worker's request
    }
  };
  while (Date.now() < until && !run.aborted) {
    if ([...run.inflight].some(open)) quietSince = Date.now();
    else if (Date.now() - quietSince >= SETTLE_QUIET_MS) return;
    await sleep(50);
  }
}

async function controlBeforeStep(run: RunState, index: number): Promise<'continue' | 'stop'> {
  if (run.aborted) return 'stop';
  return run.opts.control({ index });
}

function classify(run: RunState, error: unknown): StepError {
  if (run.aborted) return error instanceof StepError && error.type === 'stopped' ? error : new StepError('stopped', 'the run was stopped');
  // A crash during a step is the step's failure, whatever the interrupted call made of it (a navigation the crash
  // cut short reads "navigation failed").
  if (run.crashed) return error instanceof StepError && error.type === 'browser_crashed' ? error : new StepError('browser_crashed', `the browser went away during the step: ${error instanceof StepError ? error.message : describeError(error)}`);
  if (error instanceof StepError) return error;
  return toStepError(error, 'assertion_failed');
}

/** The small end-of-step screenshot (viewport, JPEG ~50); never fails the step. */
async function endScreenshot(run: RunState, ctx: StepContext): Promise<Buffer | undefined> {
  if (run.aborted || run.crashed || !run.capturing) return undefined;
  const page = [ctx.page, run.mainPage, ...[...run.pages].reverse()].find((p) => p && !p.isClosed());
  // An empty window (the viewport set before the first page opened) has nothing to show; a new renderer's first
  // frame cost up to 3 s.
  if (!page || page.url() === 'about:blank') return undefined;
  try {
    const cdp = () => cdpSession(run, page);
    // A page that stopped answering gives no picture rather than holding the run.
    return (await within(captureJpeg(page, { qualities: [50, 30, 15], extraMasks: run.secretFields, timeoutMs: 3000, cdp }), 6000, () => new Error('no screenshot within 6 s'))).image;
  } catch {
    return undefined;
  }
}

async function executeStep(
  run: RunState,
  index: number,
  prepare?: (ctx: StepContext) => Promise<void>,
  replay?: RetryPlan,
): Promise<{ end: StepEnd; flow?: StepContext['flow'] }> {
  const original = run.opts.definition.steps[index]!;
  const reported = maskDeep(original, run.secrets);
  const startedAt = new Date();
  const t0 = startedAt.getTime();
  // The previous step's screenshot and report may still be under way: this step may look meanwhile, and acts only
  // once they and its own start are reported (ctx.ready; a failed report ends the run, as before).
  const ready = run.reporting
    .then(() => run.opts.onStepStart({ index, step: reported, startedAt }))
    .then(() => {
      // Let go of while its start was reported (a pause, a runner shutting down): the step does not act.
      if (run.aborted) throw new StepError('stopped', 'the run was stopped before the step acted');
    });
  ready.catch(() => {});
  run.reporting = ready;

  const timeoutMs = original.type === 'login' ? loginTimeout(original) : original.timeout || run.opts.defaultTimeoutMs || DEFAULT_STEP_TIMEOUT_MS;
  const log: StepLogEntry[] = [];
  const over = new AbortController();
  let fail!: (error: StepError) => void;
  const fatal = new Promise<never>((_, reject) => (fail = reject));
  // What ends the step after its action was decided (a crash during its screenshot) goes to the next step.
  let late: StepError | undefined;
  fatal.catch((e: StepError) => (late = e));
  let ended = false;
  const ctx: StepContext = {
    index,
    step: original,
    run,
    timeoutMs,
    deadline: t0 + timeoutMs,
    signal: over.signal,
    log: (message) => (ended ? logOnStep(run, message) : log.push({ at: Date.now() - t0, message: maskSecrets(message, run.secrets) })),
    fail: (error) => fail(error),
    ready,
    downloads: [],
    blockedOrigins: new Set(),
  };
  // The step's time counts from when it may act: waiting for the previous step's screenshot and report (slow under
  // load, or with a slow database) takes none of it.
  ready.then(() => (ctx.deadline = Math.max(ctx.deadline, Date.now() + timeoutMs)), () => {});
  run.current = ctx;
  for (const message of run.pending.logs.splice(0)) ctx.log(message);
  if (replay) ctx.log(replayReason(replay, index));

  // The watch over a page that stopped answering (STEP_HANG_MS), from when the step may act.
  let watch: ReturnType<typeof setInterval> | undefined;
  let watched = !UNWATCHED_STEPS.has(original.type);
  if (watched) {
    ready.then(() => {
      if (!watched) return;
      watch = setInterval(() => {
        if (Date.now() > ctx.deadline + (run.opts.hangMs ?? STEP_HANG_MS)) fail(new StepError('timeout', `the page stopped answering: the step was still busy ${Math.round((Date.now() - t0) / 1000)} s after it started`));
      }, 1000);
    }, () => {});
  }
  let error: StepError | undefined;
  try {
    const earlier = run.pending.failure;
    run.pending.failure = undefined;
    if (earlier) throw earlier;
    if (run.aborted) throw new StepError('stopped', 'the run was stopped');
    if (ACTING_STEPS.has(original.type)) run.lastActing = index;
    ctx.step = resolveStep(original, run);
    // The page's answer to the previous step is read while this step looks for its element; the step acts only
    // once it is read (ctx.ready), and an error the page showed is this step's failure whatever else happened.
    const answered = checkPageAnswer(run, ACTING_STEPS.has(original.type));
    answered.catch(() => {});
    ctx.ready = ready.then(() => answered);
    ctx.ready.catch(() => {});
    const work = (async () => {
      if (prepare) {
        await answered;
        await prepare(ctx);
        ctx.deadline = Date.now() + timeoutMs; // the step's own budget starts after the retry's preparation
      }
      try {
        await runStep(ctx);
      } finally {
        await answered; // the page's error, if it showed one, is the step's failure
      }
    })();
    work.catch(() => {});
    await Promise.race([work, fatal]);
  } catch (thrown) {
    error = classify(run, thrown);
  }
  watched = false;
  clearInterval(watch);
  over.abort();
  if (replay && ctx.flow && !error) ctx.flow = replayFlow(ctx, replay, ctx.flow);
  const steps = run.opts.definition.steps;
  const next = !ctx.flow ? index + 1 : 'goto' in ctx.flow ? ctx.flow.goto : steps.length;
  if (!error && ACTING_STEPS.has(original.type) && ctx.page) run.unchecked = { index, page: ctx.page };
  if (!error && next >= steps.length) {
    await settle(run);
    error = await checkPageAnswer(run).then(
      () => undefined,
      (e: StepError) => e,
    );
  }
  // A dialog's script goes on once it is accepted and may open the next one at once: let it, on this step.
  while (run.lastDialogAt !== undefined && run.lastDialogAt >= t0 && Date.now() - run.lastDialogAt < DIALOG_QUIET_MS && Date.now() - t0 < timeoutMs + 2000) {
    await sleep(25);
  }
  if (ctx.downloads.length) {
    const bound = Math.min(30_000, Math.max(2000, ctx.deadline - Date.now()));
    await Promise.race([Promise.allSettled(ctx.downloads), sleep(bound)]);
  }
  await ready.catch((e: unknown) => {
    if (!(e instanceof StepError && e.type === 'stopped')) throw e;
  });
  const finishedAt = new Date();
  // From here what happens belongs to the next step (a crash during the screenshot fails it before it acts).
  ended = true;
  if (late && !error) run.pending.failure ??= late;
  run.current = undefined;

  const end: StepEnd = {
    index,
    step: reported,
    status: error ? 'failed' : 'passed',
    startedAt,
    finishedAt,
    durationMs: finishedAt.getTime() - t0,
    log,
    ...(error && { errorType: error.type, errorMessage: maskSecrets(error.message, run.secrets) }),
    ...(ctx.extracted && { extracted: ctx.extracted }),
    ...(ctx.table && { table: ctx.table }),
    ...(ctx.decision && { decision: maskDeep(ctx.decision, run.secrets) }),
    ...(ctx.heal && { heal: maskDeep(ctx.heal, run.secrets) }),
  };
  // The screenshot is taken and the end reported while the next step looks for its element (it acts only after).
  // A login step has no screenshot: what the person's sign-in showed stays on their screen. Nor has the step before
  // one, which leaves the tab on the sign-in page (a QR code may already show); without this its screenshot would
  // depend on whether it was taken before the login step began, a race.
  const signIn = original.type === 'login' || run.opts.definition.steps[index + 1]?.type === 'login';
  const shot = ctx.screenshot ? Promise.resolve(ctx.screenshot) : signIn ? Promise.resolve(undefined) : endScreenshot(run, ctx);
  run.reporting = shot.then((screenshot) => run.opts.onStepEnd({ ...end, ...(screenshot && { screenshot }) }));
  run.reporting.catch(() => {});
  return { end, flow: error ? undefined : ctx.flow };
}

/**
 * Fails when the page answered the last acting step with an error message (page-errors.ts) that was not there
 * before; records what each page shows now. Called as each step starts (reading only when the step acts or
 * follows one that did) and after the last one.
 */
async function checkPageAnswer(run: RunState, acting = false): Promise<void> {
  const pending = run.unchecked;
  run.unchecked = undefined;
  // Nothing to compare and no step about to act whose answer would be compared with what shows now: not read (a
  // step that does not act reads nothing; the next acting step reads what was already there when it starts).
  if (!pending && !acting) return;
  const pages = new Set([run.mainPage, ...(pending ? [pending.page] : [])].filter((p) => !p.isClosed()));
  for (const page of pages) {
    const before = run.errorsSeen.get(page);
    const now = await pageErrors(page);
    run.errorsSeen.set(page, now);
    const fresh = before && pending ? newErrors(before, now) : [];
    if (fresh.length) {
      const said = fresh.map((e) => `"${e.text}"`).join(', ');
      throw new StepError('assertion_failed', `the page answered step ${pending!.index + 1} with an error: ${said}; nothing more was done`);
    }
  }
}

async function reportSkipped(run: RunState, index: number, reason: string) {
  const step = maskDeep(run.opts.definition.steps[index]!, run.secrets);
  const at = new Date();
  run.reporting = run.reporting
    .then(() => run.opts.onStepStart({ index, step, startedAt: at }))
    .then(() => run.opts.onStepEnd({ index, step, status: 'skipped', startedAt: at, finishedAt: at, durationMs: 0, log: [{ at: 0, message: reason }] }));
  await run.reporting;
}

// ---------------------------------------------------------------------------------------------------------
// Retry: the start step's page is rebuilt first (docs/automation.md "Retry", _shared/retry-plan.ts)

/**
 * A retry starts in a fresh context, so before its start step the steps its page needs run again, each reported
 * as a step of this attempt: the last setViewport / emulateNetworkConditions before the page, the navigate that
 * opens it, and every step on it up to the start step (fills, clicks, extracts refreshing their variables).
 * Decisions among them reuse the earlier attempt's answer (`earlierDecisions`); a failure ends the run there.
 */
async function replayForRetry(run: RunState, plan: RetryPlan, completed: Set<number>): Promise<Ending | undefined> {
  run.replaying = plan;
  try {
    for (let k = 0; k < plan.replay.length; k++) {
      const index = plan.replay[k]!;
      if ((await controlBeforeStep(run, index)) === 'stop') return stoppedBefore(index);
      const { end, flow } = await executeStep(run, index, undefined, plan);
      if (end.status === 'failed') return failedAt(index, end);
      completed.add(index);
      // A decision's jump forward on the page is followed, as in the attempt that took it (replayFlow).
      while (flow && 'goto' in flow && k + 1 < plan.replay.length && plan.replay[k + 1]! < flow.goto) {
        const skipped = plan.replay[++k]!;
        await reportSkipped(run, skipped, `skipped: the decision in step ${index + 1} went to step ${flow.goto + 1}`);
        completed.add(skipped);
      }
    }
  } finally {
    run.replaying = undefined;
  }
  return undefined;
}

/** The first log line of a step that runs again for a retry. */
function replayReason(plan: RetryPlan, index: number): string {
  const why = `retry from step ${plan.fromStep + 1}: step ${index + 1} runs again`;
  if (plan.context.includes(index)) return `${why} (it set up the window before step ${plan.page! + 1})`;
  if (index === plan.page) return `${why}: it opens the page again`;
  return `${why} to restore the page${plan.page === null ? ' (the run starts over: no step before opens a page)' : ` step ${plan.page + 1} opened`}`;
}

/**
 * Where a decision's answer leads during a replay: a jump forward on the page (up to the start step) is
 * followed; ending the run, a jump back or one past the start step is not (the person asked to retry from
 * the start step), and the log says so.
 */
function replayFlow(ctx: StepContext, plan: RetryPlan, flow: NonNullable<StepContext['flow']>): StepContext['flow'] {
  if ('goto' in flow && flow.goto > ctx.index && flow.goto <= plan.fromStep) return flow;
  const would = 'end' in flow ? 'would end the run' : `would go to step ${flow.goto + 1}`;
  ctx.log(`retry: the answer ${would}; the retry goes on to step ${plan.fromStep + 1} as asked`);
  return undefined;
}

/** During a replay, an ai_decision or manual step's answer from an earlier attempt, when there is one that still fits. */
function reusedDecision(run: RunState, step: Step): Decision | undefined {
  if (!run.replaying) return undefined;
  const earlier = run.opts.earlierDecisions?.[step.id];
  if (!earlier) {
    logOnStep(run, 'retry: no earlier attempt answered this decision; it is asked now');
    return undefined;
  }
  if (step.type === 'ai_decision' && !step.options.some((o) => o.value === earlier.choice)) {
    logOnStep(run, `retry: the earlier answer "${earlier.choice}" is no longer an option; the decision is asked again`);
    return undefined;
  }
  logOnStep(run, `retry: the earlier attempt's answer is used (${earlier.by === 'ai' ? 'the AI' : 'a person'} decided "${earlier.choice}"); no one is asked again`);
  return { choice: earlier.choice, by: earlier.by, confidence: earlier.confidence, reason: earlier.reason, details: { ...earlier.details, reused: true } };
}

/** A start step that acts in a popup the replay did not open gets that popup's address opened in a new window. */
function retryWindow(run: RunState, startAt: number): ((ctx: StepContext) => Promise<void>) | undefined {
  const start = run.opts.definition.steps[startAt]!;
  if (!('target' in start) || !start.target || start.target === 'main') return undefined;
  return async (ctx) => {
    const resolved = resolveStep(start, run);
    const url = 'target' in resolved ? resolved.target : undefined;
    if (!url || run.pages.some((p) => !p.isClosed() && (p.url() === url || sameUrlLoosely(p.url(), url)))) return;
    const page = await run.context.newPage();
    await openUrl(ctx, page.mainFrame(), url);
    ctx.log(`retry: opened the window ${url} the step acts in`);
  };
}
