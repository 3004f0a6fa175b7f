// One JSON error shape for every failure: { error: <message in the request language>, code, fields? }.
import type { z } from 'zod';
import { type ApiMessageKey, type Lang, t, validationMessage } from './i18n.ts';

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

export type ErrorBody = { error: string; code: string; fields?: Record<string, string> };

type HttpErrorOptions = {
  /** Placeholders of the message. */
  vars?: Record<string, string | number>;
  /** Already translated message to use instead of the code's own. */
  message?: string;
  /** Field path (`organizationData.phone`) → translated message. */
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  cause?: unknown;
};

/** A failure the client should see. `code` is the machine code and the key of its message in `api.json`. */
export class HttpError extends Error {
  readonly vars: Record<string, string | number>;
  readonly fields?: Record<string, string>;
  readonly headers: Record<string, string>;
  readonly translated?: string;

  constructor(readonly status: ErrorStatus, readonly code: ApiMessageKey, options: HttpErrorOptions = {}) {
    super(options.message ?? code, { cause: options.cause });
    this.name = 'HttpError';
    this.vars = options.vars ?? {};
    this.fields = options.fields;
    this.headers = options.headers ?? {};
    this.translated = options.message;
  }

  body(lang: Lang): ErrorBody {
    const body: ErrorBody = { error: this.translated ?? t(lang, this.code, this.vars), code: this.code };
    if (this.fields && Object.keys(this.fields).length) body.fields = this.fields;
    return body;
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Zod issues → one translated message per field path (the first issue of a path wins). */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], input: unknown, lang: Lang): Record<string, string> {
  const fields: Record<string, string> = {};
  const add = (path: readonly PropertyKey[], message: string) => {
    const key = path.map(String).join('.');
    if (!(key in fields)) fields[key] = message;
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key], t(lang, 'unknown_field'));
    } else if (issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined) {
      add(issue.path, t(lang, 'field_required'));
    } else {
      add(issue.path, validationMessage(lang, issue.message) ?? validationMessage(lang, 'invalid_input') ?? issue.message);
    }
  }
  return fields;
}

/** How deeply a request body may nest (a definition needs about 8 levels): deeper junk is refused before anything walks it. */
export const MAX_JSON_DEPTH = 32;

function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** JSON text as a value: 400 `invalid_json` when malformed, 400 `json_too_deep` beyond MAX_JSON_DEPTH levels. */
export function parseJson(text: string): unknown {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (cause) {
    throw new HttpError(400, 'invalid_json', { cause });
  }
  if (nestsDeeperThan(input, MAX_JSON_DEPTH)) throw new HttpError(400, 'json_too_deep');
  return input;
}

/** A parsed value validated by a schema; 400 `validation_failed` with translated field errors (paths under `prefix`). */
export function validate<S extends z.ZodType>(
  input: unknown,
  schema: S,
  lang: Lang,
  prefix: readonly PropertyKey[] = [],
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = prefix.length
    ? result.error.issues.map((issue) => ({ ...issue, path: [...prefix, ...issue.path] }))
    : result.error.issues;
  const wrapped = prefix.reduceRight<unknown>((value, key) => ({ [key]: value }), input);
  const { '': root, ...fields } = fieldErrors(issues, wrapped, lang);
  const first = Object.values(fields)[0];
  throw new HttpError(400, 'validation_failed', { fields, message: first ?? root });
}

/** Parses a JSON request body against a schema; 400 with translated field errors when it does not fit. */
export function parseJsonBody<S extends z.ZodType>(text: string, schema: S, lang: Lang): z.output<S> {
  return validate(parseJson(text), schema, lang);
}
