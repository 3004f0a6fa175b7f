// One runner process: takes run jobs from the queue (pg-boss), executes each run in a fresh browser
// context with the step engine, writes every step as it happens, renews the leases of its runs, fails
// the runs of runners that died, and starts scheduled workflows once a minute. A run waiting for a person
// (or paused by one) gives its slot to other runs meanwhile (slots.ts): its queue job is done, and the
// run goes on in this process when the person has acted.
import PgBoss from 'pg-boss';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import { type RunnerConfig } from './config.ts';
import { claimRun, type ClaimedRun, connect, earlierDecisions, finishRun, finishStep, heartbeat, insertStep, loadSecrets, runOrganization, runState, sweepLostRuns } from './db.ts';
import { makeAskers } from './decisions.ts';
import { executeDefinition, maskSecrets } from './engine/index.ts';
import { startDueSchedules } from './schedules.ts';
import { RunSlots } from './slots.ts';

export const RUN_QUEUE = 'run-workflow';
export const SCHEDULE_QUEUE = 'workflow-schedules';

type RunJob = { runId: string; attempt: number };

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

export type Runner = { stop: () => Promise<void>; active: () => number };

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

  const active = new Map<string, AbortController>();
  /** Runs of each organisation holding a slot of this runner. */
  const perOrganization = new Map<string, number>();
  const slots = new RunSlots(config.concurrency, config.maxWaiting);
  const countRun = (organizationId: string, delta: 1 | -1) => {
    const count = (perOrganization.get(organizationId) ?? 0) + delta;
    if (count > 0) perOrganization.set(organizationId, count);
    else perOrganization.delete(organizationId);
  };
  let browser: Browser | undefined;
  let browserStarting: Promise<Browser> | undefined;
  let stopping = false;

  async function getBrowser(): Promise<Browser> {
    if (browser?.isConnected()) return browser;
    browserStarting ??= (async () => {
      const b = config.browserWsEndpoint
        ? await chromium.connectOverCDP(config.browserWsEndpoint)
        : await chromium.launch({ executablePath: config.chromiumPath, headless: true, args: CHROMIUM_ARGS });
      b.on('disconnected', () => { if (browser === b) browser = undefined; });
      browser = b;
      return b;
    })().finally(() => { browserStarting = undefined; });
    return browserStarting;
  }

  async function execute(run: ClaimedRun, whileIdle: <T>(wait: () => Promise<T>) => Promise<T>): Promise<void> {
    const abort = new AbortController();
    active.set(run.id, abort);
    let context;
    let seq = 0;
    let completedSteps = run.startStep;
    let secrets: Record<string, string> = {};
    const stepRows = new Map<number, string>();
    try {
      secrets = await loadSecrets(sql, run.id, run.definition, config.secretsKey);
      context = await (await getBrowser()).newContext({
        acceptDownloads: true,
        viewport: { width: 1280, height: 800 },
        locale: 'sv-SE',
        timezoneId: 'Europe/Stockholm',
        // A service worker's requests bypass the context's routes, and with them the network guard.
        serviceWorkers: 'block',
      });
      const outcome = await executeDefinition({
        context,
        definition: run.definition,
        inputs: run.inputs,
        variables: run.variables,
        secrets,
        startAt: run.startStep,
        earlierDecisions: await earlierDecisions(sql, run),
        allowPrivateAddresses: config.allowPrivateAddresses,
        signal: abort.signal,
        onStepStart: async ({ index, step }) => {
          const row = await insertStep(sql, run, seq++, index, step, maskSecrets(step.description, secrets));
          stepRows.set(index, row.id);
        },
        onStepEnd: async (e) => {
          const rowId = stepRows.get(e.index);
          if (!rowId) return;
          if (e.status === 'passed') completedSteps = Math.max(completedSteps, e.index + 1);
          await finishStep(sql, run, rowId, {
            status: e.status,
            finishedAt: e.finishedAt,
            durationMs: e.durationMs,
            errorType: e.errorType,
            errorMessage: e.errorMessage,
            log: e.log,
            extracted: e.extracted,
            decision: e.decision,
            heal: e.heal,
            screenshot: e.screenshot,
            completedSteps,
            variables: { ...run.variables, ...(e.extracted ?? {}) },
            // The AI's confidence also when a person took the decision it was unsure of.
            aiConfidence: e.decision?.confidence,
          });
          if (e.extracted) Object.assign(run.variables, e.extracted);
        },
        control: async () => {
          const state = await runState(sql, run.id);
          return state === 'ended' ? 'stop' : state === 'paused' ? 'pause' : 'continue';
        },
        whileIdle,
        ...makeAskers({
          sql,
          run,
          ai: config.ai,
          secrets,
          stepRowId: (index) => stepRows.get(index),
          abort: () => abort.abort(),
          waitMs: config.taskWaitMs,
          pollMs: config.taskPollMs,
          whileIdle,
          signal: abort.signal,
        }),
      });
      if (outcome.status === 'stopped') {
        // A person's stop already ended the run (then this changes nothing); otherwise this runner is shutting down.
        await finishRun(sql, run.id, config.runnerId, {
          status: 'failed',
          errorType: 'runner_lost',
          errorMessage: 'The runner was shut down during the run. Retry it from the step it had reached.',
          failedStep: outcome.failedIndex,
          variables: outcome.variables,
        });
        return;
      }
      const ended = await finishRun(sql, run.id, config.runnerId, {
        status: outcome.status === 'stopped_by_decision' ? 'stopped' : outcome.status,
        errorType: outcome.errorType,
        errorMessage: outcome.errorMessage && maskSecrets(outcome.errorMessage, secrets),
        failedStep: outcome.failedIndex,
        variables: outcome.variables,
      });
      log(`run ${run.id} attempt ${run.attempt} ${ended ? outcome.status : 'was ended by a person'}${outcome.errorType ? ` (${outcome.errorType})` : ''}`);
    } catch (error) {
      const message = maskSecrets(error instanceof Error ? error.message : String(error), secrets);
      log(`run ${run.id} crashed: ${message}`);
      await finishRun(sql, run.id, config.runnerId, {
        status: 'failed',
        errorType: 'browser_crashed',
        errorMessage: message,
        variables: run.variables,
      }).catch((e) => log(`could not record the end of run ${run.id}: ${e instanceof Error ? e.message : e}`));
    } finally {
      active.delete(run.id);
      await context?.close().catch(() => {});
    }
  }

  /** Puts a run's job back for another runner (this one is stopping); the run has not been claimed. */
  async function requeue(data: RunJob): Promise<void> {
    await boss.send(RUN_QUEUE, data, { retryLimit: 0 }).catch((e) => log(`could not put run ${data.runId} back in the queue: ${e instanceof Error ? e.message : e}`));
  }

  /**
   * One queue job: claims its run and executes it, holding a slot. The job is done when the run has
   * ended, or earlier when the run starts waiting for a person without its slot: it then goes on in the
   * background (`active` keeps it, so the heartbeat renews its lease and a shutdown stops it).
   */
  async function handleRunJob(job: PgBoss.Job<RunJob>): Promise<void> {
    const { runId, attempt } = job.data;
    const organizationId = await runOrganization(sql, runId);
    if (!organizationId) return;
    if ((perOrganization.get(organizationId) ?? 0) >= config.concurrencyPerOrganization) {
      // This organisation already uses its share of this runner: back into the queue for a moment.
      await boss.send(RUN_QUEUE, job.data, { startAfter: 2, retryLimit: 0 });
      return;
    }
    await slots.acquire();
    if (stopping) {
      // This runner stopped while the job waited for a slot: the run goes back to the queue for another.
      slots.release();
      await requeue(job.data);
      return;
    }
    let run: ClaimedRun | null;
    try {
      run = await claimRun(sql, runId, attempt, config.runnerId);
    } catch (error) {
      slots.release();
      throw error;
    }
    if (!run) {
      slots.release();
      return;
    }
    countRun(organizationId, 1);
    let jobDone!: () => void;
    const handedBack = new Promise<void>((resolve) => (jobDone = resolve));
    const whileIdle = <T>(wait: () => Promise<T>) =>
      slots.whileIdle(wait, {
        onIdle: () => {
          countRun(organizationId, -1);
          jobDone();
        },
        onBusy: () => countRun(organizationId, 1),
      });
    void execute(run, whileIdle).finally(() => {
      slots.release();
      countRun(organizationId, -1);
      jobDone();
    });
    await handedBack;
  }

  const workerIds: string[] = [];
  for (let i = 0; i < config.concurrency; i++) {
    workerIds.push(
      await boss.work<RunJob>(RUN_QUEUE, { batchSize: 1, pollingIntervalSeconds: config.pollingIntervalSeconds }, async ([job]) => {
        if (stopping) await requeue(job.data);
        else await handleRunJob(job);
      }),
    );
  }

  await boss.schedule(SCHEDULE_QUEUE, '* * * * *', {}, { tz: 'UTC', retryLimit: 0 });
  workerIds.push(
    await boss.work(SCHEDULE_QUEUE, { batchSize: 1, pollingIntervalSeconds: 2 }, async () => {
      const started = await startDueSchedules(sql);
      if (started) log(`schedules: ${started} run(s) started`);
    }),
  );

  const beat = setInterval(() => {
    heartbeat(sql, config.runnerId, [...active.keys()]).catch((e) => log(`heartbeat failed: ${e instanceof Error ? e.message : e}`));
  }, config.heartbeatMs);
  const sweep = async () => {
    try {
      const lost = await sweepLostRuns(sql, config.leaseMs);
      if (lost.length) log(`runner_lost: ${lost.join(', ')}`);
    } catch (e) {
      log(`sweep failed: ${e instanceof Error ? e.message : e}`);
    }
  };
  await sweep();
  const sweeper = setInterval(sweep, Math.min(5_000, config.leaseMs / 3));

  log(`${config.runnerId} ready: ${config.concurrency} at a time, browser ${config.browserWsEndpoint ? 'remote' : config.chromiumPath}, AI ${config.ai ? `${config.ai.model} at ${config.ai.baseUrl}` : 'not set up (every decision goes to a person)'}`);

  return {
    active: () => active.size,
    stop: async () => {
      stopping = true;
      clearInterval(beat);
      clearInterval(sweeper);
      for (const id of workerIds) await boss.offWork({ id }).catch(() => {});
      // Runs still executing end as failed (browser gone) when the browser closes under them; their
      // lease is then not renewed and the row says why, so nothing is left running.
      for (const controller of active.values()) controller.abort();
      const deadline = Date.now() + 5_000;
      while (active.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      await browser?.close().catch(() => {});
      await boss.stop({ graceful: false, wait: true, timeout: 2_000 }).catch(() => {});
      await sql.end({ timeout: 2 });
    },
  };
}
