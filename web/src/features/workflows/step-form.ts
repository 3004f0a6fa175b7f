// The step dialog's form: which fields a step type has, the step ⇄ form values conversion, and a
// react-hook-form resolver that validates the resulting step with the shared step schema, so the
// dialog refuses exactly what the server would.
import { ELEMENT_STEP_TYPES, type Step, stepSchema, type StepType } from '@shared/schemas/definition';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { formFieldOf, parseSelectorText, selectorText } from './editor-model';

export type OptionThen = 'continue' | 'stop' | `goto:${string}`;

export type StepFormValues = {
  description: string;
  /** Seconds, as typed; empty = the default. */
  timeout: string;
  selectors: Array<{ text: string }>;
  url: string;
  value: string;
  key: string;
  /** A wait in seconds, as typed (the step keeps milliseconds). */
  ms: string;
  variable: string;
  attribute: string;
  instructions: string;
  expression: string;
  fullPage: boolean;
  width: string;
  height: string;
  prompt: string;
  threshold: string;
  options: Array<{ value: string; label: string; then: OptionThen }>;
  /** extract_table (extract-table-fields.tsx): rows' selector, one column per line, next element, paging, row cap. */
  tableRows: string;
  tableColumns: string;
  tableNext: string;
  tablePaging: 'next' | 'more';
  tableMaxRows: string;
  /** login: the address that says the sign-in is done (a glob), and elements that do, one selector per line.
   *  Its limit is `timeout`, in minutes for this step. */
  untilUrl: string;
  untilSelectors: string;
};

export type StepField =
  | 'selectors'
  | 'url'
  | 'value'
  | 'key'
  | 'ms'
  | 'variable'
  | 'attribute'
  | 'instructions'
  | 'expression'
  | 'fullPage'
  | 'viewport'
  | 'ai'
  | 'table'
  | 'login'
  | 'timeout';

const isElementType = (type: StepType) => (ELEMENT_STEP_TYPES as readonly StepType[]).includes(type);

/** The fields the dialog shows for a step type, in order (the description always comes first). */
export function fieldsOf(type: StepType): StepField[] {
  const fields: StepField[] = [];
  if (isElementType(type)) fields.push('selectors');
  if (type === 'navigate') fields.push('url');
  if (type === 'change') fields.push('value');
  if (type === 'keyDown' || type === 'keyUp') fields.push('key');
  if (type === 'wait') fields.push('ms');
  if (type === 'extract') fields.push('variable', 'attribute');
  if (type === 'manual') fields.push('instructions');
  if (type === 'waitForExpression') fields.push('expression');
  if (type === 'screenshot') fields.push('fullPage');
  if (type === 'setViewport') fields.push('viewport');
  if (type === 'ai_decision') fields.push('ai');
  if (type === 'extract_table') fields.push('selectors', 'table', 'timeout');
  if (type === 'login') fields.push('login');
  if (isElementType(type) || type === 'navigate' || type === 'waitForExpression') fields.push('timeout');
  return fields;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' ? String(value) : '');
/** Seconds with at most three decimals, decimal comma or point. */
const seconds = (ms: number | undefined) => (ms === undefined ? '' : String(ms / 1000));

export function stepToForm(step: Step): StepFormValues {
  const record = step as Record<string, unknown>;
  return {
    description: step.description,
    timeout: seconds(step.timeout),
    selectors: 'selectors' in step && step.selectors ? step.selectors.map((selector) => ({ text: selectorText(selector) })) : [],
    url: str(record.url),
    value: str(record.value),
    key: str(record.key),
    ms: seconds(typeof record.ms === 'number' ? record.ms : undefined),
    variable: str(record.variable),
    attribute: str(record.attribute),
    instructions: str(record.instructions),
    expression: str(record.expression),
    fullPage: record.fullPage === true,
    width: num(record.width),
    height: num(record.height),
    prompt: str(record.prompt),
    threshold: num(record.threshold),
    options:
      step.type === 'ai_decision'
        ? step.options.map((option) => ({
            value: option.value,
            label: option.label,
            then: typeof option.then === 'object' ? (`goto:${option.then.goto}` as const) : option.then,
          }))
        : [],
    ...tableToForm(step),
    ...loginToForm(step),
  };
}

/** A login step's condition and limit (minutes; empty: the default of 5). */
function loginToForm(step: Step): Pick<StepFormValues, 'untilUrl' | 'untilSelectors'> & Partial<Pick<StepFormValues, 'timeout'>> {
  if (step.type !== 'login') return { untilUrl: '', untilSelectors: '' };
  return {
    untilUrl: step.until.url ?? '',
    untilSelectors: (step.until.selectors ?? []).map(selectorText).join('\n'),
    timeout: step.timeout === undefined ? '' : String(step.timeout / 60_000),
  };
}

function formToLogin(step: Record<string, unknown>, values: StepFormValues): void {
  step.instructions = values.instructions;
  const url = values.untilUrl.trim();
  const selectors = values.untilSelectors.split('\n').map((line) => line.trim()).filter(Boolean);
  step.until = { ...(url && { url }), ...(selectors.length && { selectors: selectors.map(parseSelectorText) }) };
  step.timeout = values.timeout.trim() === '' ? undefined : toNumber(values.timeout, 60_000);
}

/** A column per line: `Name = CSS selector` (empty selector: the row itself), `@attribute` after it reads that attribute. */
const COLUMN_LINE = /^(.*?)\s*=\s*(.*?)(?:\s+@([\w:-]+))?$/;

function tableToForm(step: Step): Pick<StepFormValues, 'tableRows' | 'tableColumns' | 'tableNext' | 'tablePaging' | 'tableMaxRows'> {
  const table = step.type === 'extract_table' ? step : undefined;
  return {
    tableRows: table?.rowSelector ?? '',
    tableColumns: (table?.columns ?? []).map((c) => `${c.name} = ${c.selector}${c.attribute ? ` @${c.attribute}` : ''}`).join('\n'),
    tableNext: table?.next?.[0] ? selectorText(table.next[0]) : '',
    tablePaging: table?.paging ?? 'next',
    tableMaxRows: table ? String(table.maxRows ?? 1000) : '1000',
  };
}

function formToTable(step: Record<string, unknown>, values: StepFormValues): void {
  step.variable = values.variable.trim();
  const lines = values.tableColumns.split('\n').map((line) => line.trim()).filter(Boolean);
  step.rowSelector = values.tableRows.trim() || undefined;
  step.columns = lines.length
    ? lines.map((line) => {
        const [, name = line, selector = '', attribute] = COLUMN_LINE.exec(line) ?? [];
        return { name: name.trim(), selector: selector.trim(), ...(attribute && { attribute }) };
      })
    : undefined;
  step.next = values.tableNext.trim() ? [parseSelectorText(values.tableNext)] : undefined;
  step.paging = values.tablePaging;
  step.maxRows = toNumber(values.tableMaxRows);
}

/** A typed number; anything that is not one becomes -1, which every numeric field of the schema refuses with its own message. */
function toNumber(text: string, scale = 1): number {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) ? -1 : Math.round(value * scale);
}

/** The edited step: `original` (which keeps what the dialog does not show: frames, offsets…) with the form's fields. */
export function formToStep(original: Step, values: StepFormValues): Step {
  const fields = fieldsOf(original.type);
  const step: Record<string, unknown> = { ...original, description: values.description.trim() };
  if (fields.includes('timeout')) step.timeout = values.timeout.trim() === '' ? undefined : toNumber(values.timeout, 1000);
  if (fields.includes('selectors')) step.selectors = values.selectors.map((selector) => parseSelectorText(selector.text));
  if (fields.includes('url')) step.url = values.url.trim();
  if (fields.includes('value')) step.value = values.value;
  if (fields.includes('key')) step.key = values.key;
  if (fields.includes('ms')) step.ms = toNumber(values.ms, 1000);
  if (fields.includes('variable')) step.variable = values.variable.trim();
  if (fields.includes('attribute')) step.attribute = values.attribute.trim() === '' ? undefined : values.attribute.trim();
  if (fields.includes('instructions')) step.instructions = values.instructions;
  if (fields.includes('expression')) step.expression = values.expression;
  if (fields.includes('fullPage')) step.fullPage = values.fullPage;
  if (fields.includes('viewport')) {
    step.width = toNumber(values.width);
    step.height = toNumber(values.height);
  }
  if (fields.includes('table')) formToTable(step, values);
  if (fields.includes('login')) formToLogin(step, values);
  if (fields.includes('ai')) {
    step.prompt = values.prompt;
    step.threshold = toNumber(values.threshold);
    step.options = values.options.map((option) => ({
      value: option.value,
      label: option.label,
      then: option.then.startsWith('goto:') ? { goto: option.then.slice('goto:'.length) } : option.then,
    }));
  }
  return step as Step;
}

/** The form value a step field path is shown at (`timeout` → `timeout`, `selectors.1.0` → `selectors.1.text`). */
export function formNameOf(path: string): string {
  // A login step's condition: its address, or its elements (`until` alone: neither was given).
  if (path.startsWith('until.selectors')) return 'untilSelectors';
  if (path === 'until' || path.startsWith('until.')) return 'untilUrl';
  const field = formFieldOf(path);
  if (field === 'selectors' || field === 'options') return `${field}.root`;
  if (/^selectors\.\d+$/.test(field)) return `${field}.text`;
  if (/^options\.\d+$/.test(field)) return `${field}.root`;
  return field;
}

/** Puts messages (already in words) at their form values, in react-hook-form's nested error shape. */
export function formErrors(fields: Record<string, string>): FieldErrors<StepFormValues> {
  const errors: FieldErrors<StepFormValues> = {};
  for (const [path, message] of Object.entries(fields)) {
    const name = formNameOf(path);
    if (name && !hasError(errors, name)) setPath(errors as Record<string, unknown>, name, { type: 'validate', message });
  }
  return errors;
}

/** Sets `value` at a dotted path, making arrays for number parts (react-hook-form's `set`, kept local so
 * the shared form chunk of the public pages does not grow). */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  parts.forEach((part, index) => {
    if (index === parts.length - 1) {
      node[part] = value;
      return;
    }
    const child = node[part];
    if (child === null || typeof child !== 'object') node[part] = /^\d+$/.test(parts[index + 1] as string) ? [] : {};
    node = node[part] as Record<string, unknown>;
  });
}

function hasError(errors: object, name: string): boolean {
  let node: unknown = errors;
  for (const part of name.split('.')) {
    if (node === null || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[part];
  }
  return node !== undefined;
}

/**
 * Validates with the shared step schema. `describe` turns a schema message (a `validation` key) into
 * words; the dialog shows them as they are.
 */
export function stepResolver(original: Step, describe: (message: string) => string): Resolver<StepFormValues> {
  return (values) => {
    const result = stepSchema.safeParse(formToStep(original, values));
    if (result.success) return { values, errors: {} };
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) fields[issue.path.map(String).join('.')] ??= describe(issue.message);
    return { values: {}, errors: formErrors(fields) };
  };
}
