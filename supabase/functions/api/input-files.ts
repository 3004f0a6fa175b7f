// File inputs at the api's doors (docs/automation.md "File inputs"): the file a run fills into an upload field,
// given with "Kör nu" or a test run (multipart), in a webhook's JSON (base64) or in a zip beside a batch's rows. A
// file input's value is the file's name; the file itself is checked here (size, kind, the run's total) and stored
// encrypted with the run (app.add_run_file / app.add_webhook_file) or the batch (app.add_batch_file) under the same
// key as the organisation's secrets, in the same transaction that starts the run, so a refused file starts nothing.
import type { Sql, Tx } from '../_shared/db.ts';
import { HttpError } from '../_shared/http.ts';
import { type Lang, t } from '../_shared/i18n.ts';
import { type Definition, type InputDeclaration, inputDeclarations } from '../_shared/schemas/definition.ts';
import { fileProblem, type InputProblem, MAX_RUN_FILES_BYTES } from '../_shared/schemas/input-values.ts';

/** A file as it came: its name (data only: never a path on this machine), its type as the sender said, its bytes. */
export type GivenFile = { name: string; type: string; bytes: Uint8Array };

/** A file's own name without the folders a zip or a browser put before it (`../faktura.pdf` → `faktura.pdf`). */
export function baseName(name: string): string {
  return name.split(/[\\/]/).pop() || name;
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp',
  tif: 'image/tiff', tiff: 'image/tiff', txt: 'text/plain', csv: 'text/csv', xml: 'application/xml', json: 'application/json',
  zip: 'application/zip', doc: 'application/msword', xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The type of a file that came without one (a zip's entry), from its name's ending. */
export function contentTypeOf(name: string): string {
  const ending = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[ending] ?? 'application/octet-stream';
}

/** The key files are encrypted under (the secrets' key); 503 when the server has none. */
export function filesKey(): string {
  const key = Deno.env.get('KOLLEGA_SECRETS_KEY');
  if (!key) throw new HttpError(503, 'files_unavailable');
  return key;
}

/** The file inputs a definition declares. */
export function fileInputs(definition: Pick<Definition, 'steps' | 'inputs'> | null): InputDeclaration[] {
  return definition ? inputDeclarations(definition).filter((i) => i.type === 'file') : [];
}

/** A refused file as a 400 (413 when too big), naming the input (`inputs.faktura` → "…faktura…"). */
export function fileError(problem: InputProblem, name: string, lang: Lang, field = `inputs.${name}`): HttpError {
  return new HttpError(problem === 'input_file_too_large' ? 413 : 400, problem, { vars: { name }, fields: { [field]: t(lang, problem, { name }) } });
}

/**
 * The given values with each file input's value taken from its file (the file's name; nothing without one: a text
 * value never stands in for a file), and the files to store, by input. A file refused (too big, empty, a kind the
 * input does not take) or files over MAX_RUN_FILES_BYTES together are a 400/413 naming the input; files for names
 * that are not file inputs are left out, as values of undeclared inputs are.
 */
export function withFiles(
  definition: Pick<Definition, 'steps' | 'inputs'> | null,
  given: Record<string, unknown>,
  files: Record<string, GivenFile>,
  lang: Lang,
): { given: Record<string, unknown>; files: Map<string, GivenFile> } {
  const inputs = fileInputs(definition);
  const kept = new Map<string, GivenFile>();
  const values: [string, unknown][] = Object.entries(given);
  let total = 0;
  for (const input of inputs) {
    const file = Object.hasOwn(files, input.name) ? files[input.name] : undefined;
    const at = values.findIndex(([name]) => name === input.name);
    if (at >= 0) values.splice(at, 1);
    if (!file) continue;
    const problem = fileProblem(input, { name: file.name, type: file.type, size: file.bytes.byteLength });
    if (problem) throw fileError(problem, input.name, lang);
    total += file.bytes.byteLength;
    if (total > MAX_RUN_FILES_BYTES) throw new HttpError(413, 'input_files_too_large', { vars: { max: MAX_RUN_FILES_BYTES / 1024 / 1024 } });
    kept.set(input.name, file);
    values.push([input.name, file.name]);
  }
  return { given: Object.fromEntries(values), files: kept };
}

/** Stores the files of the run the caller has just started (app.add_run_file: their own pending run). */
export async function storeRunFiles(tx: Tx, runId: string, files: Map<string, GivenFile>): Promise<void> {
  if (!files.size) return;
  const key = filesKey();
  for (const [input, file] of files) {
    await tx`select app.add_run_file(${runId}, ${input}, ${file.name}, ${file.type}, ${file.bytes}, ${key})`;
  }
}

/** Stores the files of the run a webhook has just started (app.add_webhook_file: the token is the credential). */
export async function storeWebhookFiles(sql: Sql | Tx, token: string, runId: string, files: Map<string, GivenFile>): Promise<void> {
  if (!files.size) return;
  const key = filesKey();
  for (const [input, file] of files) {
    await sql`select app.add_webhook_file(${token}, ${runId}, ${input}, ${file.name}, ${file.type}, ${file.bytes}, ${key})`;
  }
}

/** The files of multipart parts named `file.<input>` (the "Kör nu" and test-run form). */
export async function formFiles(form: FormData): Promise<Record<string, GivenFile>> {
  const files: [string, GivenFile][] = [];
  for (const [field, value] of form.entries()) {
    if (!field.startsWith('file.') || !(value instanceof File)) continue;
    files.push([field.slice(5), { name: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) }]);
  }
  return Object.fromEntries(files);
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The files of a webhook's JSON payload: a file input's value is `{ "fileName": "faktura.pdf", "contentType":
 * "application/pdf", "base64": "JVBERi0…" }`. Anything else given for a file input (text, a list, an object without
 * base64 content) is a 400 naming it; a file over the limit is a 413 before it is decoded.
 */
export function payloadFiles(definition: Pick<Definition, 'steps' | 'inputs'> | null, payload: Record<string, unknown>, lang: Lang): Record<string, GivenFile> {
  const files: [string, GivenFile][] = [];
  for (const input of fileInputs(definition)) {
    if (!Object.hasOwn(payload, input.name)) continue;
    const value = payload[input.name];
    if (value === null || value === undefined || value === '') continue;
    const file = value as { fileName?: unknown; contentType?: unknown; base64?: unknown };
    if (typeof value !== 'object' || Array.isArray(value) || typeof file.fileName !== 'string' || typeof file.base64 !== 'string') {
      throw fileError('input_not_file', input.name, lang);
    }
    if (file.contentType !== undefined && typeof file.contentType !== 'string') throw fileError('input_not_file', input.name, lang);
    const base64 = file.base64.replace(/\s+/g, '');
    if (Math.floor((base64.length * 3) / 4) - 2 > MAX_RUN_FILES_BYTES) throw fileError('input_file_too_large', input.name, lang);
    if (base64.length % 4 !== 0 || !BASE64.test(base64)) throw fileError('input_not_file', input.name, lang);
    const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
    files.push([input.name, { name: file.fileName, type: (file.contentType as string | undefined) ?? '', bytes }]);
  }
  return Object.fromEntries(files);
}
