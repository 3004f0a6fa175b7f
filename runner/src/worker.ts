// One runner process: takes run jobs from the queue (pg-boss), executes each run in a fresh browser
// context with the step engine, writes every step as it happens, renews the leases of its runs, fails
// the runs of runners that died, and starts scheduled workflows once a minute. A run waiting for a person
// (or paused by one) holds nothing: the runner parks it (its step, variables and encrypted browser storage
// state in Postgres), closes its browser context and frees its slot; the person's decision or resume starts a
// new attempt from that step, which any runner takes. Unless that attempt would send again what the run's page
// already sent: then the run is kept in place, and the decision or resume goes on in the same page (inPlace).
// A run paused past its organisation's limit is ended.
import PgBoss from 'pg-boss';
import type { Browser, BrowserContext } from 'playwright-core';
import { startAttendedRelay } from './attended/serve.ts';
import { pauseAttended } from './attended/db.ts';
import type { AttendedTab } from './attended/tab.ts';
import { BrowserPool } from './browsers.ts';
import { startEgressProxy } from './egress-proxy.ts';
import { type RunnerConfig } from './config.ts';
import { claimRun, type ClaimedRun, connect, decidedTask, earlierDecisions, expirePausedRuns, finishRun, finishStep, heartbeat, insertStep, isConnectionError, type LeaseState, leaseStates, loadInputFiles, loadSecrets, markStepSent, parkedBrowserState, parkRun, recordSecretUse, requeueRun, resumedAnswer, runState, sweepLostRuns } from './db.ts';
import { makeAskers } from './decisions.ts';
import { executeDefinition, holdSends, type InputFile, maskSecrets, READ_ONLY_STEPS, StepError, usedStep } from './engine/index.ts';
import { purgeExpiredRuns, startDueSchedules } from './schedules.ts';
import { checkRunner } from './self-check.ts';
import { RunSlots } from './slots.ts';
import { retryPlan } from '../../supabase/functions/_shared/retry-plan.ts';

export const RUN_QUEUE = 'run-workflow';
export const SCHEDULE_QUEUE = 'workflow-schedules';

type RunJob = { runId: string; attempt: number };

/** One attempt this runner executes: its engine's abort, its browser context, when its lease was last renewed. */
type Attempt = {
  run: ClaimedRun;
  abort: AbortController;
  context?: BrowserContext;
  renewedAt: number;
  lost: boolean;
  /** A step is under way (between its start and end reports). */
  inStep: boolean;
  /**
   * The step under way may change something on the site (a click, a typed value, an address opened): once it has
   * started, it is let finish, never cut short and run again, since its effect may already have happened (a form
   * sent twice). A pause or a shutdown takes effect at the step's end.
   */
  stepActs?: boolean;
  /** The step under way (0-based), while inStep. */
  stepIndex?: number;
  /** Steps after which the site received data (the engine's onSent): never run again by a hand-back. */
  sentSteps: Set<number>;
  /**
   * The runner is shutting down: the run goes back to the queue before its next step whose retry would run no
   * step again that sent data (safeToHandBack); until then, within KOLLEGA_RUNNER_DRAIN_STEP_END_MS, it goes on.
   */
  drainAtStepEnd?: boolean;
  /** The drain ended before the run reached such a point: it fails for a person to check. */
  drainUnfinished?: boolean;
  /** What the attempt is doing now, and since when: the watch logs an attempt that stays in one phase long. */
  phase: string;
  phaseAt: number;
  phaseLogged?: boolean;
  /** The run is let go of and parked at the end of execute(): a person paused it, or it waits for a person's decision. */
  parking: boolean;
  /** Parked to wait for a person's decision (a task it opened), not by a person's pause. */
  waiting?: boolean;
  /** Parked because the runner is shutting down (SIGTERM), not by a person. */
  draining?: boolean;
  /**
   * Paused by a person, or waiting for a person's decision, where parking would make the next attempt send data
   * again (letGoSafely): the attempt keeps its browser, slot and lease and goes on in the same page.
   */
  inPlace?: boolean;
  /** An attended run's connection to the person's tab: closing it only disconnects (the tab stays theirs). */
  attended?: { tab: AttendedTab; browser?: Browser };
  /** The browser's storage state (cookies, localStorage) taken before the context closed, kept with the parked run. */
  browserState?: string;
};

/** An attempt this long in one phase (a step, starting its browser) is logged, once per phase. */
const SLOW_PHASE_MS = 60_000;

/** How long taking the browser's storage state may delay letting go of a run (the page may still act meanwhile). */
const STATE_CAPTURE_MS = 1_000;

/**
 * Whether a new attempt from step `index` sends nothing twice: the steps its retry plan runs again to rebuild the
 * page (from the last navigate before it) include none after which the site received data. An attended run goes
 * on in the person's tab, where nothing runs again.
 */
function safeToHandBack(attempt: Attempt, index: number): boolean {
  if (attempt.attended) return true;
  return !retryPlan(attempt.run.definition.steps, index).replay.some((i) => attempt.sentSteps.has(i));
}

/** The runner, not the run, is at fault (no browser, secrets it cannot decrypt): the run fails as runner_misconfigured. */
class Misconfigured extends Error {}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Thrown into the engine when the attempt finds it has lost its lease: the run ends there, unrecorded. */
class LeaseLost extends Error {
  constructor() {
    super('this attempt no longer holds the run\'s lease');
  }
}

export type Runner = {
  /**
   * Stops taking jobs; with `drainMs`, runs in flight may finish for that long (their leases still renewed), then
   * the rest go back to the queue from their current step (a new attempt any runner takes), so a deploy ends none.
   */
  stop: (opts?: { drainMs?: number }) => Promise<void>;
  active: () => number;
};

export type RunnerLogger = (message: string) => void;

export async function startRunner(config: RunnerConfig, log: RunnerLogger = (m) => console.log(`[runner] ${m}`)): Promise<Runner> {
  const sql = connect(config.databaseUrl, config.concurrency + 3);
  const boss = new PgBoss({
    connectionString: config.databaseUrl,
    application_name: 'kollega-runner-queue',
    max: 3,
    migrate: false,
    // Maintenance and cron ticks are shared by every runner; pg-boss makes sure one of them does each.
    supervise: true,
    schedule: true,
  });
  boss.on('error', (error) => log(`queue error: ${error.message}`));
  await boss.start();

  /** The attempts this runner executes (waiting ones too), by run id. */
  const active = new Map<string, Attempt>();
  const slots = new RunSlots(config.concurrency);
  /** Whether the attempt's lease may have run out in the database: no heartbeat renewed it for nearly the lease. */
  const leaseExpired = (attempt: Attempt) => Date.now() > attempt.renewedAt + config.leaseMs - Math.min(1_000, config.leaseMs / 4);
  let stopping = false;
  // One sandboxed browser per organisation (browsers.ts); a run gets a fresh context in its organisation's.
  const browsers = new BrowserPool({
    chromiumPath: config.chromiumPath,
    wsEndpoint: config.browserWsEndpoint,
    browserUser: config.browserUser,
    idleMs: config.browserIdleMs,
  });

  // Every page's traffic through the egress proxy, which checks each address where it connects (egress-proxy.ts).
  const egress = config.proxy === 'builtin' ? await startEgressProxy({ log }) : undefined;
  const proxyServer = egress?.url ?? (config.proxy === 'off' ? undefined : config.proxy);

  const newContext = async (organizationId: string, storageState?: string) => {
    const browser = await browsers.acquire(organizationId);
    try {
      const context = await browser.newContext({
        // A parked run resumed: its cookies and localStorage as the page left them.
        ...(storageState && { storageState: JSON.parse(storageState) }),
        ...(proxyServer && { proxy: { server: proxyServer } }),
        acceptDownloads: true,
        viewport: { width: 1280, height: 800 },
        locale: 'sv-SE',
        timezoneId: 'Europe/Stockholm',
        // A service worker's requests bypass the context's routes, and with them the network guard.
        serviceWorkers: 'block',
      });
      context.once('close', () => browsers.release(organizationId));
      return context;
    } catch (error) {
      browsers.release(organizationId);
      throw error;
    }
  };

  /**
   * Why this runner takes no job now (undefined: it does): its self-check has not passed, or the breaker tripped
   * (browser starts failing in a row, secrets it cannot decrypt). A check every KOLLEGA_RUNNER_SELFCHECK_MS
   * clears it once everything works again.
   */
  let unhealthy: string | undefined = 'the self-check has not run yet';
  let browserFailures = 0;

  const selfCheck = () => checkRunner({ sql, secretsKey: config.secretsKey, newContext: () => newContext('self-check') });

  /** Stops fetching until the self-check passes again. */
  function tripBreaker(why: string): void {
    if (!unhealthy) log(`breaker: ${why}; taking no job until the self-check passes`);
    unhealthy ??= why;
  }

  /**
   * The attempt lost its lease (AUTOMATION "Once."): from now on it acts on no page and writes nothing. Its
   * engine is aborted and its browser context closed at once; the steps still under way end without a record.
   */
  function fence(attempt: Attempt, why: string): void {
    if (attempt.lost) return;
    attempt.lost = true;
    log(`run ${attempt.run.id} attempt ${attempt.run.attempt}: ${why}; this attempt does nothing more`);
    attempt.abort.abort();
    void closeContext(attempt);
  }

  /** Closes the attempt's browser context; an attended run's connection to the person's tab is only dropped. */
  function closeContext(attempt: Attempt): Promise<void> {
    const closing = attempt.attended ? attempt.attended.browser?.close() : attempt.context?.close();
    return (closing ?? Promise.resolve()).catch(() => {});
  }

  /** The browser's storage state for a parked run, within STATE_CAPTURE_MS; undefined when it cannot be had. */
  async function captureState(attempt: Attempt): Promise<void> {
    const context = attempt.context;
    // The person's own browser keeps its cookies: nothing of it is stored.
    if (!context || !config.secretsKey || attempt.browserState !== undefined || attempt.attended) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const state = await Promise.race([
      context.storageState().then((s) => JSON.stringify(s), () => undefined),
      new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), STATE_CAPTURE_MS))),
    ]);
    clearTimeout(timer);
    attempt.browserState = state;
  }

  /**
   * Lets go of a run: aborts its engine and closes its browser context at once, also mid-step. A stop ends it;
   * a pause, a wait for a person and a shutdown park it at the end of execute() (parkRun), with its browser
   * state taken first.
   */
  async function letGo(attempt: Attempt, why: 'stopped' | 'paused' | 'waiting' | 'draining'): Promise<void> {
    if (attempt.abort.signal.aborted || attempt.parking) return;
    if (why !== 'stopped') {
      attempt.parking = true;
      attempt.waiting = why === 'waiting';
      attempt.draining = why === 'draining';
      await captureState(attempt);
    }
    log(`run ${attempt.run.id}: ${why === 'stopped' ? 'stopped by a person' : why === 'paused' ? 'paused by a person' : why === 'waiting' ? 'waits for a person\'s decision' : 'the runner is shutting down'}: closing its browser context`);
    attempt.abort.abort();
    void closeContext(attempt);
  }

  /**
   * Lets go of the run at step `index` (parks it for a person, or hands it back on shutdown) when its next attempt
   * would send nothing twice: that attempt replays the page's steps before `index` (safeToHandBack). The page's
   * sends are held first (holdSends), so a send the browser has not reported yet, or one the page makes meanwhile,
   * cannot reach the site after the decision; the hold stays on while the context closes. `during`: the read-only
   * step under way is cut short (it must still be that step after the hold). Otherwise the hold is released and
   * the attempt keeps the run; false.
   */
  async function letGoSafely(attempt: Attempt, index: number, why: 'paused' | 'waiting' | 'draining', during = false): Promise<boolean> {
    if (attempt.parking || attempt.abort.signal.aborted || !safeToHandBack(attempt, index)) return false;
    const hold = attempt.context && !attempt.attended ? await holdSends(attempt.context) : undefined;
    const stillThere = !during || (attempt.inStep && !attempt.stepActs && attempt.stepIndex === index);
    // Not settled (a page too busy to answer): a send may have left unreported, so the attempt keeps the run.
    if (stillThere && !attempt.parking && !attempt.abort.signal.aborted && safeToHandBack(attempt, index) && !hold?.held() && (hold?.settled ?? true)) {
      await letGo(attempt, why);
      return true;
    }
    await hold?.release();
    return false;
  }

  /**
   * Keeps a run in place while a person pauses it, or decides its task, where parking it would send data twice
   * (letGoSafely refused): the attempt holds its browser, slot and lease, and once per watch period reads the run's
   * state and asks `until` (given that state) for the person's answer. Undefined when the run was stopped, lost its
   * lease, or the runner is shutting down (a run in place cannot be handed back: it ends for a person to check,
   * drainUnfinished).
   */
  async function inPlace<T>(attempt: Attempt, what: string, until: (state: LeaseState) => T | undefined | Promise<T | undefined>): Promise<T | undefined> {
    Object.assign(attempt, { inPlace: true, phase: `${what}, kept in place`, phaseAt: Date.now(), phaseLogged: false });
    log(`run ${attempt.run.id} attempt ${attempt.run.attempt}: ${what}; its page already sent data that a new attempt would send again, so the run stays in place (its browser, slot and lease kept) and goes on in the same page`);
    try {
      while (!attempt.lost && !attempt.abort.signal.aborted) {
        if (attempt.drainAtStepEnd) {
          attempt.drainUnfinished = true;
          return undefined;
        }
        const state = await runState(sql, attempt.run);
        if (state === 'lost') fence(attempt, 'its lease is gone (the run was ended, retried or taken by another runner)');
        else if (state === 'ended') await letGo(attempt, 'stopped');
        else {
          const answer = await until(state);
          if (answer !== undefined) return answer;
          await new Promise((resolve) => setTimeout(resolve, config.watchMs));
        }
      }
      return undefined;
    } finally {
      attempt.inPlace = false;
    }
  }

  /** Acts on what the database says of each attempt: a lost lease fences it, a person's stop or pause takes effect now. */
  function onLeaseStates(states: Map<string, LeaseState>): void {
    for (const [id, state] of states) {
      const attempt = active.get(id);
      if (!attempt) continue;
      if (state === 'lost') fence(attempt, 'its lease is gone (the run was ended, retried or taken by another runner)');
      else if (state === 'ended') void letGo(attempt, 'stopped');
      // A step that only waits or reads is cut short when the run's next attempt would send nothing twice; otherwise,
      // and during a step that acts on the site, the step ends first and the check before the next step parks the
      // run or keeps it in place (control below). A person's own input in their tab (attended) pauses at once,
      // through the tab's interrupt, not here.
      else if (state === 'paused' && attempt.inStep && !attempt.stepActs && !attempt.inPlace) void letGoSafely(attempt, attempt.stepIndex!, 'paused', true);
    }
  }

  /** Executes one attempt of a claimed run: in a fresh context of its organisation's browser, or in the person's tab (`tab`). */
  async function execute(run: ClaimedRun, tab?: AttendedTab): Promise<void> {
    const abort = new AbortController();
    // The claim stamped the first heartbeat.
    const attempt: Attempt = { run, abort, renewedAt: Date.now(), lost: false, inStep: false, parking: false, sentSteps: new Set(), phase: 'reading its saved state', phaseAt: Date.now(), ...(tab && { attended: { tab } }) };
    const phase = (what: string) => Object.assign(attempt, { phase: what, phaseAt: Date.now(), phaseLogged: false });
    active.set(run.id, attempt);
    let context: BrowserContext | undefined;
    let seq = 0;
    let completedSteps = run.startStep;
    let secrets: Record<string, string> = {};
    let secretOrigins: Record<string, string[]> = {};
    let files: Record<string, InputFile> = {};
    const stepRows = new Map<number, string>();
    /** The writes of markStepSent under way: done before the run's end is recorded. */
    let sentWrites: Promise<void> = Promise.resolve();
    try {
      // A parked run resumed: the browser state it was parked with, and a person's answer to its start step.
      const [storageState, resumed] = await Promise.all([tab ? null : parkedBrowserState(sql, run, config.secretsKey), resumedAnswer(sql, run)]);
      phase('reading its secrets and files');
      try {
        ({ values: secrets, origins: secretOrigins } = await loadSecrets(sql, run.id, run.definition, config.secretsKey));
        files = await loadInputFiles(sql, run.id, run.definition, config.secretsKey);
      } catch (error) {
        tripBreaker(`the secrets or files of run ${run.id} could not be decrypted: ${message(error)}`);
        throw new Misconfigured(`the runner could not decrypt the run's secrets or files (is its KOLLEGA_SECRETS_KEY the api's?): ${message(error)}`);
      }
      if (tab) {
        // What the person or their browser does (the tab closed, the debugging banner cancelled, their own input)
        // pauses the run with the reason, and the attempt lets go of it as for a person's pause.
        tab.onInterrupt((reason) => {
          if (attempt.lost || attempt.parking || abort.signal.aborted) return;
          log(`run ${run.id} attempt ${run.attempt}: paused in the person's browser (${reason})`);
          void pauseAttended(sql, run, reason).then(
            async (ok) => {
              if (ok) await letGo(attempt, 'paused');
            },
            (e) => log(`could not pause run ${run.id}: ${message(e)}`),
          );
        });
        phase('connecting to the person\'s tab');
        const connected = await tab.connect();
        attempt.attended = { tab, browser: connected.browser };
        context = connected.context;
      } else try {
        phase('starting its browser');
        context = await newContext(run.organizationId, storageState ?? undefined);
        browserFailures = 0;
      } catch (error) {
        if (++browserFailures >= config.breakerFailures) tripBreaker(`${browserFailures} browser starts in a row failed, the last: ${message(error)}`);
        throw new Misconfigured(`the runner could not start a browser for the run: ${message(error)}`);
      }
      attempt.context = context;
      if (abort.signal.aborted) await context.close();
      phase(`in the engine, before step ${run.startStep + 1}`);
      const outcome = await executeDefinition({
        context,
        definition: run.definition,
        inputs: run.inputs,
        files,
        variables: run.variables,
        secrets,
        secretOrigins,
        onSecretUse: (use) => recordSecretUse(sql, run, use),
        onSent: (index) => {
          attempt.sentSteps.add(index);
          const rowId = stepRows.get(index);
          // Kept on the step's row as soon as it is known (an automatic retry reads it); its end repeats it.
          if (rowId && !attempt.lost) {
            sentWrites = sentWrites.then(() => markStepSent(sql, run, rowId)).catch((e) => log(`run ${run.id}: could not record that step ${index + 1} sent data: ${message(e)}`));
          }
        },
        startAt: run.startStep,
        earlierDecisions: await earlierDecisions(sql, run),
        // The person's browser reaches what the person reaches (their intranet too): no guard of the runner's.
        allowPrivateAddresses: config.allowPrivateAddresses || !!tab,
        ...(tab && { attended: { onLogin: (open: boolean, step: Parameters<AttendedTab['login']>[1]) => tab.login(open, step) } }),
        signal: abort.signal,
        onStepStart: async ({ index, step }) => {
          phase(`starting step ${index + 1} (${step.type})`);
          // Before the step acts: an attempt without its lease starts nothing (the engine ends with the error).
          // The description with the values this run uses ("Fyll i {{input.leverantor}}" reads "Fyll i Dahl"): the run
          // card's current step and the step's row say what is done now, not what was recorded.
          const described = usedStep(step, { inputs: run.inputs, variables: run.variables, secrets })?.description ?? step.description;
          const row = attempt.lost ? null : await insertStep(sql, run, seq++, index, step, maskSecrets(described, secrets));
          if (!row) {
            fence(attempt, `it could not record step ${index + 1}`);
            throw new LeaseLost();
          }
          stepRows.set(index, row.id);
          // Let go of meanwhile (a pause, a shutdown): the step has not acted yet, and does not; it runs again in the
          // run's next attempt. The engine acts only once this start is reported.
          if (attempt.parking) {
            if (!abort.signal.aborted) await new Promise((resolve) => abort.signal.addEventListener('abort', resolve, { once: true }));
            return;
          }
          attempt.inStep = true;
          phase(`in step ${index + 1} (${step.type})`);
          attempt.stepIndex = index;
          attempt.stepActs = !READ_ONLY_STEPS.has(step.type);
        },
        onStepEnd: async (e) => {
          attempt.inStep = false;
          phase(`after step ${e.index + 1}`);
          const rowId = stepRows.get(e.index);
          if (!rowId || attempt.lost) return;
          if (attempt.parking && e.errorType === 'stopped') {
            // Interrupted by a pause, a wait for a person or a runner shutting down: not a failure; the step runs again.
            const why = attempt.draining
              ? 'interrupted: the runner was shut down (a deploy); this step runs again in a new attempt'
              : attempt.waiting
                ? 'waiting for a person to decide; the run holds no browser meanwhile, and this step runs again with their decision'
                : 'interrupted by a pause; this step runs again when the run is resumed';
            e = { ...e, status: 'skipped', errorType: undefined, errorMessage: undefined, log: [...e.log, { at: e.durationMs, message: why }] };
          }
          if (e.status === 'passed') completedSteps = Math.max(completedSteps, e.index + 1);
          const written = await finishStep(sql, run, rowId, {
            status: e.status,
            finishedAt: e.finishedAt,
            durationMs: e.durationMs,
            errorType: e.errorType,
            errorMessage: e.errorMessage,
            log: e.log,
            extracted: e.extracted,
            decision: e.decision,
            heal: e.heal,
            used: usedStep(e.step, { inputs: run.inputs, variables: run.variables, secrets }),
            table: e.table,
            screenshot: e.screenshot,
            completedSteps,
            variables: { ...run.variables, ...(e.extracted ?? {}) },
            // The AI's confidence also when a person took the decision it was unsure of.
            aiConfidence: e.decision?.confidence,
            sent: attempt.sentSteps.has(e.index),
          });
          if (!written && !attempt.lost) {
            const state = await runState(sql, run);
            if (state === 'lost') fence(attempt, `it could not record the end of step ${e.index + 1}`);
          }
          if (e.extracted) Object.assign(run.variables, e.extracted);
        },
        // Before each step: the lease is checked in the database, so an attempt that lost it (say, its runner
        // was frozen past the lease) takes no further step.
        control: async (next) => {
          if (attempt.lost || leaseExpired(attempt)) {
            fence(attempt, 'its lease ran out without a heartbeat');
            return 'stop';
          }
          if (attempt.drainAtStepEnd) {
            if (await letGoSafely(attempt, next.index, 'draining')) return 'stop';
            log(`run ${run.id}: not handed back before step ${next.index + 1}: its page already sent data that a new attempt would send again; it goes on while the runner drains`);
          }
          const state = await runState(sql, run);
          if (state === 'lost') fence(attempt, 'its lease is gone (the run was ended, retried or taken by another runner)');
          // A pause between steps parks the run here: the next step runs in a new attempt when it is resumed. Unless
          // that attempt would send again what this page sent: then the run waits here, and a resume goes on in it.
          if (state === 'paused' || state === 'waiting') {
            if (await letGoSafely(attempt, next.index, 'paused')) return 'stop';
            const resumed = await inPlace(attempt, `paused by a person before step ${next.index + 1}`, (now) => (now === 'running' ? true : undefined));
            return resumed ? 'continue' : 'stop';
          }
          return state === 'running' ? 'continue' : 'stop';
        },
        ...makeAskers({
          sql,
          run,
          ai: config.ai,
          secrets,
          stepRowId: (index) => stepRows.get(index),
          park: (index) => letGoSafely(attempt, index, 'waiting'),
          waitInPlace: (taskId, index) => inPlace(attempt, `waits for a person's decision at step ${index + 1}`, () => decidedTask(sql, run, taskId)),
          resumed,
        }),
      });
      phase('recording its end');
      await sentWrites;
      if (attempt.lost) return;
      if (attempt.parking && outcome.status === 'stopped') {
        const step = outcome.failedIndex ?? run.startStep;
        const browser = attempt.browserState && config.secretsKey ? { state: attempt.browserState, key: config.secretsKey } : undefined;
        const parked = await parkRun(sql, run, step, outcome.variables, browser);
        const how = attempt.draining ? 'handed back to the queue on shutdown' : attempt.waiting ? 'decided while it was let go of' : 'resumed while pausing';
        log(`run ${run.id} attempt ${run.attempt}: ${parked === 'parked' ? `${attempt.waiting ? 'waits for a person' : 'paused'} at step ${step + 1}, holding no browser; a ${attempt.waiting ? 'decision' : 'resume'} starts a new attempt there` : parked === 'restarted' ? `${how}: a new attempt from step ${step + 1} is queued` : 'its lease was gone when it was parked'}`);
        return;
      }
      if (outcome.status === 'stopped') {
        // A person's stop already ended the run (then this changes nothing); otherwise this runner is shutting down.
        await finishRun(sql, run, {
          status: 'failed',
          errorType: 'runner_lost',
          errorMessage: attempt.drainUnfinished
            ? 'The runner was shut down while the run was on a page that had already sent data to the site; it was not handed on, so that nothing is sent twice. Check what the site received, then retry from the step you choose.'
            : 'The runner was shut down during the run. Retry it from the step it had reached.',
          failedStep: outcome.failedIndex,
          variables: outcome.variables,
        });
        return;
      }
      const ended = await finishRun(sql, run, {
        status: outcome.status === 'stopped_by_decision' ? 'stopped' : outcome.status,
        errorType: outcome.errorType,
        errorMessage: outcome.errorMessage && maskSecrets(outcome.errorMessage, secrets),
        failedStep: outcome.failedIndex,
        variables: outcome.variables,
      });
      log(`run ${run.id} attempt ${run.attempt} ${ended ? outcome.status : 'was ended by a person'}${outcome.errorType ? ` (${outcome.errorType})` : ''}`);
    } catch (error) {
      await sentWrites;
      if (attempt.lost) return;
      const message = maskSecrets(error instanceof Error ? error.message : String(error), secrets);
      log(`run ${run.id} crashed: ${message}`);
      // A browser that could not even open the run's page is broken for every run: the next one starts a fresh one.
      const browser = context?.browser();
      if (error instanceof StepError && error.type === 'browser_crashed' && browser && !tab) void browsers.discard(run.organizationId, browser);
      await finishRun(sql, run, {
        status: 'failed',
        // The database gone for longer than the runner waits it out (db.ts outlasting) is not the browser's fault.
        errorType: error instanceof Misconfigured ? 'runner_misconfigured' : isConnectionError(error) ? 'runner_lost' : 'browser_crashed',
        errorMessage: message,
        variables: run.variables,
      }).catch((e) => log(`could not record the end of run ${run.id}: ${e instanceof Error ? e.message : e}`));
    } finally {
      if (active.get(run.id) === attempt) active.delete(run.id);
      tab?.onInterrupt(undefined);
      if (tab) await closeContext(attempt);
      else await context?.close().catch(() => {});
    }
  }

  /**
   * One queue job, fetched with a slot this call now holds: claims its run and executes it. The job is done
   * when the attempt has ended: the run finished, or was parked to wait for a person (a new attempt, a new job,
   * goes on from there).
   */
  async function handleRunJob(job: PgBoss.Job<RunJob>): Promise<void> {
    const { runId, attempt } = job.data;
    let run: ClaimedRun | null = null;
    try {
      if (stopping) {
        // Back to the queue for another runner (this one is stopping); the run has not been claimed.
        await requeueRun(sql, runId, attempt).catch((e) => log(`could not put run ${runId} back in the queue: ${e instanceof Error ? e.message : e}`));
        return;
      }
      const claimed = await claimRun(sql, runId, attempt, config.runnerId);
      if (claimed === 'definition_invalid') log(`run ${runId} attempt ${attempt}: its definition does not parse; it failed as definition_invalid`);
      // Its organisation has its share of runs in progress (on any runner): back into the queue for a moment.
      else if (claimed === 'busy') await requeueRun(sql, runId, attempt);
      else run = claimed;
    } finally {
      if (!run) slots.release();
    }
    if (!run) return;
    try {
      await execute(run);
    } finally {
      slots.release();
    }
  }

  /**
   * Takes a job only with a free slot (one fetch per free slot): the run is claimed right after, so no run
   * waits inside a runner for a slot, where it could not move to an idle runner and the sweep would fail it
   * as runner_lost.
   */
  async function fetchRuns(): Promise<void> {
    while (!stopping) {
      if (unhealthy) {
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      await slots.acquire();
      let job: PgBoss.Job<RunJob> | undefined;
      if (!stopping) {
        try {
          [job] = await boss.fetch<RunJob>(RUN_QUEUE, { batchSize: 1 });
        } catch (e) {
          log(`queue fetch failed: ${e instanceof Error ? e.message : e}`);
        }
      }
      if (!job) {
        slots.release();
        if (!stopping) await new Promise((r) => setTimeout(r, config.pollingIntervalSeconds * 1000));
        continue;
      }
      const taken = job;
      void handleRunJob(taken)
        .then(
          () => boss.complete(RUN_QUEUE, taken.id),
          (error) => {
            log(`run job ${taken.id} (run ${taken.data.runId}) failed: ${error instanceof Error ? error.message : error}`);
            return boss.fail(RUN_QUEUE, taken.id, { message: error instanceof Error ? error.message : String(error) });
          },
        )
        .catch((e) => log(`could not finish run job ${taken.id}: ${e instanceof Error ? e.message : e}`));
    }
  }
  unhealthy = await selfCheck();
  if (unhealthy) log(`self-check failed: ${unhealthy}; taking no job until it passes (checked every ${config.selfCheckMs / 1000} s)`);
  let checking = false;
  const checker = setInterval(() => {
    if (!unhealthy || checking || stopping) return;
    checking = true;
    void selfCheck()
      .then((problem) => {
        if (problem) return log(`self-check failed: ${problem}`);
        log(`self-check passed: taking jobs again`);
        unhealthy = undefined;
        browserFailures = 0;
      })
      .finally(() => (checking = false));
  }, config.selfCheckMs);
  void fetchRuns();

  // Attended runs: people's extensions connect here; each run executes in the person's tab (attended/serve.ts).
  const relay = config.relay
    ? await startAttendedRelay({ ...config.relay, sql, runnerId: config.runnerId, execute, stopping: () => stopping, log })
    : undefined;

  const workerIds: string[] = [];

  await boss.schedule(SCHEDULE_QUEUE, '* * * * *', {}, { tz: 'UTC', retryLimit: 0 });
  workerIds.push(
    await boss.work(SCHEDULE_QUEUE, { batchSize: 1, pollingIntervalSeconds: 2 }, async () => {
      const started = await startDueSchedules(sql);
      if (started) log(`schedules: ${started} run(s) started`);
      const purged = await purgeExpiredRuns(sql);
      if (purged) log(`retention: ${purged} finished run(s) deleted`);
    }),
  );

  // The heartbeat renews each attempt's lease and learns which it still holds; an attempt whose lease is not
  // renewed in time (the database out of reach) is fenced by the watch before the sweep could end its run.
  const beat = setInterval(() => {
    const attempts = [...active.values()].filter((a) => !a.lost);
    const sentAt = Date.now();
    heartbeat(sql, config.runnerId, attempts.map((a) => a.run))
      .then(async (held) => {
        for (const a of attempts) if (held.has(a.run.id)) a.renewedAt = Math.max(a.renewedAt, sentAt);
        const notHeld = attempts.filter((a) => !held.has(a.run.id)).map((a) => a.run);
        if (notHeld.length) onLeaseStates(await leaseStates(sql, notHeld));
      })
      .catch((e) => log(`heartbeat failed: ${e instanceof Error ? e.message : e}`));
  }, config.heartbeatMs);
  // The watch: one query for all of this runner's attempts about once a second, so a person's stop and a lost
  // lease take effect within 2 s, also in the middle of a step.
  let watching = false;
  const watcher = setInterval(() => {
    if (watching) return;
    const attempts = [...active.values()].filter((a) => !a.lost && !a.abort.signal.aborted);
    for (const a of attempts) if (leaseExpired(a)) fence(a, 'its lease ran out without a heartbeat');
    // For whoever reads the log of a run that seems stuck: where its attempt has been for over a minute.
    for (const a of active.values()) {
      if (!a.phaseLogged && Date.now() - a.phaseAt > SLOW_PHASE_MS) {
        a.phaseLogged = true;
        log(`run ${a.run.id} attempt ${a.run.attempt}: ${a.phase} for ${Math.round((Date.now() - a.phaseAt) / 1000)} s${a.lost ? ' (fenced)' : a.abort.signal.aborted ? ' (let go of)' : ''}`);
      }
    }
    const live = attempts.filter((a) => !a.lost);
    if (!live.length) return;
    watching = true;
    leaseStates(sql, live.map((a) => a.run))
      .then(onLeaseStates)
      .catch((e) => log(`watch failed: ${e instanceof Error ? e.message : e}`))
      .finally(() => (watching = false));
  }, config.watchMs);
  let expiredAt = 0;
  const sweep = async () => {
    try {
      const { lost, requeued } = await sweepLostRuns(sql, config.leaseMs);
      if (lost.length) log(`runner_lost: ${lost.join(', ')}`);
      if (requeued.length) log(`queued again (taken by a runner that never claimed them): ${requeued.join(', ')}`);
      // Parked runs paused past their organisation's limit end as waited_too_long, and attended runs no browser
      // connected to as attended_not_connected (a minute's precision is plenty).
      if (Date.now() - expiredAt >= 30_000) {
        expiredAt = Date.now();
        const expired = await expirePausedRuns(sql);
        if (expired.length) log(`ended while waiting (too long, or no browser connected): ${expired.join(', ')}`);
      }
    } catch (e) {
      log(`sweep failed: ${e instanceof Error ? e.message : e}`);
    }
  };
  await sweep();
  const sweeper = setInterval(sweep, Math.min(5_000, config.leaseMs / 3));

  log(`${config.runnerId} ready: ${config.concurrency} at a time, browser ${config.browserWsEndpoint ? 'remote' : `${config.chromiumPath}, sandboxed, one per organisation`}, egress ${egress ? 'through the built-in proxy' : proxyServer ? `through ${new URL(proxyServer).host}` : 'direct'}, AI ${config.ai ? `${config.ai.model} at ${config.ai.baseUrl}` : 'not set up (every decision goes to a person)'}`);

  return {
    active: () => active.size,
    stop: async ({ drainMs = 0 } = {}) => {
      stopping = true;
      for (const id of workerIds) await boss.offWork({ id }).catch(() => {});
      if (drainMs > 0 && active.size) {
        // Drain: heartbeats and the watch go on, so the runs in flight keep their leases while they finish.
        log(`draining: ${active.size} run(s) in progress may finish within ${drainMs} ms; no new job is taken`);
        const until = Date.now() + drainMs;
        while (active.size && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
        const going = [...active.values()].filter((attempt) => !attempt.lost && !attempt.abort.signal.aborted && !attempt.parking);
        // Nothing runs twice: a step that acts on the site is never cut short, and a run goes back to the queue only
        // before a step whose retry runs no step again after which the site received data (the check before each
        // step, control above). A step that only waits or reads is interrupted now when that holds.
        for (const attempt of going) {
          attempt.drainAtStepEnd = true;
          log(`run ${attempt.run.id} did not finish within the drain: handing it back to the queue before a step where nothing would run twice`);
        }
        const now = await Promise.all(going.map((attempt) => attempt.inStep && !attempt.stepActs && letGoSafely(attempt, attempt.stepIndex!, 'draining', true)));
        for (const [i, attempt] of going.entries()) if (now[i]) log(`run ${attempt.run.id}: handed back from its current step, which only waits or reads`);
        const later = going.filter((_, i) => !now[i]);
        const stepsEnd = Date.now() + config.drainStepEndMs;
        while (later.some((attempt) => active.has(attempt.run.id) && !attempt.parking) && Date.now() < stepsEnd) await new Promise((r) => setTimeout(r, 100));
        for (const attempt of later) {
          if (active.has(attempt.run.id) && !attempt.parking) {
            attempt.drainUnfinished = true;
            log(`run ${attempt.run.id}: no point where nothing would run twice came within ${config.drainStepEndMs} ms; it ends for a person to check and retry, not run again by itself`);
          }
        }
        const parked = Date.now() + 10_000;
        while (active.size && Date.now() < parked && [...active.values()].some((attempt) => attempt.parking)) await new Promise((r) => setTimeout(r, 100));
      }
      clearInterval(beat);
      clearInterval(watcher);
      clearInterval(checker);
      clearInterval(sweeper);
      // Runs still executing end as failed (browser gone) when the browser closes under them; their
      // lease is then not renewed and the row says why, so nothing is left running.
      for (const attempt of active.values()) attempt.abort.abort();
      const deadline = Date.now() + 5_000;
      while (active.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      await browsers.closeAll();
      await relay?.close();
      await egress?.close();
      await boss.stop({ graceful: false, wait: true, timeout: 2_000 }).catch(() => {});
      await sql.end({ timeout: 2 });
    },
  };
}
