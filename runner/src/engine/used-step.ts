// The values a step actually used, for the run's history (docs/automation.md "Run inputs"): the step with its
// `{{input.x}}` and `{{var.x}}` replaced by this run's values, so run details say "Fyll i ”Leverantör” med
// ”Dahl”" and not the value that was recorded. A secret is never part of it: `{{secret.X}}` stays as written and
// any secret value that came in through an input or a page is masked. Compact: what a sentence about the step
// needs (its fields and what names its element), not every selector and fingerprint detail.
import type { Step } from '../../../supabase/functions/_shared/schemas/definition.ts';
import { maskDeep, substitute, type TemplateScope } from './templates.ts';

/** Longest text kept per field: a run's history is not a data store. */
const MAX_TEXT = 500;
/** Selectors that name the element for a person (import steps without a fingerprint): the first few of them. */
const NAMING = /^(aria|text)\//;

export type UsedScope = { inputs: Record<string, string>; variables: Record<string, string>; secrets: Record<string, string> };

function keepText(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/**
 * `step` (as defined, secret values already masked or not) with run inputs and variables substituted in every
 * text; an input or variable without a value stays as written (the step failed on it). Null for a step that
 * is not an object.
 */
export function usedStep(step: Step, scope: UsedScope): Step | null {
  if (!step || typeof step !== 'object') return null;
  const values: TemplateScope = { inputs: scope.inputs ?? {}, variables: scope.variables ?? {}, secrets: {} };
  const text = (value: string): string => {
    try {
      return keepText(substitute(value, values, { secrets: false }));
    } catch {
      return keepText(value);
    }
  };
  const visit = (value: unknown, key?: string): unknown => {
    if (typeof value === 'string') return key === 'id' || key === 'type' ? value : text(value);
    if (Array.isArray(value)) return value.map((v) => visit(v));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v, k)]));
    return value;
  };
  const compact: Record<string, unknown> = { ...step };
  if ('selectors' in step && Array.isArray(step.selectors)) {
    compact.selectors = step.selectors
      .map((selector) => (Array.isArray(selector) ? selector.at(-1) ?? '' : selector))
      .filter((selector) => NAMING.test(selector))
      .slice(0, 2);
  }
  if ('fingerprint' in step && step.fingerprint) {
    const { tag, role, name, text: shown, attrs } = step.fingerprint;
    compact.fingerprint = { tag, role, name, text: shown, ...(attrs?.type && { attrs: { type: attrs.type } }) };
  }
  delete compact.frameSelectors;
  delete compact.assertedEvents;
  return maskDeep(visit(compact) as Step, scope.secrets ?? {});
}
