// Runs (AUTOMATION "Runs"): the organisation's runs with their progress, one run with every attempt's
// step results, a step's screenshot, the run log as a file, and pause / resume / stop / retry through the
// app.* SQL functions (20261123000500), which lock the run and check its state. A retry answers which steps
// its attempt runs again to restore the start step's page (_shared/retry-plan.ts). Members read their
// organisation's runs (RLS); only the runner writes step results.
import { Hono } from 'hono';
import type { Context } from 'hono';
import type postgres from 'postgres';
import { z } from 'zod';
import type { Tx } from '../../_shared/db.ts';
import { HttpError, parseJson, validate } from '../../_shared/http.ts';
import { type ApiMessageKey, t } from '../../_shared/i18n.ts';
import { formatStepNumbers, type PlanStep, resentSteps, retryPlan } from '../../_shared/retry-plan.ts';
import { healedSelectors, startsWith } from '../../_shared/heal.ts';
import { type Definition, definitionSchema, type Fingerprint } from '../../_shared/schemas/definition.ts';
import type { AppliedHeal, Page, RetriedRun, Run, RunChanges, RunCounts, RunDetail, RunStatus, RunStep, RunStepHeal } from '../../_shared/types/api.ts';
import { refuseUnsafeDefinition } from '../definition-rules.ts';
import { type AppEnv, requireSession } from '../middleware.ts';
import { decodeCursor, idKey, pageParams, scopeOf, timestampKey, toPage } from '../paging.ts';
import { CURSOR_TIMESTAMP } from '../../_shared/statements.ts';
import { asCaller, callerRole, jsonAttachment, jsonParam, pathId, readQuery, slug } from '../resource.ts';
import { writeCsv, writeXlsx } from '../batch-files.ts';

export const RUN_LIST_DEFAULT = 50;
export const RUN_LIST_MAX = 200;
/** The completed runs of a workflow whose median duration estimates when a run will end. */
export const ESTIMATE_HISTORY = 20;

const RUN_STATUSES = ['pending', 'running', 'paused', 'completed', 'failed', 'stopped'] as const satisfies readonly RunStatus[];

const listQuerySchema = z.strictObject({
  status: z.enum(RUN_STATUSES, { message: 'run_status_invalid' }).optional(),
  workflowId: z.uuid({ message: 'invalid_id' }).optional(),
  ...pageParams(RUN_LIST_DEFAULT, RUN_LIST_MAX),
});
const runKey = z.tuple([timestampKey, idKey]);

const retryBodySchema = z.strictObject({
  /** 0-based index of the step to start from; default: the step that failed. */
  fromStep: z.number({ message: 'step_index_invalid' }).int('step_index_invalid').min(0, 'step_index_invalid').max(
    10_000,
    'step_index_invalid',
  )
    .optional(),
  /**
   * A step after which the site received data in an earlier attempt would run again (to restore the page, or from
   * the chosen step on): without `resend: true` the retry is refused (409 retry_resends_data), so that nobody sends
   * a form twice without having been told.
   */
  resend: z.boolean({ message: 'invalid_data' }).optional(),
});

/**
 * `Run`s: the page of public.runs chosen by `where` (newest first, at most `limit`) joined with its
 * workflow and starter. The page is taken first, so a list reads `limit` rows through
 * (organization_id, created_at desc) or (workflow_id, created_at desc) however many runs there are. The
 * estimate is the run's start (or now, before it started) plus the median duration of the workflow's last
 * 20 completed runs, computed only for runs under way (the lateral subquery has a one-time filter).
 */
/** The columns of public.runs a list reads (members may not read `variables`: page data kept for a retry). */
const RUN_LIST_COLUMNS = `id, organization_id, workflow_id, workflow_version, trigger, started_by, status, attempt, step_count,
  completed_steps, current_step, current_step_description, min_ai_confidence, requires_manual_intervention, error_type,
  error_message, failed_step, created_at, started_at, finished_at, inputs, mode, attended_by, pause_reason`;

/**
 * The inputs a run card shows (`Run.inputsShown`): the run's values, in the order the workflow declares them
 * and labelled as it does, at most 8, each cut at 80 characters (the run's details have them whole).
 */
const INPUTS_SHOWN = `(select coalesce(jsonb_agg(jsonb_build_object('name', x.key, 'label', x.label,
      'value', case when length(x.value) > 80 then left(x.value, 79) || '…' else x.value end) order by x.ord nulls last, x.key), '[]')
    from (
      select e.key, e.value, d.ord, coalesce(d.decl ->> 'label', '') as label
      from jsonb_each_text(r.inputs) e
      left join lateral (
        select decl, ord from public.workflow_versions v
        cross join lateral jsonb_array_elements(case when jsonb_typeof(v.definition -> 'inputs') = 'array' then v.definition -> 'inputs' else '[]' end)
          with ordinality as i(decl, ord)
        where v.workflow_id = r.workflow_id and v.version = r.workflow_version and i.decl ->> 'name' = e.key
        limit 1
      ) d on true
      order by d.ord nulls last, e.key
      limit 8
    ) x)`;

function selectRuns(tx: Tx, where: postgres.PendingQuery<postgres.Row[]>, limit: number) {
  return tx<(Run & { cursorAt: string })[]>`
    select r.id, r.workflow_id as "workflowId", w.name as "workflowName", r.workflow_version as "workflowVersion", r.trigger,
           r.started_by as "startedBy", p.full_name as "startedByName", r.status, r.attempt, r.step_count as "stepCount",
           r.completed_steps as "completedSteps",
           case when r.step_count = 0 then 0 else round(100.0 * least(r.completed_steps, r.step_count) / r.step_count)::int end as progress,
           r.current_step as "currentStep", r.current_step_description as "currentStepDescription",
           r.min_ai_confidence::int as "aiConfidence", r.requires_manual_intervention as "requiresManualIntervention",
           r.error_type as "errorType", r.error_message as "errorMessage", r.failed_step as "failedStep",
           r.created_at as "createdAt", r.started_at as "startedAt", r.finished_at as "finishedAt",
           coalesce(r.started_at, now()) + e.median as "estimatedCompletion", ${tx.unsafe(INPUTS_SHOWN)} as "inputsShown",
           r.mode, r.attended_by as "attendedBy", r.pause_reason as "pauseReason", ${tx.unsafe(CURSOR_TIMESTAMP('r.created_at'))} as "cursorAt"
    from (select ${tx.unsafe(RUN_LIST_COLUMNS)} from public.runs where ${where} order by created_at desc, id desc limit ${limit}) r
    join public.workflows w on w.id = r.workflow_id
    left join public.profiles p on p.id = r.started_by
    left join lateral (
      select percentile_cont(0.5) within group (order by h.duration) as median
      from (
        select hr.finished_at - coalesce(hr.started_at, hr.created_at) as duration
        from public.runs hr
        where hr.workflow_id = r.workflow_id and hr.status = 'completed'
        order by hr.created_at desc
        limit ${ESTIMATE_HISTORY}
      ) h
      where r.status in ('pending', 'running', 'paused')
    ) e on true
    order by r.created_at desc, r.id desc`;
}

/**
 * A step's decision as recorded, plus what the screens say about it (`RunStepDecision`): the option's label
 * (steps recorded before the runner wrote it: from the run's definition) and, when a person decided, their
 * name now (`decidedByName`, null when the profile is gone).
 */
const STEP_DECISION = `case when s.decision is null then null else s.decision
    || jsonb_strip_nulls(jsonb_build_object('label', case when s.decision ? 'label' then null else (
         select o ->> 'label'
         from public.runs r join public.workflow_versions v on v.workflow_id = r.workflow_id and v.version = r.workflow_version
         cross join lateral jsonb_array_elements(v.definition -> 'steps') st
         cross join lateral jsonb_array_elements(case when jsonb_typeof(st -> 'options') = 'array' then st -> 'options' else '[]' end) o
         where r.id = s.run_id and st ->> 'id' = s.step_id and o ->> 'value' = s.decision ->> 'choice'
         limit 1) end))
    || case when s.decision ->> 'by' = 'person' then jsonb_build_object('decidedByName', (
         select p.full_name from public.profiles p
         where p.id = case when s.decision -> 'details' -> 'person' ->> 'userId' ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$'
                           then (s.decision -> 'details' -> 'person' ->> 'userId')::uuid end)) else '{}' end
  end`;

/** A step's heal as recorded, with the name now of the person who confirmed it (`decidedByName`). */
const STEP_HEAL = `case when s.heal is null then null else s.heal
    || case when s.heal -> 'details' -> 'person' ? 'userId' then jsonb_build_object('decidedByName', (
         select p.full_name from public.profiles p
         where p.id = case when s.heal -> 'details' -> 'person' ->> 'userId' ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$'
                           then (s.heal -> 'details' -> 'person' ->> 'userId')::uuid end)) else '{}' end
  end`;

const STEP_COLUMNS = `s.id, s.attempt, s.seq, s.step_index as "stepIndex", s.step_id as "stepId", s.step_type as "stepType",
  s.description, s.status, s.started_at as "startedAt", s.finished_at as "finishedAt", s.duration_ms as "durationMs",
  s.error_type as "errorType", s.error_message as "errorMessage", s.log, s.extracted, ${STEP_DECISION} as decision,
  s.has_screenshot as "hasScreenshot", ${STEP_HEAL} as heal, s.used, s.sent_data as "sentData",
  (select jsonb_build_object('variable', rt.variable, 'columns', rt.columns, 'rowCount', jsonb_array_length(rt.rows), 'pages', rt.pages,
     'capped', rt.capped) from public.run_tables rt where rt.run_step_id = s.id) as "table"`;

async function selectRun(tx: Tx, id: string): Promise<Run> {
  const [row] = await selectRuns(tx, tx`id = ${id}`, 1);
  if (!row) throw new HttpError(404, 'not_found');
  const { cursorAt: _, ...run } = row;
  return run;
}

async function selectRunDetail(tx: Tx, id: string): Promise<RunDetail> {
  const run = await selectRun(tx, id);
  const [{ inputs }] = await tx<{ inputs: Record<string, string> }[]>`select inputs from public.runs where id = ${id}`;
  const steps = await tx<RunStep[]>`
    select ${tx.unsafe(STEP_COLUMNS)} from public.run_steps s
    where s.run_id = ${id}
    order by s.attempt, s.seq`;
  if (steps.some((s) => s.heal)) {
    const current = await currentDefinition(tx, run.workflowId);
    for (const step of steps) if (step.heal) step.heal = { ...step.heal, ...proposalOf(step.heal, step.stepId, current) };
  }
  return { ...run, inputs, steps };
}

type StoredHeal = Omit<RunStepHeal, 'proposal' | 'canApply'> & { candidate: { fingerprint?: Fingerprint } };
type Current = { definition: Definition | null; version: number | null; canEdit: boolean };

/** The workflow's current definition, and whether the caller may save a new version (its creator, superusers, admins). */
async function currentDefinition(tx: Tx, workflowId: string): Promise<Current> {
  const [row] = await tx<{ definition: unknown; version: number | null; mine: boolean }[]>`
    select v.definition, w.current_version as version, w.created_by = (select auth.uid()) as mine
    from public.workflows w left join public.workflow_versions v on v.workflow_id = w.id and v.version = w.current_version
    where w.id = ${workflowId}`;
  if (!row) return { definition: null, version: null, canEdit: false };
  const role = await callerRole(tx);
  const parsed = definitionSchema.safeParse(row.definition);
  return { definition: parsed.success ? parsed.data : null, version: row.version, canEdit: row.mine || role === 'superuser' || role === 'admin' };
}

function healedStep(current: Current, stepId: string) {
  const index = current.definition?.steps.findIndex((s) => s.id === stepId && 'selectors' in s) ?? -1;
  const step = index >= 0 ? current.definition!.steps[index]! : undefined;
  return step && 'selectors' in step && step.selectors ? { index, step, selectors: step.selectors } : undefined;
}

/** Whether a heal can still become a new version: open, already applied, or its step is gone. */
function proposalOf(heal: StoredHeal, stepId: string, current: Current): Pick<RunStepHeal, 'proposal' | 'canApply'> {
  const found = healedStep(current, stepId);
  const proposal = !found ? 'gone' : startsWith(found.selectors, heal.candidate.selectors) ? 'applied' : 'open';
  return { proposal, canApply: proposal === 'open' && current.canEdit };
}

/** The message of a refused pause / resume / stop / retry, saying why. */
const STATE_MESSAGES: Record<'pause' | 'resume' | 'stop' | 'retry', ApiMessageKey> = {
  pause: 'run_cannot_pause',
  resume: 'run_cannot_resume',
  stop: 'run_cannot_stop',
  retry: 'run_cannot_retry',
};

/** asCaller with run_state_invalid explained for the action. */
async function actOnRun<T>(c: Context<AppEnv>, action: keyof typeof STATE_MESSAGES, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await asCaller(c, fn);
  } catch (error) {
    if (error instanceof HttpError && error.code === 'run_state_invalid') {
      throw new HttpError(409, 'run_state_invalid', { message: t(c.get('lang'), STATE_MESSAGES[action]), cause: error });
    }
    if (error instanceof HttpError && error.code === 'step_out_of_range') {
      const message = t(c.get('lang'), 'step_out_of_range');
      throw new HttpError(400, 'step_out_of_range', { message, fields: { fromStep: message }, cause: error });
    }
    throw error;
  }
}

export const runRoutes = new Hono<AppEnv>();

// A page of the organisation's runs (or one workflow's, or those of one status), newest first.
runRoutes.get('/runs', requireSession, async (c) => {
  const { status, workflowId, limit, cursor } = readQuery(c, listQuerySchema);
  const scope = scopeOf(c, 'runs', [status ?? null, workflowId ?? null]);
  const after = cursor ? decodeCursor(c, scope, cursor, runKey) : null;
  const rows = await asCaller(c, (tx) =>
    selectRuns(
      tx,
      tx`${status ? tx`status = ${status}` : tx`true`} and ${workflowId ? tx`workflow_id = ${workflowId}` : tx`true`}
        and ${after ? tx`(created_at, id) < (${after[0]}::text::timestamptz, ${after[1]}::uuid)` : tx`true`}`,
      limit + 1,
    ));
  const page: Page<Run> = toPage(scope, rows, limit, (r) => [r.cursorAt, r.id], ({ cursorAt: _, ...r }) => r);
  return c.json(page);
});

runRoutes.get('/runs/counts', requireSession, async (c) => {
  const rows = await asCaller(c, (tx) =>
    tx<{ status: RunStatus; count: number }[]>`
    select status, count(*)::int as count from public.runs group by status`);
  const counts: RunCounts = { pending: 0, running: 0, paused: 0, completed: 0, failed: 0, stopped: 0, total: 0 };
  for (const { status, count } of rows) {
    counts[status] = count;
    counts.total += count;
  }
  return c.json(counts);
});

// Live views (issue 20 item 8): a screen asks every second whether anything about the organisation's runs
// changed, and refetches its runs only when the cursor moved. One index read (runs_organization_id_updated_at_idx)
// instead of every viewer re-reading every run every second. Every change of a run, its steps, its decision or
// its task touches the run's updated_at.
runRoutes.get('/runs/changes', requireSession, async (c) => {
  const [row] = await asCaller(c, (tx) =>
    tx<{ cursor: string | null }[]>`select max(updated_at)::text as cursor from public.runs`);
  const body: RunChanges = { cursor: row?.cursor ?? '' };
  return c.json(body);
});

runRoutes.get('/runs/:id', requireSession, async (c) => {
  const id = pathId(c);
  return c.json(await asCaller(c, (tx) => selectRunDetail(tx, id)));
});

runRoutes.get('/runs/:id/steps/:stepId/screenshot', requireSession, async (c) => {
  const id = pathId(c);
  const stepId = pathId(c, 'stepId');
  const [shot] = await asCaller(c, (tx) =>
    tx<{ jpeg: Uint8Array }[]>`
      select sc.jpeg from public.run_screenshots sc
      join public.run_steps s on s.id = sc.run_step_id
      where sc.run_step_id = ${stepId} and s.run_id = ${id}`);
  if (!shot) throw new HttpError(404, 'not_found');
  return c.body(new Uint8Array(shot.jpeg), 200, { 'Content-Type': 'image/jpeg' });
});

// A heal as a new version of the workflow (docs/automation.md "Confirming a candidate and heals"): the step of the
// current version with the same id gets the candidate's selectors first, its own with meaning after them and
// positional ones last, and the candidate's fingerprint. Saved through app.save_workflow_definition as the
// caller, so only those who may edit the workflow can (403 otherwise); the previous version stays as it was.
/**
 * An extract_table step's rows: `format=json` `{ columns, rows }` (what starts a batch of another workflow), `csv`
 * or `xlsx` a download whose cells starting with = + - @ are neutralised (batch-files.ts), rows in the page's order.
 */
const tableQuerySchema = z.strictObject({ format: z.enum(['json', 'csv', 'xlsx'], { message: 'batch_format_invalid' }).default('json') });

runRoutes.get('/runs/:id/steps/:stepId/table', requireSession, async (c) => {
  const id = pathId(c);
  const stepId = pathId(c, 'stepId');
  const { format } = readQuery(c, tableQuerySchema);
  const [table] = await asCaller(c, (tx) =>
    tx<{ variable: string; columns: string[]; rows: string[][]; workflowName: string }[]>`
      select rt.variable, rt.columns, rt.rows, w.name as "workflowName"
      from public.run_tables rt
      join public.run_steps s on s.id = rt.run_step_id
      join public.runs r on r.id = s.run_id
      join public.workflows w on w.id = r.workflow_id
      where rt.run_step_id = ${stepId} and s.run_id = ${id}`);
  if (!table) throw new HttpError(404, 'not_found');
  if (format === 'json') return c.json({ columns: table.columns, rows: table.rows });
  const rows = [table.columns, ...table.rows];
  const name = `${slug(table.workflowName, 'run')}-${table.variable}.${format}`;
  const body = format === 'xlsx' ? await writeXlsx(rows, table.variable.slice(0, 31)) : writeCsv(rows, ';');
  return c.body(body as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${name}"`,
  });
});

runRoutes.post('/runs/:id/steps/:stepId/heal', requireSession, async (c) => {
  const id = pathId(c);
  const stepId = pathId(c, 'stepId');
  const applied = await asCaller(c, async (tx) => {
    const [row] = await tx<{ heal: StoredHeal | null; status: string; stepId: string; workflowId: string }[]>`
      select s.heal, s.status, s.step_id as "stepId", r.workflow_id as "workflowId"
      from public.run_steps s join public.runs r on r.id = s.run_id
      where s.id = ${stepId} and s.run_id = ${id}`;
    if (!row) throw new HttpError(404, 'not_found');
    if (!row.heal || row.status !== 'passed') throw new HttpError(409, 'heal_not_found');
    const current = await currentDefinition(tx, row.workflowId);
    const found = healedStep(current, row.stepId);
    if (!current.definition || !found) throw new HttpError(409, 'heal_step_gone');
    const { proposal } = proposalOf(row.heal, row.stepId, current);
    if (proposal === 'applied') throw new HttpError(409, 'heal_already_applied');
    if (!current.canEdit) throw new HttpError(403, 'forbidden');
    const { step, index, selectors } = found;
    const fingerprint = row.heal.candidate.fingerprint ?? (step as { fingerprint?: Fingerprint }).fingerprint;
    const healed = { ...step, selectors: healedSelectors(row.heal.candidate.selectors, selectors), ...(fingerprint && { fingerprint }) };
    const lang = c.get('lang');
    const definition = refuseUnsafeDefinition(validate({ ...current.definition, steps: current.definition.steps.map((s, i) => (i === index ? healed : s)) }, definitionSchema, lang), lang);
    try {
      const [{ version }] = await tx<{ version: number }[]>`
        select app.save_workflow_definition(${row.workflowId}, ${jsonParam(tx, definition)}, 'heal', null) as version`;
      const result: AppliedHeal = { workflowId: row.workflowId, version, previousVersion: current.version ?? 0 };
      return result;
    } catch (error) {
      if ((error as { code?: string }).code === 'P0002') throw new HttpError(403, 'forbidden', { cause: error });
      throw error;
    }
  });
  return c.json(applied, 201);
});

// The run and every attempt's steps as a file. Secret values are never stored (the runner masks them in
// step logs, extracted values and decisions), so none can be in it.
runRoutes.get('/runs/:id/log', requireSession, async (c) => {
  const id = pathId(c);
  const detail = await asCaller(c, (tx) => selectRunDetail(tx, id));
  return c.body(JSON.stringify(detail, null, 2), 200, jsonAttachment(`run-${id}.json`));
});

for (const action of ['pause', 'resume', 'stop'] as const) {
  runRoutes.post(`/runs/:id/${action}`, requireSession, async (c) => {
    const id = pathId(c);
    const run = await actOnRun(c, action, async (tx) => {
      await tx`select 1 from app.control_run(${id}, ${action})`;
      return selectRun(tx, id);
    });
    return c.json(run);
  });
}

runRoutes.post('/runs/:id/retry', requireSession, async (c) => {
  const id = pathId(c);
  const text = await c.req.text();
  const { fromStep, resend } = validate(text.trim() ? parseJson(text) : {}, retryBodySchema, c.get('lang'));
  const run = await actOnRun(c, 'retry', async (tx): Promise<RetriedRun> => {
    if (!resend) {
      // What the retry would run again (retry_run's choice: the current version, from the failed step by default),
      // against the steps after which the site received data in any attempt (run_steps.sent_data). A run that is
      // not failed, or a step outside the version, is left to retry_run's own refusal.
      const [planned] = await tx<{ from_step: number; steps: PlanStep[]; sent: number[] }[]>`
        select coalesce(${fromStep ?? null}::integer, r.failed_step, 0) as from_step, v.definition -> 'steps' as steps,
               array(select distinct s.step_index from public.run_steps s where s.run_id = r.id and s.sent_data order by 1) as sent
        from public.runs r
        join public.workflows w on w.id = r.workflow_id
        join public.workflow_versions v on v.workflow_id = w.id and v.version = w.current_version
        where r.id = ${id} and r.status = 'failed'`;
      if (planned && planned.sent.length && planned.from_step < planned.steps.length) {
        const resends = resentSteps(retryPlan(planned.steps, planned.from_step), planned.sent);
        if (resends.length) {
          const key = resends.length === 1 ? 'retry_resends_data_one' : 'retry_resends_data_other';
          throw new HttpError(409, 'retry_resends_data', { message: t(c.get('lang'), key, { steps: formatStepNumbers(resends, c.get('lang')) }) });
        }
      }
    }
    // The new attempt runs the version retry_run chose (the current one): its steps say what runs again.
    const [retried] = await tx<{ start_step: number; steps: PlanStep[] }[]>`
      select r.start_step, v.definition -> 'steps' as steps
      from app.retry_run(${id}, ${fromStep ?? null}) r
      join public.workflow_versions v on v.workflow_id = r.workflow_id and v.version = r.workflow_version`;
    return { ...(await selectRun(tx, id)), retryPlan: retryPlan(retried.steps, retried.start_step) };
  });
  return c.json(run, 202);
});
