// Run input values against their declarations (docs/automation.md "Run inputs"): one rule for "Kör nu", test
// runs, schedules, webhooks and batch rows, in the api, the web form and the runner alike. Values stay text
// (`{{input.x}}` is pasted into steps as written); a declaration only says what text is acceptable.
// Dependency-free apart from types, so definition.ts can check a declaration's default with it.
import type { InputDeclaration } from './definition.ts';

/** Why a value was refused: keys of the `api` (server) and `workflows` (web) texts, each naming the input. */
export const INPUT_PROBLEMS = [
  'input_required',
  'input_not_text',
  'input_too_long',
  'input_not_number',
  'input_not_date',
  'input_not_choice',
  'input_file_missing',
  'input_not_file',
  'input_file_too_large',
  'input_file_type',
  'input_file_empty',
] as const;
export type InputProblem = (typeof INPUT_PROBLEMS)[number];

const MAX_LENGTH = 2000;
/** A file input's value is the file's name (the file itself travels beside the values: input-files.ts). */
export const MAX_FILE_NAME = 255;
/** The largest file a file input takes, and all the files of one run together. */
export const MAX_INPUT_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_RUN_FILES_BYTES = 20 * 1024 * 1024;

/** A file name too long to keep, or with a control character (a line break, NUL) in it. */
function badFileName(name: string): boolean {
  return name.length > MAX_FILE_NAME || [...name].some((ch) => ch.charCodeAt(0) < 0x20);
}

/** Whether a file (its name and type) is of a kind `accept` lists (`.pdf`, `application/pdf`, `image/*`); any file without a list. */
export function fileAccepted(accept: readonly string[] | undefined, name: string, type: string): boolean {
  if (!accept?.length) return true;
  const lower = name.toLowerCase();
  const mime = type.toLowerCase().split(';')[0].trim();
  return accept.some((kind) => {
    const k = kind.toLowerCase();
    if (k.startsWith('.')) return lower.endsWith(k);
    if (k.endsWith('/*')) return mime.startsWith(k.slice(0, -1));
    return mime === k;
  });
}

/** Why a file cannot be a file input's value (too big, empty, not a kind it accepts), or null. */
export function fileProblem(input: Pick<InputDeclaration, 'accept'>, file: { name: string; type: string; size: number }): InputProblem | null {
  if (file.size > MAX_INPUT_FILE_BYTES) return 'input_file_too_large';
  if (file.size === 0) return 'input_file_empty';
  if (!file.name || badFileName(file.name)) return 'input_not_file';
  if (!fileAccepted(input.accept, file.name, file.type)) return 'input_file_type';
  return null;
}
/** 1234, -12.5, 1 234,50 (space or no-break space between thousands), +3,0. */
const NUMBER = /^[+-]?(\d{1,3}([ \u00a0]\d{3})+|\d+)([.,]\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.getUTCFullYear() === Number(m[1]) && date.getUTCMonth() === Number(m[2]) - 1 && date.getUTCDate() === Number(m[3]);
}

/** Why `value` is not acceptable for `input` (its type; an empty value is a question of `required`), or null. */
export function inputValueProblem(input: Pick<InputDeclaration, 'type' | 'options'>, value: string): InputProblem | null {
  if (input.type === 'file') return badFileName(value) ? 'input_not_file' : null;
  if (value.length > MAX_LENGTH) return 'input_too_long';
  const text = value.trim();
  if (input.type === 'number' && !NUMBER.test(text)) return 'input_not_number';
  if (input.type === 'date' && !isDate(text)) return 'input_not_date';
  if (input.type === 'choice' && !(input.options ?? []).includes(text)) return 'input_not_choice';
  return null;
}

export type ResolvedInputs = { values: Record<string, string>; problems: Record<string, InputProblem> };

/**
 * The values a run uses for `declarations`, from what was `given` (a form, a schedule, a webhook payload, a
 * batch row): given text, numbers and booleans as text; nothing or empty text → the default, else '' for an
 * optional input and `input_required` for a required one; an object or list → `input_not_text`. Names that are
 * not declared are left out: a run holds exactly the inputs its workflow asks for.
 */
export function resolveInputs(declarations: readonly InputDeclaration[], given: Readonly<Record<string, unknown>>): ResolvedInputs {
  // Entries first, objects at the end (Object.fromEntries defines own properties: an input named `__proto__` is data).
  const values: [string, string][] = [];
  const problems: [string, InputProblem][] = [];
  for (const input of declarations) {
    const raw = Object.hasOwn(given, input.name) ? given[input.name] : undefined;
    if (raw !== null && raw !== undefined && typeof raw === 'object') {
      problems.push([input.name, input.type === 'file' ? 'input_not_file' : 'input_not_text']);
      continue;
    }
    if (typeof raw === 'number' && !Number.isFinite(raw)) {
      problems.push([input.name, 'input_not_number']);
      continue;
    }
    let value = raw === null || raw === undefined ? '' : String(raw);
    if (value.trim() === '') value = input.default ?? '';
    if (value.trim() === '') {
      if (input.required) problems.push([input.name, input.type === 'file' ? 'input_file_missing' : 'input_required']);
      else values.push([input.name, '']);
      continue;
    }
    const problem = inputValueProblem(input, value);
    if (problem) problems.push([input.name, problem]);
    else values.push([input.name, input.type === 'text' || input.type === 'file' ? value : value.trim()]);
  }
  return { values: Object.fromEntries(values), problems: Object.fromEntries(problems) };
}
