// `{{var.x}}`, `{{input.x}}` and `{{secret.NAME}}` in step values, and masking secret values in every text
// the engine reports (logs, error messages, descriptions, extracted values).
//
// Values are data, never code (docs/automation.md): a secret is substituted only into a `change` step's
// value (anywhere else the step fails `secret_use_denied` before acting), a `waitForExpression` is never
// templated, and a value in a selector is escaped for the selector's kind (selector-values.ts) so it can
// only ever match text.
import { type Step, templateReferences } from '../../../supabase/functions/_shared/schemas/definition.ts';
import { StepError } from './errors.ts';
import { substituteInSelector } from './selector-values.ts';

export const MASK = '••••••';

const TEMPLATE = /\{\{\s*([^{}]*?)\s*\}\}/g;
const HAS_TEMPLATE = /\{\{[^{}]*\}\}/;
const REFERENCE = /^(var|input|secret)\.([A-Za-z_][A-Za-z0-9_]*)$/;

/** Fields that are never templated: identity, and the description (shown as written, masked). */
const UNTEMPLATED = new Set(['id', 'type', 'description']);
/** Fields holding selectors (an extract_table step's `next` too): values are escaped into them (selector-values.ts). */
const SELECTOR_FIELDS = new Set(['selectors', 'frameSelectors', 'next']);

export type TemplateScope = {
  variables: Record<string, string>;
  inputs: Record<string, string>;
  secrets: Record<string, string>;
};

/** The forms in which a secret value can show up in a text: as is, URL-encoded, form-encoded, JSON-escaped. */
function secretForms(value: string): string[] {
  const forms = new Set([value, encodeURIComponent(value), encodeURIComponent(value).replace(/%20/g, '+'), JSON.stringify(value).slice(1, -1)]);
  return [...forms];
}

/** Replaces every secret value (and its URL- and JSON-encoded forms) in `text` with '••••••'. */
export function maskSecrets(text: string, secrets: Record<string, string>): string {
  const forms = Object.values(secrets)
    .filter((v) => typeof v === 'string' && v.length > 0)
    .flatMap(secretForms)
    .sort((a, b) => b.length - a.length);
  let out = text;
  for (const form of forms) if (out.includes(form)) out = out.split(form).join(MASK);
  return out;
}

/** `maskSecrets` applied to every string inside a JSON-like value (a step, an error object). */
export function maskDeep<T>(value: T, secrets: Record<string, string>): T {
  if (typeof value === 'string') return maskSecrets(value, secrets) as T;
  if (Array.isArray(value)) return value.map((v) => maskDeep(v, secrets)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskDeep(v, secrets)])) as T;
  }
  return value;
}

/**
 * Substitutes the references in one string. Unknown secret → `secret_missing`; unknown input → `input_missing`
 * (its words come from the locale files); unknown variable → `assertion_failed`. With `secrets: false` secret references stay as written (texts for a model or a person).
 */
export function substitute(text: string, scope: TemplateScope, opts: { secrets?: boolean | 'refuse' } = {}): string {
  return text.replace(TEMPLATE, (whole, ref: string) => {
    const m = REFERENCE.exec(ref);
    if (!m) return whole;
    const [, kind, name] = m as unknown as [string, 'var' | 'input' | 'secret', string];
    if (kind === 'secret') {
      if (opts.secrets === false) return whole;
      if (opts.secrets === 'refuse') {
        throw new StepError('secret_use_denied', `the secret ${name} may only be typed into a field (a change step's value), not used here`);
      }
      if (!Object.hasOwn(scope.secrets, name)) throw new StepError('secret_missing', `the secret ${name} is not set for this organisation`);
      return scope.secrets[name]!;
    }
    const source = kind === 'var' ? scope.variables : scope.inputs;
    if (!Object.hasOwn(source, name)) {
      if (kind === 'input') throw new StepError('input_missing', `the run input ${name} was not given`);
      throw new StepError('assertion_failed', `the variable ${name} has no value: no earlier step extracted it`);
    }
    return source[name]!;
  });
}

/** The names of the secrets a text refers to (`{{secret.NAME}}`). */
export function secretReferences(text: string): string[] {
  return [...new Set(templateReferences(text).filter((ref) => ref.startsWith('secret.')).map((ref) => ref.slice(7)))];
}

/**
 * The step with every string value substituted (selectors escaped, values, URLs, targets, …). Only a `change`
 * step's value gets secret values: a secret anywhere else fails the step (`secret_use_denied`), except in texts
 * for a model or a person (ai_decision, manual), which keep the reference as written. A `waitForExpression`
 * with a template fails (`definition_invalid`): values never become script.
 */
export function resolveStep<S extends Step>(step: S, scope: TemplateScope): S {
  if (step.type === 'waitForExpression' && HAS_TEMPLATE.test(step.expression)) {
    throw new StepError('definition_invalid', 'a condition (waitForExpression) may not contain {{…}}: values never become script');
  }
  const forPeople = step.type === 'ai_decision' || step.type === 'manual';
  const visit = (value: unknown, path: string[]): unknown => {
    const key = path.at(-1);
    if (typeof value === 'string') {
      if (key !== undefined && UNTEMPLATED.has(key)) return value;
      if (step.type === 'waitForExpression' && key === 'expression') return value;
      const secrets = forPeople ? false : step.type === 'change' && path.length === 1 && key === 'value' ? true : 'refuse';
      if (SELECTOR_FIELDS.has(path[0]!)) return substituteInSelector(value, (text) => substitute(text, scope, { secrets }));
      return substitute(value, scope, { secrets });
    }
    if (Array.isArray(value)) return value.map((v) => visit(v, path));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v, [...path, k])]));
    return value;
  };
  return visit(step, []) as S;
}
