// Run input values against their declarations (docs/automation.md "Run inputs"): one rule for "Kör nu", test
// runs, schedules, webhooks and batch rows, in the api, the web form and the runner alike. Values stay text
// (`{{input.x}}` is pasted into steps as written); a declaration only says what text is acceptable.
// Dependency-free apart from types, so definition.ts can check a declaration's default with it.
import type { InputDeclaration } from './definition.ts';

/** Why a value was refused: keys of the `api` (server) and `workflows` (web) texts, each naming the input. */
export const INPUT_PROBLEMS = ['input_required', 'input_not_text', 'input_too_long', 'input_not_number', 'input_not_date', 'input_not_choice'] as const;
export type InputProblem = (typeof INPUT_PROBLEMS)[number];

const MAX_LENGTH = 2000;
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
      problems.push([input.name, 'input_not_text']);
      continue;
    }
    if (typeof raw === 'number' && !Number.isFinite(raw)) {
      problems.push([input.name, 'input_not_number']);
      continue;
    }
    let value = raw === null || raw === undefined ? '' : String(raw);
    if (value.trim() === '') value = input.default ?? '';
    if (value.trim() === '') {
      if (input.required) problems.push([input.name, 'input_required']);
      else values.push([input.name, '']);
      continue;
    }
    const problem = inputValueProblem(input, value);
    if (problem) problems.push([input.name, problem]);
    else values.push([input.name, input.type === 'text' ? value : value.trim()]);
  }
  return { values: Object.fromEntries(values), problems: Object.fromEntries(problems) };
}
