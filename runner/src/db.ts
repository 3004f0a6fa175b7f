// What the runner reads and writes, as role kollega_runner (supabase/migrations/20261123000200_create_runs.sql):
// claiming a run, its definition and secrets, step results as they happen, the heartbeat that is the
// run's lease, the end of the run, and the sweep that fails the runs of runners that died.
import postgres from 'postgres';
import type { PersonAnswer } from './decisions.ts';
import { type Definition, definitionSchema, secretNames, unsafeTemplateUses } from '../../supabase/functions/_shared/schemas/definition.ts';
import type { InputFile, StepDecision } from './engine/types.ts';

export type Sql = postgres.Sql;

export function connect(url: string, max: number): Sql {
  return postgres(url, {
    max,
    prepare: false,
    idle_timeout: 30,
    connect_timeout: 10,
    connection: { application_name: 'kollega-runner' },
    onnotice: () => {},
  });
}

/**
 * How long a run's reads and writes wait out a database that went away (a restart, a failover): connection errors
 * are tried again until then, with a growing pause. Shorter than the lease (45 s by default), so a run whose
 * database was gone longer is ended by the lease as before, not by a misleading error.
 */
export const DB_OUTAGE_MS = 20_000;

/** The database could not be reached or ended the connection (nothing says the statement ran). */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (/^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|CONNECTION_(CLOSED|ENDED|DESTROYED)|CONNECT_TIMEOUT)$/.test(code) || /^(08...|57P0[123])$/.test(code));
}

/** Runs `fn`, trying it again after a connection error until `budgetMs` has passed. `fn` must be safe to repeat. */
export async function outlasting<T>(fn: () => Promise<T>, budgetMs = DB_OUTAGE_MS): Promise<T> {
  const until = Date.now() + budgetMs;
  for (let pause = 200; ; pause = Math.min(pause * 2, 2_000)) {
    try {
      return await fn();
    } catch (error) {
      if (!isConnectionError(error) || Date.now() + pause > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

export type ClaimedRun = {
  id: string;
  /** The runner holding this attempt's lease: every write below is fenced on (id, attempt, runnerId). */
  runnerId: string;
  organizationId: string;
  workflowId: string;
  attempt: number;
  startStep: number;
  inputs: Record<string, string>;
  variables: Record<string, string>;
  definition: Definition;
};

/**
 * Takes a pending run for this runner: pending → running, stamped with the runner's id and a first heartbeat
 * (app.runner_claim_run). Null when the run is no longer pending at this attempt (stopped before it started, or
 * already taken: a job is executed at most once even if the queue delivered it twice); `busy` when its
 * organisation already has its share of runs in progress across all runners (nothing changed: requeueRun);
 * `definition_invalid` when its definition does not parse (the run has then failed with that error type).
 */
export async function claimRun(sql: Sql, runId: string, attempt: number, runnerId: string, budgetMs = DB_OUTAGE_MS): Promise<ClaimedRun | 'definition_invalid' | 'busy' | null> {
  // A database that goes away as the job is taken (a restart, a failover) does not lose the run: the claim is tried
  // again until it is back (the job is this runner's meanwhile). Without this the job was given up, the run stayed
  // pending with no job and the sweep failed it as runner_lost although nothing had run (fault suite, CI 2026-11-27).
  let interrupted = false;
  const result = await outlasting(async () => {
    try {
      const [claim] = await sql<{ result: 'claimed' | 'busy' | null }[]>`select app.runner_claim_run(${runId}, ${attempt}, ${runnerId}) as result`;
      return claim?.result ?? null;
    } catch (error) {
      if (isConnectionError(error)) interrupted = true;
      throw error;
    }
  }, budgetMs);
  if (result === 'busy') return 'busy';
  if (result !== 'claimed') {
    // An interrupted claim may have committed with its answer lost: the attempt is this runner's if it runs under its id.
    if (!interrupted) return null;
    const [mine] = await outlasting(() => sql<{ id: string }[]>`
      select r.id from public.runs r where r.id = ${runId} and r.attempt = ${attempt} and r.runner_id = ${runnerId} and r.status = 'running'`, budgetMs);
    if (!mine) return null;
  }
  return outlasting(() => loadClaimedRun(sql, runId, attempt, runnerId), budgetMs);
}

/**
 * The attempt this runner has just claimed, with its definition (parsed again); `definition_invalid` when it no
 * longer parses (the run has then failed with that error type), null when the attempt is no longer this runner's.
 */
export async function loadClaimedRun(sql: Sql, runId: string, attempt: number, runnerId: string): Promise<ClaimedRun | 'definition_invalid' | null> {
  const [row] = await sql<Array<{ id: string; organization_id: string; workflow_id: string; attempt: number; start_step: number; inputs: Record<string, string>; variables: Record<string, string>; definition: unknown }>>`
    select r.id, r.organization_id, r.workflow_id, r.attempt, r.start_step, r.inputs, r.variables, v.definition
    from public.runs r join public.workflow_versions v on v.workflow_id = r.workflow_id and v.version = r.workflow_version
    where r.id = ${runId} and r.attempt = ${attempt} and r.runner_id = ${runnerId}`;
  if (!row) return null;
  // Saved definitions were validated by the api; parsing again fills defaults and guards against drift. One that
  // no longer parses ends the run at once as definition_invalid, rather than leaving it to the sweep.
  // A definition saved before the rules on secrets and conditions (unsafeTemplateUses) is refused the same way.
  const parsed = definitionSchema.safeParse(row.definition);
  const unsafe = parsed.success ? unsafeTemplateUses(parsed.data)[0] : undefined;
  if (!parsed.success || unsafe) {
    const where = parsed.success ? unsafe : parsed.error.issues[0];
    const message = `The workflow's saved definition (version of this run) is not valid for this runner: ${where ? `${where.path.join('.') || 'definition'}: ${where.message}` : 'unknown'}. Fix it in the editor and retry the run.`;
    await sql`
      update public.runs r set status = 'failed', error_type = 'definition_invalid', error_message = ${message.slice(0, 2000)}, finished_at = now()
      where ${holds(sql, { id: row.id, attempt: row.attempt, runnerId })}`;
    return 'definition_invalid';
  }
  return {
    id: row.id,
    runnerId,
    organizationId: row.organization_id,
    workflowId: row.workflow_id,
    attempt: row.attempt,
    startStep: row.start_step,
    inputs: row.inputs,
    variables: row.variables,
    definition: parsed.data,
  };
}

/** Puts a run its organisation had no room for back in the queue for 2 s, with its fair priority. */
export async function requeueRun(sql: Sql, runId: string, attempt: number): Promise<void> {
  // Outlasts a database restart (a second job, should the first call have committed, is harmless: one claim wins).
  await outlasting(() => sql`select app.runner_requeue_run(${runId}, ${attempt})`);
}

/**
 * The decrypted secrets the run's definition uses (app.run_secrets: the runner role cannot read the
 * secrets table itself). Names that do not exist are left out: the step then fails as secret_missing.
 */
export async function loadSecrets(
  sql: Sql,
  runId: string,
  definition: Definition,
  key: string | undefined,
): Promise<{ values: Record<string, string>; origins: Record<string, string[]> }> {
  if (!secretNames(definition).length || !key) return { values: {}, origins: {} };
  const rows = await outlasting(() => sql<{ name: string; value: string; origins: string[] }[]>`select name, value, origins from app.run_secrets(${runId}, ${key})`);
  return { values: Object.fromEntries(rows.map((r) => [r.name, r.value])), origins: Object.fromEntries(rows.map((r) => [r.name, r.origins])) };
}

/**
 * The decrypted files of the run's file inputs, by input name (app.run_input_files: the run's own, or its batch row's
 * from the batch's zip). A file input without one is left out: its step then fails as input_missing.
 */
export async function loadInputFiles(sql: Sql, runId: string, definition: Definition, key: string | undefined): Promise<Record<string, InputFile>> {
  if (!definition.inputs?.some((i) => i.type === 'file') || !key) return {};
  const rows = await outlasting(
    () => sql<{ inputName: string; fileName: string; contentType: string; content: Buffer }[]>`
      select input_name as "inputName", file_name as "fileName", content_type as "contentType", content from app.run_input_files(${runId}, ${key})`,
  );
  return Object.fromEntries(rows.map((r) => [r.inputName, { name: r.fileName, mimeType: r.contentType, buffer: Buffer.from(r.content) }]));
}

/** Records that the run's attempt types a secret on a site (the audit trail); false when the attempt lost the run. */
export async function recordSecretUse(sql: Sql, run: Pick<ClaimedRun, 'id' | 'attempt' | 'runnerId'>, use: { name: string; origin: string; stepId: string }): Promise<boolean> {
  const [row] = await outlasting(() => sql<{ ok: boolean }[]>`
    select app.runner_secret_used(${run.id}, ${run.attempt}, ${run.runnerId}, ${use.name}, ${use.origin}, ${use.stepId}) as ok`);
  return row?.ok === true;
}

/**
 * The runner's self-check of its secrets key: true when it decrypts the newest secret (the canary), false when it
 * does not, null when no secret exists yet (app.runner_key_check). Also proves the database answers.
 */
export async function checkSecretsKey(sql: Sql, key: string): Promise<boolean | null> {
  const [row] = await sql<{ ok: boolean | null }[]>`select app.runner_key_check(${key}) as ok`;
  return row?.ok ?? null;
}

/**
 * The lease of an attempt (AUTOMATION "Once."): held while the run is at this attempt, stamped with this
 * runner, and running or paused. Every write of the runner below is conditional on it.
 */
function holds(sql: Sql | postgres.TransactionSql, run: Pick<ClaimedRun, 'id' | 'attempt' | 'runnerId'>) {
  return sql`r.id = ${run.id} and r.attempt = ${run.attempt} and r.runner_id = ${run.runnerId} and r.status in ('running', 'paused')`;
}

/**
 * Where the run is for this attempt: running or paused (the lease is held), `ended` by a person's stop, or
 * `lost`: the lease is gone (the run was swept, retried, taken by another runner, or ended otherwise), and the
 * attempt must do nothing more.
 */
export type LeaseState = 'running' | 'paused' | 'waiting' | 'ended' | 'lost';

type LeaseRow = { status: string; attempt: number; runner_id: string | null; error_type: string | null; requires_manual_intervention: boolean };

/** `paused` is a person's pause; `waiting` a run paused for a person's decision (its step goes on). */
function leaseState(run: Pick<ClaimedRun, 'attempt' | 'runnerId'>, row: LeaseRow | undefined): LeaseState {
  if (!row || row.attempt !== run.attempt || row.runner_id !== run.runnerId) return 'lost';
  if (row.status === 'paused') return row.requires_manual_intervention ? 'waiting' : 'paused';
  if (row.status === 'running') return 'running';
  return row.status === 'failed' && row.error_type === 'stopped' ? 'ended' : 'lost';
}

/** The lease state of each of this runner's attempts, in one query (the runner's watch, about once a second). */
export async function leaseStates(sql: Sql, runs: Array<Pick<ClaimedRun, 'id' | 'attempt' | 'runnerId'>>): Promise<Map<string, LeaseState>> {
  if (!runs.length) return new Map();
  const rows = await sql<Array<LeaseRow & { id: string }>>`
    select id, status, attempt, runner_id, error_type, requires_manual_intervention from public.runs where id = any(${runs.map((r) => r.id)})`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  return new Map(runs.map((run) => [run.id, leaseState(run, byId.get(run.id))]));
}

/** The lease state of one attempt (before each step). */
export async function runState(sql: Sql, run: Pick<ClaimedRun, 'id' | 'attempt' | 'runnerId'>): Promise<LeaseState> {
  return (await outlasting(() => leaseStates(sql, [run]))).get(run.id) ?? 'lost';
}

/**
 * Lets go of a run that waits (AUTOMATION "Once."): a person paused it, it waits for a person's decision, or the
 * runner is shutting down. The run stays paused, held by no runner, to start again at `step` as a new attempt
 * (app.runner_park_run), with its variables and the browser's storage state encrypted under the secrets key.
 * `restarted` when it was running again (a person resumed it or decided its task, or a shutdown): the new attempt
 * is queued; null when the attempt lost its lease.
 */
export async function parkRun(
  sql: Sql,
  run: ClaimedRun,
  step: number,
  variables: Record<string, string>,
  browser?: { state: string; key: string },
): Promise<'parked' | 'restarted' | null> {
  const [row] = await outlasting(() => sql<{ result: 'parked' | 'restarted' | null }[]>`
    select app.runner_park_run(${run.id}, ${run.attempt}, ${run.runnerId}, ${step}, ${sql.json(variables)},
                               ${browser?.state ?? null}, ${browser?.key ?? null}) as result`);
  return row?.result ?? null;
}

/** The browser storage state an earlier attempt parked the run with (decrypted JSON), for this attempt; null when none. */
export async function parkedBrowserState(sql: Sql, run: ClaimedRun, key: string | undefined): Promise<string | null> {
  if (!key || run.attempt <= 1) return null;
  const [row] = await outlasting(() => sql<{ state: string | null }[]>`select app.runner_browser_state(${run.id}, ${run.attempt}, ${run.runnerId}, ${key}) as state`);
  return row?.state ?? null;
}

/** A person's answer to the task the previous attempt opened at this attempt's start step (the run was parked for it). */
export type ResumedAnswer = {
  stepIndex: number;
  stepId: string;
  kind: 'ai_confirmation' | 'manual_step' | 'element_confirmation';
  choice: string;
  decidedBy: string | null;
  decidedAt: Date;
  candidate: Record<string, unknown> | null;
  handoverReason: string | null;
  /** The AI's answer the task was opened after (ai_decisions), when there was one. */
  ai: { model: string; promptVersion: string; latencyMs: number; attempts: number; choice?: string; confidence?: number; reason?: string; error?: string } | null;
};

export async function resumedAnswer(sql: Sql, run: ClaimedRun): Promise<ResumedAnswer | undefined> {
  if (run.attempt <= 1) return undefined;
  const [row] = await outlasting(() => sql<Array<{ step_index: number; step_id: string; kind: ResumedAnswer['kind']; choice: string; decided_by: string | null; decided_at: Date; candidate: Record<string, unknown> | null; handover_reason: string | null; ai: ResumedAnswer['ai'] }>>`
    select * from app.runner_resumed_answer(${run.id}, ${run.attempt}, ${run.runnerId})`);
  return row
    ? { stepIndex: row.step_index, stepId: row.step_id, kind: row.kind, choice: row.choice, decidedBy: row.decided_by, decidedAt: row.decided_at, candidate: row.candidate, handoverReason: row.handover_reason, ai: row.ai }
    : undefined;
}

/**
 * The person's decision of task `taskId` of this attempt, once it is decided (undefined before). For a run kept in
 * place while a person decides (worker.ts inPlace): app.decide_task sets such a run running again.
 */
export async function decidedTask(sql: Sql, run: Pick<ClaimedRun, 'id' | 'attempt'>, taskId: string): Promise<PersonAnswer | undefined> {
  const [row] = await outlasting(() => sql<{ choice: string; decided_by: string | null; decided_at: Date }[]>`
    select decided_choice as choice, decided_by, decided_at from public.human_tasks
    where id = ${taskId} and run_id = ${run.id} and attempt = ${run.attempt} and status = 'decided'`);
  return row ? { choice: row.choice, decidedBy: row.decided_by, decidedAt: row.decided_at } : undefined;
}

/**
 * Ends the parked runs paused past their organisation's limit (`waited_too_long`) and the attended runs no browser
 * connected to (`attended_not_connected`); returns their ids.
 */
export async function expirePausedRuns(sql: Sql): Promise<string[]> {
  const rows = [
    ...(await sql<{ id: string }[]>`select app.runner_expire_paused() as id`),
    ...(await sql<{ id: string }[]>`select app.runner_end_unconnected_attended() as id`),
  ];
  return rows.map((r) => r.id);
}

/** Renews the lease of each attempt this runner holds; returns the ids of the runs whose lease it still holds. */
export async function heartbeat(sql: Sql, runnerId: string, runs: Array<Pick<ClaimedRun, 'id' | 'attempt'>>): Promise<Set<string>> {
  if (!runs.length) return new Set();
  const rows = await sql<{ id: string }[]>`
    update public.runs r set heartbeat_at = now()
    from unnest(${runs.map((r) => r.id)}::uuid[], ${runs.map((r) => r.attempt)}::int[]) as h(id, attempt)
    where r.id = h.id and r.attempt = h.attempt and r.runner_id = ${runnerId} and r.status in ('running', 'paused')
    returning r.id`;
  return new Set(rows.map((r) => r.id));
}

/**
 * For a retry: the decision each ai_decision or manual step last took in an earlier attempt of the run (the
 * latest passed step row with a decision, by step id), so the steps that run again to restore the start step's
 * page reuse it instead of asking again (engine `earlierDecisions`).
 */
export async function earlierDecisions(sql: Sql, run: ClaimedRun): Promise<Record<string, StepDecision>> {
  if (run.attempt <= 1 || run.startStep === 0) return {};
  const rows = await outlasting(() => sql<{ step_id: string; decision: StepDecision }[]>`
    select distinct on (step_id) step_id, decision from public.run_steps
    where run_id = ${run.id} and attempt < ${run.attempt} and status = 'passed' and decision is not null
      and step_type in ('ai_decision', 'manual')
    order by step_id, attempt desc, seq desc`);
  return Object.fromEntries(rows.map((r) => [r.step_id, r.decision]));
}

export type StepRow = { id: string };

/** The step's row, and the run's current step; null when the attempt no longer holds its lease (nothing written). */
export async function insertStep(
  sql: Sql,
  run: ClaimedRun,
  seq: number,
  index: number,
  step: { id: string; type: string; description: string },
  description: string,
): Promise<StepRow | null> {
  const insert = () => sql<StepRow[]>`
    with r as (
      update public.runs r set current_step = ${index}, current_step_description = ${description}
      where ${holds(sql, run)}
      returning r.id
    ), s as (
      insert into public.run_steps (organization_id, run_id, attempt, seq, step_index, step_id, step_type, description)
      select ${run.organizationId}, r.id, ${run.attempt}, ${seq}, ${index}, ${step.id}, ${step.type}, ${description} from r
      returning id
    )
    select id from s`;
  const [row] = await outlasting(async () => {
    try {
      return await insert();
    } catch (error) {
      // The connection broke after an earlier try had written the row: (run, attempt, seq) is this attempt's own.
      if ((error as { code?: string }).code !== '23505') throw error;
      return sql<StepRow[]>`
        select s.id from public.run_steps s join public.runs r on r.id = s.run_id
        where s.run_id = ${run.id} and s.attempt = ${run.attempt} and s.seq = ${seq} and ${holds(sql, run)}`;
    }
  });
  return row ?? null;
}

export type StepUpdate = {
  status: 'passed' | 'failed' | 'skipped';
  finishedAt: Date;
  durationMs: number;
  errorType?: string;
  errorMessage?: string;
  log: Array<{ at: number; message: string }>;
  extracted?: Record<string, string>;
  decision?: Record<string, unknown>;
  /** The heal the step acted on (engine StepHeal). */
  heal?: Record<string, unknown>;
  /** The step with the values this run used (engine usedStep: no secret). */
  used?: Record<string, unknown> | null;
  /** An extract_table step's rows (engine StepTable). */
  table?: { variable: string; columns: string[]; rows: string[][]; pages: number; capped: boolean };
  screenshot?: Buffer;
  /** Steps completed so far in this run (for its progress). */
  completedSteps: number;
  variables: Record<string, string>;
  aiConfidence?: number;
  /** The page sent data to the site after the step acted (engine onSent): kept on the row for retries. */
  sent?: boolean;
};

/**
 * Records a step's end and the run's progress. The step's row is written while the attempt holds its lease,
 * and also just after a person's stop (the step the stop interrupted ends `stopped`); the run's progress only
 * under the lease. False when nothing was written: the attempt lost its lease.
 */
export async function finishStep(sql: Sql, run: ClaimedRun, stepRowId: string, u: StepUpdate): Promise<boolean> {
  return outlasting(() => sql.begin(async (tx) => {
    const updated = await tx`
      update public.run_steps s
      set status = ${u.status}, finished_at = ${u.finishedAt}, duration_ms = ${u.durationMs},
          error_type = ${u.errorType ?? null}, error_message = ${u.errorMessage ? u.errorMessage.slice(0, 2000) : null},
          log = ${tx.json(u.log)}, extracted = ${u.extracted ? tx.json(u.extracted) : null},
          decision = ${u.decision ? tx.json(u.decision as postgres.JSONValue) : null}, has_screenshot = ${!!u.screenshot},
          heal = ${u.heal ? tx.json(u.heal as postgres.JSONValue) : null}, used = ${u.used ? tx.json(u.used as postgres.JSONValue) : null},
          sent_data = s.sent_data or ${u.sent ?? false}
      from public.runs r
      where s.id = ${stepRowId} and r.id = s.run_id and r.attempt = s.attempt and s.attempt = ${run.attempt} and r.runner_id = ${run.runnerId}
        and (r.status in ('running', 'paused') or (r.status = 'failed' and r.error_type = 'stopped'))
      returning s.id`;
    if (!updated.length) return false;
    if (u.table) {
      await tx`insert into public.run_tables (run_step_id, organization_id, variable, columns, rows, pages, capped)
               values (${stepRowId}, ${run.organizationId}, ${u.table.variable}, ${tx.json(u.table.columns)}, ${tx.json(u.table.rows)}, ${u.table.pages}, ${u.table.capped})`;
    }
    if (u.screenshot) {
      await tx`insert into public.run_screenshots (run_step_id, organization_id, jpeg) values (${stepRowId}, ${run.organizationId}, ${u.screenshot})
               on conflict (run_step_id) do nothing`;
    }
    await tx`
      update public.runs r
      set completed_steps = ${u.completedSteps}, variables = ${tx.json(u.variables)},
          min_ai_confidence = case when ${u.aiConfidence ?? null}::smallint is null then min_ai_confidence
                                   else least(coalesce(min_ai_confidence, 100), ${u.aiConfidence ?? null}::smallint) end
      where ${holds(tx, run)}`;
    return true;
  }));
}

/**
 * Records on the step's row, at once, that the page sent data after the step acted, so that an automatic retry
 * that would run the step again is withheld (20261130500000) even when the attempt ends before the step's end is
 * written. Under the attempt's lease only, as every write of the runner.
 */
export async function markStepSent(sql: Sql, run: ClaimedRun, stepRowId: string): Promise<void> {
  await outlasting(() => sql`
    update public.run_steps s set sent_data = true
    from public.runs r
    where s.id = ${stepRowId} and r.id = s.run_id and r.attempt = s.attempt and s.attempt = ${run.attempt} and r.runner_id = ${run.runnerId}
      and r.status in ('running', 'paused')`);
}

/** `stopped`: a decision's option stopped the run for review (error type stopped_by_decision). */
export type Outcome = { status: 'completed' | 'failed' | 'stopped'; errorType?: string; errorMessage?: string; failedStep?: number; variables: Record<string, string> };

/** Ends the run unless a person ended it first (a stop) or the attempt lost its lease; true when this call ended it. */
export async function finishRun(sql: Sql, run: ClaimedRun, o: Outcome): Promise<boolean> {
  const rows = await outlasting(() => sql`
    update public.runs r
    set status = ${o.status}, error_type = ${o.errorType ?? null}, error_message = ${o.errorMessage ? o.errorMessage.slice(0, 2000) : null},
        failed_step = ${o.failedStep ?? null}, finished_at = now(), variables = ${sql.json(o.variables)},
        requires_manual_intervention = false,
        completed_steps = case when ${o.status} = 'completed' then step_count else completed_steps end
    where ${holds(sql, run)}
    returning r.id`);
  return rows.length > 0;
}

/**
 * The sweep, run by every runner a few times per lease:
 * - `lost`: running or paused runs whose runner stopped renewing its lease (it died, lost the database or its
 *   machine), heartbeat older than `leaseMs`: failed as runner_lost, to be retried from the step they reached.
 * - `requeued`: pending runs on the runners' queue whose job a runner took and never claimed (it was killed,
 *   frozen or lost the database in between), so no job of their attempt is waiting or recently taken: nothing of
 *   them ran, so they get a new job instead of failing (the claim is atomic: if the old job's runner comes back,
 *   only one of the two claims wins). Attended runs have no job (the person's browser claims them through the
 *   relay): they are left to app.runner_end_unconnected_attended.
 */
export async function sweepLostRuns(sql: Sql, leaseMs: number): Promise<{ lost: string[]; requeued: string[] }> {
  const lost = await sql<{ id: string }[]>`
    update public.runs r
    set status = 'failed', error_type = 'runner_lost', failed_step = r.current_step, finished_at = now(),
        error_message = 'The runner executing this run stopped answering; the run was ended. Retry it from the step it had reached.'
    where r.status in ('running', 'paused') and r.heartbeat_at < now() - make_interval(secs => ${leaseMs / 1000})
    returning r.id`;
  const requeued = await sql<{ id: string }[]>`
    with due as materialized (
      select r.id, r.attempt from public.runs r
      where r.status = 'pending' and r.mode = 'unattended' and r.created_at < now() - make_interval(secs => ${leaseMs / 1000})
      and not exists (
        select 1 from pgboss.job j
        where j.name = 'run-workflow' and j.data ->> 'runId' = r.id::text and j.data ->> 'attempt' = r.attempt::text
          and (j.state in ('created', 'retry')
               or (j.state = 'active' and j.started_on > now() - make_interval(secs => ${leaseMs / 1000})))
        )
    )
    select d.id from due d where app.runner_requeue_run(d.id, d.attempt)`;
  return { lost: lost.map((r) => r.id), requeued: requeued.map((r) => r.id) };
}
