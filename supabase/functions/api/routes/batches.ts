// Batches (docs/automation.md "Batches"; docs/api.md): one workflow over the rows of a CSV or XLSX file or of
// JSON rows. The api reads the file (batch-files.ts), maps its columns to the workflow's inputs and checks every
// row against them before anything is written; app.create_batch then creates the batch and all its rows in one
// transaction and starts the first runs. Pause, resume, stop and retry-failed are app.* functions too; RLS lets
// members read their organisation's batches. Results come back in the format they came in.
import { Hono } from 'hono';
import { z } from 'zod';
import { HttpError, parseJson, validate } from '../../_shared/http.ts';
import { type Lang, t } from '../../_shared/i18n.ts';
import { batchJsonBodySchema, batchOptionsSchema, batchResultsQuerySchema } from '../../_shared/schemas/batches.ts';
import { type InputDeclaration, inputDeclarations } from '../../_shared/schemas/definition.ts';
import { fileProblem, type InputProblem, MAX_INPUT_FILE_BYTES, resolveInputs } from '../../_shared/schemas/input-values.ts';
import { baseName, contentTypeOf, filesKey, type GivenFile } from '../input-files.ts';
import { MAX_ZIP_UNPACKED_BYTES, unzipEntry, zipEntries } from '../zip.ts';
import type { BatchDetail, BatchItem, BatchPreview, BatchSummary, Page } from '../../_shared/types/api.ts';
import { CURSOR_TIMESTAMP } from '../../_shared/statements.ts';
import { decodeCursor, idKey, pageParams, scopeOf, timestampKey, toPage } from '../paging.ts';
import type { Tx } from '../../_shared/db.ts';
import {
  type BatchTable,
  MAX_BATCH_FILE_BYTES,
  readCsv,
  readJsonRows,
  readXlsx,
  writeCsv,
  writeXlsx,
} from '../batch-files.ts';
import { type AppEnv, MAX_BATCH_ZIP_BYTES, requireSession } from '../middleware.ts';
import { asCaller, jsonParam, pathId, readQuery, slug } from '../resource.ts';
import { currentDefinition } from '../run-inputs.ts';
import type { Context } from 'hono';

/** Column names that hold a row's reference (rows done in an earlier batch of the workflow are skipped). */
const REFERENCE_COLUMNS = ['reference', 'referens'];
/** How many row problems a refused file lists in `fields`. */
const MAX_ROW_PROBLEMS = 20;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Upload = { table: BatchTable; fileName: string; options: ReturnType<typeof batchOptionsSchema.parse>; zip: Uint8Array | null };

/**
 * The body: a multipart upload (`file`, and `mapping` as JSON, `concurrency`, `preview` as text; `files`, a zip of the
 * files the rows name for the workflow's file inputs) or JSON rows.
 */
async function readUpload(c: Context<AppEnv>): Promise<Upload> {
  const lang = c.get('lang');
  const type = c.req.header('content-type')?.split(';')[0].trim().toLowerCase();
  if (type !== 'multipart/form-data') {
    const text = await c.req.text();
    if (!text.trim()) throw new HttpError(400, 'batch_file_missing');
    const { rows, ...options } = validate(parseJson(text), batchJsonBodySchema, lang);
    return { table: readJsonRows(rows), fileName: '', options, zip: null };
  }
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw new HttpError(400, 'batch_file_missing');
  }
  const file = form.get('file');
  if (!(file instanceof File)) throw new HttpError(400, 'batch_file_missing');
  if (file.size > MAX_BATCH_FILE_BYTES) throw new HttpError(413, 'batch_file_too_large');
  const zip = form.get('files');
  if (zip instanceof File && zip.size > MAX_BATCH_ZIP_BYTES) throw new HttpError(413, 'batch_zip_too_large');
  const field = (name: string) => (typeof form.get(name) === 'string' ? (form.get(name) as string) : undefined);
  const mapping = field('mapping');
  const concurrency = field('concurrency');
  const options = validate({
    ...(mapping ? { mapping: parseJson(mapping) } : {}),
    ...(concurrency ? { concurrency: Number(concurrency) } : {}),
    preview: field('preview') === 'true',
  }, batchOptionsSchema, lang);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const name = file.name.toLowerCase();
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  let table: BatchTable;
  if (name.endsWith('.xlsx') || file.type === XLSX_TYPE || (isZip && !name.endsWith('.csv'))) table = await readXlsx(bytes);
  else if (name.endsWith('.csv') || name.endsWith('.txt') || file.type.startsWith('text/') || !isZip) table = readCsv(bytes);
  else throw new HttpError(400, 'batch_file_type');
  return { table, fileName: file.name.slice(0, 255), options, zip: zip instanceof File ? new Uint8Array(await zip.arrayBuffer()) : null };
}

/** Input name → column: as given, else the column named like the input (or its label), case and spaces aside. */
function mapColumns(inputs: InputDeclaration[], headers: string[], given: Record<string, string> = {}): Record<string, string> {
  const key = (s: string) => s.trim().toLowerCase();
  const byKey = new Map(headers.map((h) => [key(h), h]));
  const mapping: [string, string][] = [];
  for (const input of inputs) {
    if (Object.hasOwn(given, input.name)) {
      const column = given[input.name];
      if (column === '') continue;
      if (!headers.includes(column)) throw new HttpError(400, 'batch_mapping_invalid', { vars: { column, name: input.name } });
      mapping.push([input.name, column]);
      continue;
    }
    const column = byKey.get(key(input.name)) ?? (input.label ? byKey.get(key(input.label)) : undefined);
    if (column) mapping.push([input.name, column]);
  }
  return Object.fromEntries(mapping);
}

/** Every row's input values; 400 naming the row (as numbered in the file) and column of the first problem. */
function rowInputs(table: BatchTable, inputs: InputDeclaration[], mapping: Record<string, string>, lang: Lang): Record<string, string>[] {
  const columns = Object.entries(mapping).map(([name, column]) => [name, table.headers.indexOf(column)] as const);
  const fields: Record<string, string> = {};
  let first: { row: number; column: string; reason: string } | undefined;
  const values = table.rows.map((cells, r) => {
    const { values, problems } = resolveInputs(inputs, Object.fromEntries(columns.map(([name, index]) => [name, cells[index]])));
    for (const [name, problem] of Object.entries(problems)) {
      const column = mapping[name] ?? name;
      const reason = t(lang, problem, { name });
      first ??= { row: table.lines[r], column, reason };
      if (Object.keys(fields).length < MAX_ROW_PROBLEMS) fields[`rows.${table.lines[r]}.${column}`] = reason;
    }
    return values;
  });
  if (first) throw new HttpError(400, 'batch_cell_invalid', { vars: first, fields });
  return values;
}

/**
 * The zip's files the rows name for the workflow's file inputs, unpacked once each (zip.ts: only these, within its
 * limits) and checked like any file input's (size, kind); 400 naming the row and column of the first that is missing
 * or refused, so nothing is created.
 */
async function rowFiles(
  table: BatchTable,
  inputs: InputDeclaration[],
  mapping: Record<string, string>,
  values: Record<string, string>[],
  zip: Uint8Array | null,
  lang: Lang,
): Promise<Map<string, GivenFile>> {
  const files = new Map<string, GivenFile>();
  const used = inputs.filter((input) => input.type === 'file' && mapping[input.name]);
  if (!used.length || values.every((row) => used.every((input) => !row[input.name]))) return files;
  if (!zip) throw new HttpError(400, 'batch_zip_missing', { vars: { column: mapping[used[0].name] } });
  const entries = zipEntries(zip);
  let total = 0;
  for (const [r, row] of values.entries()) {
    for (const input of used) {
      const name = row[input.name];
      if (!name) continue;
      const column = mapping[input.name];
      const cell = { row: table.lines[r], column };
      const known = files.get(name);
      const entry = entries.get(name);
      if (!known && !entry) throw new HttpError(400, 'batch_zip_file_missing', { vars: { ...cell, file: name.slice(0, 200) } });
      const refuse = (problem: InputProblem) =>
        new HttpError(problem === 'input_file_too_large' ? 413 : 400, 'batch_cell_invalid', {
          vars: { ...cell, reason: t(lang, problem, { name: input.name }) },
          fields: { [`rows.${cell.row}.${column}`]: t(lang, problem, { name: input.name }) },
        });
      const file = known ?? { name, type: contentTypeOf(name), bytes: await unzipEntry(zip, entry!, MAX_INPUT_FILE_BYTES, () => refuse('input_file_too_large')) };
      const problem = fileProblem(input, { name: baseName(name), type: file.type, size: file.bytes.byteLength });
      if (problem) throw refuse(problem);
      if (!known) {
        total += file.bytes.byteLength;
        if (total > MAX_ZIP_UNPACKED_BYTES) throw new HttpError(413, 'batch_zip_too_large');
        files.set(name, file);
      }
    }
  }
  return files;
}

const SUMMARY_COLUMNS = `b.id, b.workflow_id as "workflowId", b.status, b.concurrency, b.format, b.file_name as "fileName",
         b.created_at as "createdAt", b.finished_at as "finishedAt",
         json_build_object(
           'total', count(i.id), 'pending', count(i.id) filter (where i.status = 'pending'),
           'running', count(i.id) filter (where i.status = 'running'), 'completed', count(i.id) filter (where i.status = 'completed'),
           'failed', count(i.id) filter (where i.status = 'failed'), 'skipped', count(i.id) filter (where i.status = 'skipped'),
           'waiting', count(i.id) filter (where i.status = 'waiting')) as counts`;
const SUMMARY_FROM = `from public.batches b left join public.batch_items i on i.batch_id = b.id`;
const SUMMARY = `select ${SUMMARY_COLUMNS} ${SUMMARY_FROM}`;

async function batchSummary(tx: Tx, id: string): Promise<BatchSummary> {
  const [row] = await tx<BatchSummary[]>`${tx.unsafe(SUMMARY)} where b.id = ${id} group by b.id`;
  if (!row) throw new HttpError(404, 'not_found');
  return row;
}

export const BATCH_PAGE_SIZE = 20;
export const BATCH_PAGE_MAX = 100;
const batchListQuerySchema = z.strictObject(pageParams(BATCH_PAGE_SIZE, BATCH_PAGE_MAX));
const batchKey = z.tuple([timestampKey, idKey]);

export const batchRoutes = new Hono<AppEnv>();

batchRoutes.post('/workflows/:id/batches', requireSession, async (c) => {
  const id = pathId(c);
  const lang = c.get('lang');
  const { table, fileName, options, zip } = await readUpload(c);
  return asCaller(c, async (tx) => {
    const [workflow] = await tx`select 1 from public.workflows where id = ${id}`;
    if (!workflow) throw new HttpError(404, 'not_found');
    const definition = await currentDefinition(tx, id);
    const inputs = definition ? inputDeclarations(definition) : [];
    const mapping = mapColumns(inputs, table.headers, options.mapping);
    const referenceIndex = table.headers.findIndex((h) => REFERENCE_COLUMNS.includes(h.trim().toLowerCase()));
    if (options.preview) {
      const preview: BatchPreview = {
        format: table.format,
        columns: table.headers,
        rowCount: table.rows.length,
        sample: table.rows.slice(0, 10),
        inputs,
        mapping,
        referenceColumn: referenceIndex < 0 ? null : table.headers[referenceIndex],
      };
      return c.json(preview);
    }
    const values = rowInputs(table, inputs, mapping, lang);
    const files = await rowFiles(table, inputs, mapping, values, zip, lang);
    const items = table.rows.map((cells, r) => ({ reference: referenceIndex < 0 ? null : cells[referenceIndex].trim().slice(0, 200) || null, cells, inputs: values[r] }));
    const [{ batchId }] = await tx<{ batchId: string }[]>`
      select app.create_batch(${id}, ${table.format}, ${fileName}, ${jsonParam(tx, table.headers)}, ${table.delimiter},
                              ${options.concurrency}, ${jsonParam(tx, items)}) as "batchId"`;
    if (files.size) {
      const key = filesKey();
      for (const [name, file] of files) await tx`select app.add_batch_file(${batchId}, ${name}, ${file.type}, ${file.bytes}, ${key})`;
    }
    return c.json({ batchId }, 202);
  });
});

// A page of the workflow's batches, newest first, through (workflow_id, created_at desc, id desc).
batchRoutes.get('/workflows/:id/batches', requireSession, async (c) => {
  const id = pathId(c);
  const { limit, cursor } = readQuery(c, batchListQuerySchema);
  const scope = scopeOf(c, 'batches', id);
  const after = cursor ? decodeCursor(c, scope, cursor, batchKey) : null;
  const rows = await asCaller(c, (tx) =>
    tx<(BatchSummary & { cursorAt: string })[]>`
      select ${tx.unsafe(SUMMARY_COLUMNS)}, ${tx.unsafe(CURSOR_TIMESTAMP('b.created_at'))} as "cursorAt" ${tx.unsafe(SUMMARY_FROM)}
      where b.workflow_id = ${id}
        and ${after ? tx`(b.created_at, b.id) < (${after[0]}::text::timestamptz, ${after[1]}::uuid)` : tx`true`}
      group by b.id order by b.created_at desc, b.id desc limit ${limit + 1}`);
  const page: Page<BatchSummary> = toPage(scope, rows, limit, (b) => [b.cursorAt, b.id], ({ cursorAt: _, ...b }) => b);
  return c.json(page);
});

batchRoutes.get('/batches/:id', requireSession, async (c) => {
  const id = pathId(c);
  const detail = await asCaller(c, async (tx): Promise<BatchDetail> => {
    const summary = await batchSummary(tx, id);
    const items = await tx<BatchItem[]>`
      select index, reference, status, run_id as "runId", error from public.batch_items where batch_id = ${id} order by index`;
    return { ...summary, items };
  });
  return c.json(detail);
});

for (const action of ['pause', 'resume', 'stop'] as const) {
  batchRoutes.post(`/batches/:id/${action}`, requireSession, async (c) => {
    const id = pathId(c);
    return c.json(await asCaller(c, async (tx) => {
      await tx`select 1 from app.control_batch(${id}, ${action})`;
      return batchSummary(tx, id);
    }));
  });
}

const retryFailedBodySchema = z.strictObject({
  /** Failed rows whose run sent data to the site before it failed run again from the start: only when this says so. */
  resend: z.boolean({ message: 'invalid_data' }).optional(),
});

batchRoutes.post('/batches/:id/retry-failed', requireSession, async (c) => {
  const id = pathId(c);
  const text = await c.req.text();
  const { resend } = validate(text.trim() ? parseJson(text) : {}, retryFailedBodySchema, c.get('lang'));
  return c.json(await asCaller(c, async (tx) => {
    if (!resend) {
      // A failed row runs again as a new run from the first step: a row whose run had sent data to the site (a
      // saved form, run_steps.sent_data) would send it again. Refused until the person has been told.
      const [{ sent }] = await tx<{ sent: number }[]>`
        select count(*)::integer as sent from public.batch_items i
        where i.batch_id = ${id} and i.status = 'failed'
          and exists (select 1 from public.run_steps s where s.run_id = i.run_id and s.sent_data)`;
      if (sent > 0) {
        const key = sent === 1 ? 'batch_retry_resends_data_one' : 'batch_retry_resends_data_other';
        throw new HttpError(409, 'batch_retry_resends_data', { message: t(c.get('lang'), key, { count: sent }) });
      }
    }
    const [{ retried }] = await tx<{ retried: number }[]>`select app.retry_failed_batch(${id}) as retried`;
    return { retried, batch: await batchSummary(tx, id) };
  }));
});

/** The rows as they came, in order, with status, error and what each run extracted added as columns. */
batchRoutes.get('/batches/:id/results', requireSession, async (c) => {
  const id = pathId(c);
  const query = readQuery(c, batchResultsQuerySchema);
  const lang = query.lang ?? c.get('lang');
  const { batch, items } = await asCaller(c, async (tx) => {
    const [batch] = await tx<{ format: string; fileName: string; columns: string[]; delimiter: ',' | ';' | '\t' | null; workflowName: string }[]>`
      select b.format, b.file_name as "fileName", b.columns, b.delimiter, w.name as "workflowName"
      from public.batches b join public.workflows w on w.id = b.workflow_id where b.id = ${id}`;
    if (!batch) throw new HttpError(404, 'not_found');
    const items = await tx<{ cells: string[]; status: BatchItem['status']; error: string | null; output: Record<string, string> | null }[]>`
      select cells, status, error, output from public.batch_items where batch_id = ${id} order by index`;
    return { batch, items };
  });
  const outputs = [...new Set(items.flatMap((i) => Object.keys(i.output ?? {})))];
  const errorText = (error: string | null) =>
    error === 'reference_done' ? t(lang, 'batch_reference_done') : error === 'stopped' ? t(lang, 'batch_row_stopped') : error ?? '';
  const rows = [
    [...batch.columns, t(lang, 'batch_results_status'), t(lang, 'batch_results_error'), ...outputs.map((o) => `output.${o}`)],
    ...items.map((i) => [...i.cells, t(lang, `batch_status_${i.status}`), errorText(i.error), ...outputs.map((o) => String(i.output?.[o] ?? ''))]),
  ];
  const format = query.format ?? (batch.format === 'xlsx' ? 'xlsx' : 'csv');
  const base = `${slug(batch.fileName.replace(/\.[^.]*$/, '') || batch.workflowName, 'batch')}-result`;
  const body = format === 'xlsx' ? await writeXlsx(rows, batch.workflowName.slice(0, 31) || 'Batch') : writeCsv(rows, batch.delimiter ?? ',');
  return c.body(body as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${base}.${format}"`,
  });
});
