// `{{var.x}}`, `{{input.x}}` and `{{secret.NAME}}` in step values, and masking secret values in every text
// the engine reports (logs, error messages, descriptions, extracted values).
import type { Step } from '../../../supabase/functions/_shared/schemas/definition.ts';
import { StepError } from './errors.ts';

export const MASK = '••••••';

const TEMPLATE = /\{\{\s*([^{}]*?)\s*\}\}/g;
const REFERENCE = /^(var|input|secret)\.([A-Za-z_][A-Za-z0-9_]*)$/;

/** Fields that are never templated: identity, and the description (shown as written, masked). */
const UNTEMPLATED = new Set(['id', 'type', 'description']);

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

export function containsSecret(text: string, secrets: Record<string, string>): boolean {
  return maskSecrets(text, secrets) !== text;
}

/**
 * Substitutes the references in one string. Unknown secret → `secret_missing`; unknown input or variable →
 * `assertion_failed`. With `secrets: false` secret references stay as written (texts for a model or a person).
 */
export function substitute(text: string, scope: TemplateScope, opts: { secrets?: boolean } = {}): string {
  return text.replace(TEMPLATE, (whole, ref: string) => {
    const m = REFERENCE.exec(ref);
    if (!m) return whole;
    const [, kind, name] = m as unknown as [string, 'var' | 'input' | 'secret', string];
    if (kind === 'secret') {
      if (opts.secrets === false) return whole;
      if (!Object.hasOwn(scope.secrets, name)) throw new StepError('secret_missing', `the secret ${name} is not set for this organisation`);
      return scope.secrets[name]!;
    }
    const source = kind === 'var' ? scope.variables : scope.inputs;
    if (!Object.hasOwn(source, name)) {
      throw new StepError(
        'assertion_failed',
        kind === 'var' ? `the variable ${name} has no value: no earlier step extracted it` : `the run input ${name} was not given`,
      );
    }
    return source[name]!;
  });
}

/**
 * The step with every string value substituted (selectors, values, URLs, expressions, targets, …). Steps whose
 * texts leave the runner for a model or a person (ai_decision, manual) never get secret values.
 */
export function resolveStep<S extends Step>(step: S, scope: TemplateScope): S {
  const secrets = step.type !== 'ai_decision' && step.type !== 'manual';
  const visit = (value: unknown, key?: string): unknown => {
    if (typeof value === 'string') return key !== undefined && UNTEMPLATED.has(key) ? value : substitute(value, scope, { secrets });
    if (Array.isArray(value)) return value.map((v) => visit(v));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v, k)]));
    return value;
  };
  return visit(step) as S;
}
