// What the runner reads and writes, as role kollega_runner (supabase/migrations/20261123000200_create_runs.sql):
// claiming a run, its definition and secrets, step results as they happen, the heartbeat that is the
// run's lease, the end of the run, and the sweep that fails the runs of runners that died.
import postgres from 'postgres';
import { type Definition, definitionSchema, secretNames } from '../../supabase/functions/_shared/schemas/definition.ts';
import type { StepDecision } from './engine/types.ts';

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

export type ClaimedRun = {
  id: string;
  organizationId: string;
  workflowId: string;
  attempt: number;
  startStep: number;
  inputs: Record<string, string>;
  variables: Record<string, string>;
  definition: Definition;
};

/**
 * Takes a pending run for this runner: pending → running, stamped with the runner's id and a first
 * heartbeat. Null when the run is no longer pending at this attempt (stopped before it started, or
 * already taken: a job is executed at most once even if the queue delivered it twice).
 */
export async function claimRun(sql: Sql, runId: string, attempt: number, runnerId: string): Promise<ClaimedRun | null> {
  const [row] = await sql<Array<{ id: string; organization_id: string; workflow_id: string; attempt: number; start_step: number; inputs: Record<string, string>; variables: Record<string, string>; definition: unknown }>>`
    update public.runs r
    set status = 'running', runner_id = ${runnerId}, heartbeat_at = now(), started_at = coalesce(r.started_at, now())
    from public.workflow_versions v
    where r.id = ${runId} and r.attempt = ${attempt} and r.status = 'pending'
      and v.workflow_id = r.workflow_id and v.version = r.workflow_version
    returning r.id, r.organization_id, r.workflow_id, r.attempt, r.start_step, r.inputs, r.variables, v.definition`;
  if (!row) return null;
  return {
    id: row.id,
    organizationId: row.organization_id,
    workflowId: row.workflow_id,
    attempt: row.attempt,
    startStep: row.start_step,
    inputs: row.inputs,
    variables: row.variables,
    // Saved definitions were validated by the api; parsing again fills defaults and guards against drift.
    definition: definitionSchema.parse(row.definition),
  };
}

/** Organisation of a run (for per-organisation concurrency before claiming). */
export async function runOrganization(sql: Sql, runId: string): Promise<string | null> {
  const [row] = await sql<{ organization_id: string }[]>`select organization_id from public.runs where id = ${runId}`;
  return row?.organization_id ?? null;
}

/**
 * The decrypted secrets the run's definition uses (app.run_secrets: the runner role cannot read the
 * secrets table itself). Names that do not exist are left out: the step then fails as secret_missing.
 */
export async function loadSecrets(sql: Sql, runId: string, definition: Definition, key: string | undefined): Promise<Record<string, string>> {
  if (!secretNames(definition).length || !key) return {};
  const rows = await sql<{ name: string; value: string }[]>`select name, value from app.run_secrets(${runId}, ${key})`;
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

/** Where a person has put the run: running, paused, or ended (stopped). */
export async function runState(sql: Sql, runId: string): Promise<'running' | 'paused' | 'ended'> {
  const [row] = await sql<{ status: string }[]>`select status from public.runs where id = ${runId}`;
  if (!row || (row.status !== 'running' && row.status !== 'paused')) return 'ended';
  return row.status;
}

/** Renews the lease of every run this runner holds. */
export async function heartbeat(sql: Sql, runnerId: string, runIds: string[]): Promise<void> {
  if (!runIds.length) return;
  await sql`update public.runs set heartbeat_at = now() where id = any(${runIds}) and runner_id = ${runnerId} and status in ('running', 'paused')`;
}

/**
 * For a retry: the decision each ai_decision or manual step last took in an earlier attempt of the run (the
 * latest passed step row with a decision, by step id), so the steps that run again to restore the start step's
 * page reuse it instead of asking again (engine `earlierDecisions`).
 */
export async function earlierDecisions(sql: Sql, run: ClaimedRun): Promise<Record<string, StepDecision>> {
  if (run.attempt <= 1 || run.startStep === 0) return {};
  const rows = await sql<{ step_id: string; decision: StepDecision }[]>`
    select distinct on (step_id) step_id, decision from public.run_steps
    where run_id = ${run.id} and attempt < ${run.attempt} and status = 'passed' and decision is not null
      and step_type in ('ai_decision', 'manual')
    order by step_id, attempt desc, seq desc`;
  return Object.fromEntries(rows.map((r) => [r.step_id, r.decision]));
}

export type StepRow = { id: string };

export async function insertStep(
  sql: Sql,
  run: ClaimedRun,
  seq: number,
  index: number,
  step: { id: string; type: string; description: string },
  description: string,
): Promise<StepRow> {
  const [row] = await sql<StepRow[]>`
    with s as (
      insert into public.run_steps (organization_id, run_id, attempt, seq, step_index, step_id, step_type, description)
      values (${run.organizationId}, ${run.id}, ${run.attempt}, ${seq}, ${index}, ${step.id}, ${step.type}, ${description})
      returning id
    ), r as (
      update public.runs set current_step = ${index}, current_step_description = ${description}
      where id = ${run.id} and status in ('running', 'paused')
    )
    select id from s`;
  return row;
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
  screenshot?: Buffer;
  /** Steps completed so far in this run (for its progress). */
  completedSteps: number;
  variables: Record<string, string>;
  aiConfidence?: number;
};

export async function finishStep(sql: Sql, run: ClaimedRun, stepRowId: string, u: StepUpdate): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`
      update public.run_steps
      set status = ${u.status}, finished_at = ${u.finishedAt}, duration_ms = ${u.durationMs},
          error_type = ${u.errorType ?? null}, error_message = ${u.errorMessage ? u.errorMessage.slice(0, 2000) : null},
          log = ${tx.json(u.log)}, extracted = ${u.extracted ? tx.json(u.extracted) : null},
          decision = ${u.decision ? tx.json(u.decision as postgres.JSONValue) : null}, has_screenshot = ${!!u.screenshot},
          heal = ${u.heal ? tx.json(u.heal as postgres.JSONValue) : null}
      where id = ${stepRowId}`;
    if (u.screenshot) {
      await tx`insert into public.run_screenshots (run_step_id, organization_id, jpeg) values (${stepRowId}, ${run.organizationId}, ${u.screenshot})`;
    }
    await tx`
      update public.runs
      set completed_steps = ${u.completedSteps}, variables = ${tx.json(u.variables)},
          min_ai_confidence = case when ${u.aiConfidence ?? null}::smallint is null then min_ai_confidence
                                   else least(coalesce(min_ai_confidence, 100), ${u.aiConfidence ?? null}::smallint) end
      where id = ${run.id} and status in ('running', 'paused')`;
  });
}

/** `stopped`: a decision's option stopped the run for review (error type stopped_by_decision). */
export type Outcome = { status: 'completed' | 'failed' | 'stopped'; errorType?: string; errorMessage?: string; failedStep?: number; variables: Record<string, string> };

/** Ends the run unless a person ended it first (a stop); true when this call ended it. */
export async function finishRun(sql: Sql, runId: string, runnerId: string, o: Outcome): Promise<boolean> {
  const rows = await sql`
    update public.runs
    set status = ${o.status}, error_type = ${o.errorType ?? null}, error_message = ${o.errorMessage ? o.errorMessage.slice(0, 2000) : null},
        failed_step = ${o.failedStep ?? null}, finished_at = now(), variables = ${sql.json(o.variables)},
        requires_manual_intervention = false,
        completed_steps = case when ${o.status} = 'completed' then step_count else completed_steps end
    where id = ${runId} and runner_id = ${runnerId} and status in ('running', 'paused')
    returning id`;
  return rows.length > 0;
}

/**
 * Fails the runs whose runner stopped renewing its lease (it died, lost the database or its machine):
 * running or paused runs with a heartbeat older than `leaseMs`, and pending runs whose job was taken
 * by a runner that died before it claimed them. Returns the ids.
 */
export async function sweepLostRuns(sql: Sql, leaseMs: number): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    update public.runs r
    set status = 'failed', error_type = 'runner_lost', failed_step = r.current_step, finished_at = now(),
        error_message = 'The runner executing this run stopped answering; the run was ended. Retry it from the step it had reached.'
    where (r.status in ('running', 'paused') and r.heartbeat_at < now() - make_interval(secs => ${leaseMs / 1000}))
       or (r.status = 'pending' and r.created_at < now() - make_interval(secs => ${leaseMs / 1000})
           and not exists (
             select 1 from pgboss.job j
             where j.name = 'run-workflow' and j.data ->> 'runId' = r.id::text and j.data ->> 'attempt' = r.attempt::text
               and (j.state in ('created', 'retry')
                    or (j.state = 'active' and j.started_on > now() - make_interval(secs => ${leaseMs / 1000})))
           ))
    returning r.id`;
  return rows.map((r) => r.id);
}
