// Workflows (SPEC §2 workflows, §7; AUTOMATION "API additions"): list, create, edit, start/pause, delete,
// duplicate; one workflow with its current definition; saving a definition as a new version; import (a
// Chrome DevTools Recorder recording or a Kollega export) and export; starting a run; the cron schedule.
// RLS decides who sees and changes which workflow; versions, runs and schedules are written by the app.*
// SQL functions (20261123000100, 000500, 000600), which check who may.
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { fromChromeRecording, RecordingError, recordingName, toChromeRecording } from '../../_shared/chrome-recorder.ts';
import type { Tx } from '../../_shared/db.ts';
import { HttpError, parseJson, validate } from '../../_shared/http.ts';
import { type Lang, t } from '../../_shared/i18n.ts';
import {
  type Definition,
  definitionSchema,
  emptyDefinition,
  declareUsedInputs,
  inputDeclarations,
  saveDefinitionSchema,
  secretNames,
} from '../../_shared/schemas/definition.ts';
import { DEFAULT_TIMEZONE, scheduleBodySchema } from '../../_shared/schemas/schedules.ts';
import { WORKFLOW_COLUMNS, WORKFLOW_LIST } from '../../_shared/statements.ts';
import { createWorkflowSchema, updateWorkflowSchema, WORKFLOW_CATEGORIES } from '../../_shared/schemas/workflows.ts';
import type { SavedDefinition, Workflow, WorkflowCategory, WorkflowDetail, WorkflowSchedule, WorkflowVersion } from '../../_shared/types/api.ts';
import { refuseUnsafeDefinition } from '../definition-rules.ts';
import { currentDefinition, runInputs } from '../run-inputs.ts';
import { formFiles, type GivenFile, storeRunFiles, withFiles } from '../input-files.ts';
import { resolveInputs } from '../../_shared/schemas/input-values.ts';
import { type AppEnv, isMultipart, readJson, requireSession } from '../middleware.ts';
import { decodeCursor, idKey, jsonPage, pageParams, scopeOf, timestampKey } from '../paging.ts';
import { asCaller, deniedOrMissing, jsonAttachment, jsonParam, likePattern, pathId, readQuery, slug } from '../resource.ts';

export const WORKFLOW_PAGE_SIZE = 30;
export const WORKFLOW_PAGE_MAX = 100;
export const MAX_RUN_INPUTS = 50;

const listQuerySchema = z.strictObject({
  /** Name or description contains (case-insensitive). */
  q: z.string().trim().max(200, 'too_long').optional(),
  ...pageParams(WORKFLOW_PAGE_SIZE, WORKFLOW_PAGE_MAX),
});
const workflowKey = z.tuple([timestampKey, idKey]);

/** PUT /api/workflows/{id}/definition: the definition, and where it came from. */
const saveBodySchema = saveDefinitionSchema.extend({
  source: z.enum(['editor', 'recorder'], { message: 'source_invalid' }).default('editor'),
  /** How long the person took to do the task while it was recorded (the manual baseline of "hours saved"). */
  recordedDurationMs: z.number({ message: 'duration_invalid' }).int('duration_invalid').min(0, 'duration_invalid')
    .max(2_147_483_647, 'duration_invalid').nullish(),
});

/** Given input values, checked against the workflow's declared inputs (run-inputs.ts); any JSON value is let through to be named there. */
export const givenInputsSchema = z.record(z.string(), z.unknown(), { message: 'invalid_input' }).refine(
  (inputs) => Object.keys(inputs).length <= MAX_RUN_INPUTS,
  'too_many_inputs',
);

const runBodySchema = z.strictObject({
  inputs: givenInputsSchema.default({}),
  mode: z.enum(['run', 'test'], { message: 'run_mode_invalid' }).default('run'),
});

const exportQuerySchema = z.strictObject({
  format: z.enum(['kollega', 'chrome-recorder'], { message: 'export_format_invalid' }).default('kollega'),
});

/** A Kollega export file (GET …/export?format=kollega), as POST /api/workflows/import reads it back. */
const kollegaExportSchema = z.object({
  format: z.literal('kollega-workflow', { message: 'import_format_invalid' }),
  formatVersion: z.literal(1, { message: 'import_format_invalid' }),
  name: z.string({ message: 'workflow_name_required' }).trim().min(1, 'workflow_name_required'),
  description: z.string().optional(),
  category: z.unknown().optional(),
  definition: definitionSchema,
});
export type KollegaExport = {
  format: 'kollega-workflow';
  formatVersion: 1;
  name: string;
  description: string;
  category: WorkflowCategory;
  definition: Definition;
};

type WorkflowRow = Workflow & {
  currentVersion: number | null;
  definition: Definition | null;
  cron: string | null;
  timezone: string | null;
  enabled: boolean | null;
  scheduleNextRunAt: string | null;
  scheduleLastRunAt: string | null;
  scheduleInputs: Record<string, string> | null;
  hasWebhook: boolean;
  webhookSigned: boolean;
};

/** One workflow with its current definition, schedule and webhook flag, read under RLS (404 when invisible). */
async function selectWorkflow(tx: Tx, id: string): Promise<WorkflowRow> {
  const [row] = await tx<WorkflowRow[]>`
    select w.*, v.definition, s.cron, s.timezone, s.enabled, s.next_run_at as "scheduleNextRunAt",
           s.last_run_at as "scheduleLastRunAt", s.inputs as "scheduleInputs",
           exists (select 1 from public.workflow_webhooks h where h.workflow_id = w.id) as "hasWebhook",
           coalesce((select h.signed from public.workflow_webhooks h where h.workflow_id = w.id), false) as "webhookSigned"
    from (select ${tx.unsafe(WORKFLOW_COLUMNS)}, current_version as "currentVersion" from public.workflows where id = ${id}) w
    left join public.workflow_versions v on v.workflow_id = w.id and v.version = w."currentVersion"
    left join public.workflow_schedules s on s.workflow_id = w.id`;
  if (!row) throw new HttpError(404, 'not_found');
  return row;
}

function scheduleOf(row: WorkflowRow): WorkflowSchedule | null {
  if (row.cron === null) return null;
  return {
    cron: row.cron,
    timezone: row.timezone ?? DEFAULT_TIMEZONE,
    enabled: row.enabled ?? false,
    nextRunAt: row.scheduleNextRunAt,
    lastRunAt: row.scheduleLastRunAt,
    inputs: row.scheduleInputs ?? {},
  };
}

async function workflowDetail(tx: Tx, id: string): Promise<WorkflowDetail> {
  const row = await selectWorkflow(tx, id);
  const {
    definition: stored,
    cron: _cron,
    timezone: _tz,
    enabled: _enabled,
    scheduleNextRunAt: _next,
    scheduleLastRunAt: _last,
    scheduleInputs: _inputs,
    ...workflow
  } = row;
  const definition = stored ?? emptyDefinition();
  const used = secretNames(definition);
  const existing = used.length
    ? (await tx<{ name: string }[]>`select name from public.secrets where name in ${tx(used)}`).map((s) => s.name)
    : [];
  return { ...workflow, definition, missingSecrets: used.filter((name) => !existing.includes(name)), schedule: scheduleOf(row) };
}

/** What an import file holds: a Kollega export, or a Chrome Recorder recording (400 in the caller's language otherwise). */
function readImport(
  file: unknown,
  lang: Lang,
): { name: string; description: string; category: WorkflowCategory; definition: Definition } {
  const isObject = typeof file === 'object' && file !== null && !Array.isArray(file);
  if (isObject && 'format' in file) {
    const parsed = validate(file, kollegaExportSchema, lang);
    const category = WORKFLOW_CATEGORIES.find((c) => c === parsed.category) ?? 'Övrigt';
    return {
      name: parsed.name.slice(0, 200).trim(),
      description: (parsed.description ?? '').trim().slice(0, 2000),
      category,
      definition: parsed.definition,
    };
  }
  if (!isObject || !Array.isArray((file as { steps?: unknown }).steps)) throw new HttpError(400, 'import_format_unknown');
  let recording: ReturnType<typeof fromChromeRecording>;
  try {
    recording = fromChromeRecording(file);
  } catch (error) {
    if (!(error instanceof RecordingError)) throw error;
    const step = Number(error.path[1]) + 1;
    const code = error.problem === 'step_type_unsupported' ? 'import_step_unsupported' : 'import_step_not_object';
    const vars = { step, type: error.stepType ?? '' };
    throw new HttpError(400, code, { vars, fields: { [error.path.join('.')]: t(lang, code, vars) } });
  }
  // Chrome allows an empty title: the workflow is then named after the site the recording opens.
  const name = recordingName(recording.title, recording.definition, t(lang, 'import_untitled'));
  return { name, description: '', category: 'Övrigt', definition: validate(recording.definition, definitionSchema, lang) };
}

export const workflowRoutes = new Hono<AppEnv>();

// A page of the organisation's workflows, newest first (docs/api.md "Lists and pages").
workflowRoutes.get('/workflows', requireSession, async (c) => {
  const { q, limit, cursor } = readQuery(c, listQuerySchema);
  const scope = scopeOf(c, 'workflows', q ?? '');
  const after = cursor ? decodeCursor(c, scope, cursor, workflowKey) : null;
  const rows = await asCaller(c, (tx) =>
    tx<{ item: string; cursorAt: string; id: string }[]>`
      ${tx.unsafe(WORKFLOW_LIST.select)}
      where ${q ? tx`(name ilike ${likePattern(q)} or description ilike ${likePattern(q)})` : tx`true`}
        and ${after ? tx`(created_at, id) < (${after[0]}::text::timestamptz, ${after[1]}::uuid)` : tx`true`}
      ${tx.unsafe(WORKFLOW_LIST.order)}
      limit ${limit + 1}`);
  return jsonPage(c, scope, rows, limit, (w) => [w.cursorAt, w.id]); // a Page<Workflow>
});

workflowRoutes.post('/workflows', requireSession, async (c) => {
  const input = await readJson(c, createWorkflowSchema);
  const [row] = await asCaller(c, (tx) =>
    tx<Workflow[]>`
      insert into public.workflows (name, description, category, start_method)
      values (${input.name}, ${input.description}, ${input.category}, ${input.startMethod})
      returning ${tx.unsafe(WORKFLOW_COLUMNS)}`);
  return c.json(row, 201);
});

// A Chrome Recorder recording or a Kollega export (bodies up to 1 MB) → a draft workflow with the
// definition as version 1 (source `import`), in one transaction: a refused import leaves nothing behind.
workflowRoutes.post('/workflows/import', requireSession, async (c) => {
  const imported = readImport(parseJson(await c.req.text()), c.get('lang'));
  const file = { ...imported, definition: declareUsedInputs(imported.definition) };
  refuseUnsafeDefinition(file.definition, c.get('lang'));
  const row = await asCaller(c, async (tx) => {
    const [created] = await tx<{ id: string }[]>`
      insert into public.workflows (name, description, category)
      values (${file.name}, ${file.description}, ${file.category})
      returning id`;
    await tx`select app.save_workflow_definition(${created.id}, ${jsonParam(tx, file.definition)}, 'import', null)`;
    const [workflow] = await tx<Workflow[]>`select ${tx.unsafe(WORKFLOW_COLUMNS)} from public.workflows where id = ${created.id}`;
    return workflow;
  });
  return c.json(row, 201);
});

workflowRoutes.get('/workflows/:id', requireSession, async (c) => {
  const id = pathId(c);
  return c.json(await asCaller(c, (tx) => workflowDetail(tx, id)));
});

workflowRoutes.put('/workflows/:id', requireSession, async (c) => {
  const id = pathId(c);
  const input = await readJson(c, updateWorkflowSchema);
  const changes: Record<string, string | boolean | number | null> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.manualSeconds !== undefined) changes.manual_seconds = input.manualSeconds;
  if (input.description !== undefined) changes.description = input.description;
  if (input.category !== undefined) changes.category = input.category;
  if (input.startMethod !== undefined) changes.start_method = input.startMethod;
  if (input.runLocation !== undefined) changes.run_location = input.runLocation;
  if (input.status !== undefined) {
    changes.status = input.status;
    changes.is_active = input.status === 'active';
  }
  const row = await asCaller(c, async (tx) => {
    const [updated] = await tx<Workflow[]>`
      update public.workflows set ${tx(changes)} where id = ${id}
      returning ${tx.unsafe(WORKFLOW_COLUMNS)}`;
    return updated ?? deniedOrMissing(tx, 'public.workflows', id, new HttpError(403, 'forbidden'));
  });
  return c.json(row);
});

workflowRoutes.delete('/workflows/:id', requireSession, async (c) => {
  const id = pathId(c);
  await asCaller(c, async (tx) => {
    const [deleted] = await tx`delete from public.workflows where id = ${id} returning id`;
    return deleted ?? deniedOrMissing(tx, 'public.workflows', id, new HttpError(403, 'forbidden'));
  });
  return c.body(null, 204);
});

// A copy to work on: the current definition becomes the copy's version 1 (a workflow without steps copies
// none), and it starts by hand (a schedule or webhook belongs to the original, and the copy has neither).
workflowRoutes.post('/workflows/:id/duplicate', requireSession, async (c) => {
  const id = pathId(c);
  const row = await asCaller(c, async (tx) => {
    const [copy] = await tx<Workflow[]>`
      insert into public.workflows (name, description, category, start_method, status, is_active)
      select left(name, 192) || ' (kopia)', description, category, 'manual', 'draft', false
      from public.workflows where id = ${id}
      returning ${tx.unsafe(WORKFLOW_COLUMNS)}`;
    if (!copy) throw new HttpError(404, 'not_found');
    const [current] = await tx<{ definition: Definition; source: string; recordedDurationMs: number | null }[]>`
      select v.definition, v.source, v.recorded_duration_ms as "recordedDurationMs"
      from public.workflows w join public.workflow_versions v on v.workflow_id = w.id and v.version = w.current_version
      where w.id = ${id}`;
    if (!current || current.definition.steps.length === 0) return copy;
    await saveVersion(tx, copy.id, current.definition, current.source, current.recordedDurationMs);
    const [withSteps] = await tx<Workflow[]>`select ${tx.unsafe(WORKFLOW_COLUMNS)} from public.workflows where id = ${copy.id}`;
    return withSteps;
  });
  return c.json(row, 201);
});

// Saves a definition as the workflow's next version (bodies up to 1 MB). app.save_workflow_definition runs
// as the caller: its row lock needs the workflow's update policy, so a workflow the caller can see but not
// edit comes back as workflow_not_found (P0002), which is a 403 here.
workflowRoutes.put('/workflows/:id/definition', requireSession, async (c) => {
  const id = pathId(c);
  const input = await readJson(c, saveBodySchema);
  const definition = refuseUnsafeDefinition(declareUsedInputs(input.definition), c.get('lang'));
  const version = await asCaller(c, (tx) => saveVersion(tx, id, definition, input.source, input.recordedDurationMs ?? null));
  const saved: SavedDefinition = { version, definition };
  return c.json(saved);
});

/**
 * Keeps the workflow's enabled schedule runnable under `definition`: 409 `schedule_input_missing` when it has no
 * value (and the definition no default) for a required input, since its runs would fail for want of it (give the
 * input a default, set the value on the schedule, or pause it first); otherwise its values follow the new
 * declarations (a new input's default is filled in, inputs no longer declared are dropped).
 */
async function keepScheduleRunnable(tx: Tx, id: string, definition: Definition): Promise<void> {
  const [schedule] = await tx<{ cron: string; timezone: string; nextRunAt: Date | null; inputs: Record<string, string> }[]>`
    select cron, timezone, next_run_at as "nextRunAt", inputs from public.workflow_schedules where workflow_id = ${id} and enabled`;
  if (!schedule) return;
  const { values, problems } = resolveInputs(inputDeclarations(definition), schedule.inputs);
  const missing = Object.keys(problems)[0];
  if (missing) throw new HttpError(409, 'schedule_input_missing', { vars: { name: missing } });
  if (JSON.stringify(values) === JSON.stringify(schedule.inputs)) return;
  await tx`select 1 from app.set_workflow_schedule(${id}, ${schedule.cron}, ${schedule.timezone}, true, ${schedule.nextRunAt}, ${jsonParam(tx, values)})`;
}

/**
 * Saves `definition` as the workflow's next version through app.save_workflow_definition (as the caller): 404
 * for a workflow the caller cannot see, 403 for one they may not edit.
 */
async function saveVersion(tx: Tx, id: string, definition: Definition, source: string, recordedDurationMs: number | null): Promise<number> {
  const [visible] = await tx`select 1 from public.workflows where id = ${id}`;
  if (!visible) throw new HttpError(404, 'not_found');
  await keepScheduleRunnable(tx, id, definition);
  try {
    const [{ version }] = await tx<{ version: number }[]>`
      select app.save_workflow_definition(${id}, ${jsonParam(tx, definition)}, ${source}, ${recordedDurationMs}) as version`;
    return version;
  } catch (error) {
    if ((error as { code?: string }).code === 'P0002') throw new HttpError(403, 'forbidden', { cause: error });
    throw error;
  }
}

export const VERSION_LIST_LIMIT = 100;

// The workflow's saved versions, newest first, with who saved each and when (the editor's version history
// shows them as a readable diff of steps). 404 for a workflow the caller cannot see.
workflowRoutes.get('/workflows/:id/versions', requireSession, async (c) => {
  const id = pathId(c);
  const rows = await asCaller(c, async (tx) => {
    const [visible] = await tx`select 1 from public.workflows where id = ${id}`;
    if (!visible) throw new HttpError(404, 'not_found');
    return await tx<WorkflowVersion[]>`
      select v.version, v.source, v.created_at as "createdAt", p.full_name as "createdByName", v.definition
      from public.workflow_versions v left join public.profiles p on p.id = v.created_by
      where v.workflow_id = ${id}
      order by v.version desc
      limit ${VERSION_LIST_LIMIT}`;
  });
  return c.json(rows);
});

// Restores an earlier version: its definition saved again as the next version (versions never change, so the
// one it replaces stays restorable too). Used to undo a heal accepted from a run (docs/automation.md
// "Confirming a candidate and heals").
workflowRoutes.post('/workflows/:id/versions/:version/restore', requireSession, async (c) => {
  const id = pathId(c);
  const number = Number(c.req.param('version'));
  if (!Number.isInteger(number) || number < 1) throw new HttpError(404, 'not_found');
  const saved = await asCaller(c, async (tx) => {
    const [row] = await tx<{ definition: unknown }[]>`select definition from public.workflow_versions where workflow_id = ${id} and version = ${number}`;
    if (!row) throw new HttpError(404, 'not_found');
    const definition = refuseUnsafeDefinition(validate(row.definition, definitionSchema, c.get('lang')), c.get('lang'));
    const result: SavedDefinition = { version: await saveVersion(tx, id, definition, 'editor', null), definition };
    return result;
  });
  return c.json(saved, 201);
});

workflowRoutes.get('/workflows/:id/export', requireSession, async (c) => {
  const id = pathId(c);
  const { format } = readQuery(c, exportQuerySchema);
  const row = await asCaller(c, (tx) => selectWorkflow(tx, id));
  const definition = row.definition ?? emptyDefinition();
  const file = format === 'chrome-recorder' ? toChromeRecording(row.name, definition) : {
    format: 'kollega-workflow',
    formatVersion: 1,
    name: row.name,
    description: row.description,
    category: row.category,
    definition,
  } satisfies KollegaExport;
  return c.body(JSON.stringify(file, null, 2), 200, jsonAttachment(`${slug(row.name, 'workflow')}.json`));
});

// Starts a run of the current version (202: the runner picks it up from the queue). `mode: "test"` also
// runs drafts and paused workflows; a test run's failures are low-priority errors and do not count in
// the workflow's statistics.
// With file inputs the body is multipart/form-data: the JSON body as the part `json` and each file as the part
// `file.<input>` (input-files.ts); the run and its files are written in one transaction.
workflowRoutes.post('/workflows/:id/run', requireSession, async (c) => {
  const id = pathId(c);
  const lang = c.get('lang');
  const { body, files } = await readRunBody(c);
  const { inputs: given, mode } = validate(body, runBodySchema, lang);
  const [row] = await asCaller(c, async (tx) => {
    const definition = await currentDefinition(tx, id);
    const withFile = withFiles(definition, given, files, lang);
    const inputs = runInputs(definition, withFile.given, lang);
    const started = await tx<{ executionId: string }[]>`select app.start_run(${id}, ${jsonParam(tx, inputs)}, ${mode === 'test'}) as "executionId"`;
    await storeRunFiles(tx, started[0].executionId, withFile.files);
    return started;
  });
  return c.json(row, 202);
});

/** A run's body: JSON, or multipart with the JSON in the part `json` and files in `file.<input>` parts (also the
 *  body of an attended run, routes/attended.ts). */
export async function readRunBody(c: Context<AppEnv>): Promise<{ body: unknown; files: Record<string, GivenFile> }> {
  if (!isMultipart(c.req.header('content-type'))) {
    const text = await c.req.text();
    return { body: text.trim() ? parseJson(text) : {}, files: {} };
  }
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw new HttpError(400, 'input_files_unreadable');
  }
  const json = form.get('json');
  return { body: typeof json === 'string' && json.trim() ? parseJson(json) : {}, files: await formFiles(form) };
}

workflowRoutes.put('/workflows/:id/schedule', requireSession, async (c) => {
  const id = pathId(c);
  const input = await readJson(c, scheduleBodySchema);
  const schedule = await asCaller(c, async (tx) => {
    // Fixed values for every run the schedule starts: checked now, so no scheduled run lacks one.
    // A schedule cannot carry a file: a file input's value never comes from its fixed values.
    const definition = input.cron === null ? null : await currentDefinition(tx, id);
    const inputs = input.cron === null ? {} : runInputs(definition, withFiles(definition, input.inputs, {}, c.get('lang')).given, c.get('lang'));
    const [row] = await tx<WorkflowSchedule[]>`
      select cron, timezone, enabled, next_run_at as "nextRunAt", last_run_at as "lastRunAt", inputs
      from app.set_workflow_schedule(${id}, ${input.cron}, ${input.timezone}, ${input.enabled}, ${input.nextRunAt}, ${jsonParam(tx, inputs)})`;
    return input.cron === null ? null : row;
  });
  return c.json(schedule);
});
