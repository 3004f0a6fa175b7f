// POST /api/workflows/{id}/batches (docs/automation.md "Batches"): how a file's columns map to the workflow's
// inputs, how many rows run at a time, and whether only to preview. Messages are keys of `validation`.
import { z } from 'zod';

export const MIN_BATCH_CONCURRENCY = 1;
export const MAX_BATCH_CONCURRENCY = 8;
export const DEFAULT_BATCH_CONCURRENCY = 2;

export const batchOptionsSchema = z.strictObject({
  /** Input name → the column its values come from; inputs left out are matched by name or label. */
  mapping: z.record(z.string(), z.string().max(200, 'too_long'), { message: 'invalid_input' }).optional(),
  concurrency: z.number({ message: 'batch_concurrency_invalid' }).int('batch_concurrency_invalid')
    .min(MIN_BATCH_CONCURRENCY, 'batch_concurrency_invalid').max(MAX_BATCH_CONCURRENCY, 'batch_concurrency_invalid')
    .default(DEFAULT_BATCH_CONCURRENCY),
  /** Read the file and answer how it maps, starting nothing. */
  preview: z.boolean().default(false),
});
export type BatchOptions = z.input<typeof batchOptionsSchema>;

/** The JSON form: the rows themselves (`[{ column: value }]`). */
export const batchJsonBodySchema = batchOptionsSchema.extend({ rows: z.array(z.unknown(), { message: 'batch_rows_invalid' }) });

/** `?format=` of GET /api/batches/{id}/results: the batch's own format when left out (JSON rows come back as CSV). */
export const batchResultsQuerySchema = z.strictObject({
  format: z.enum(['csv', 'xlsx'], { message: 'batch_format_invalid' }).optional(),
  /** The language of the added columns and statuses: a download link cannot set Accept-Language, so the app says it here. */
  lang: z.enum(['sv', 'en'], { message: 'invalid_input' }).optional(),
});
