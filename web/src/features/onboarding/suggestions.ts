// The onboarding wizard's suggestions, computed from the recorded steps (no AI, nothing canned): a typed
// literal that looks like a value that changes from run to run (an amount, a date, an organisation or
// personal identity number, a bankgiro, an e-mail address, a person's name) → make it a run input; a
// password the recorder turned into a secret the organisation does not hold yet → store the secret; a
// fixed wait of several seconds before an element step → wait for that element instead. A recording
// with none of these gets no suggestions.
import type { Definition, Step } from '@shared/schemas/definition';
import { MAX_STEP_TIMEOUT_MS, SECRET_NAME, templateReferences, VARIABLE_NAME } from '@shared/schemas/definition';

/** A fixed wait at least this long (ms) is worth replacing by a wait for the element the next step needs. */
export const LONG_WAIT_MS = 3000;

export const VALUE_KINDS = ['amount', 'date', 'org_number', 'bankgiro', 'email', 'name'] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];

const PATTERNS: Array<[ValueKind, RegExp]> = [
  ['date', /^(\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4})$/],
  ['org_number', /^(\d{2})?\d{6}[-+]?\d{4}$/],
  ['bankgiro', /^\d{3,4}-\d{4}$/],
  ['email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/],
  ['amount', /^-?\d{1,3}([ \u00a0.]?\d{3})*([.,]\d{1,2})?( ?(kr|sek|SEK|:-))?$/],
  ['name', /^\p{Lu}\p{Ll}+(-\p{Lu}\p{Ll}+)?( \p{Lu}\p{Ll}+(-\p{Lu}\p{Ll}+)?)+$/u],
];

/** What kind of changing value a typed literal looks like, or null (a template, a word, a yes/no). */
export function valueKind(value: string): ValueKind | null {
  const text = value.trim();
  if (text === '' || templateReferences(text).length > 0) return null;
  return PATTERNS.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

export type Suggestion =
  | { kind: 'input'; id: string; stepId: string; stepNumber: number; field: string; value: string; valueKind: ValueKind; inputName: string }
  | { kind: 'secret'; id: string; stepId: string; stepNumber: number; secret: string; origin: string | null }
  | { kind: 'wait'; id: string; stepId: string; stepNumber: number; ms: number; field: string };

/** A field's name as the recording knows it: the fingerprint's accessible name or the aria selector's. */
export function fieldName(step: Step): string | null {
  if (!('selectors' in step) || !step.selectors) return null;
  if ('fingerprint' in step && step.fingerprint?.name) return step.fingerprint.name;
  for (const selector of step.selectors) {
    const text = Array.isArray(selector) ? selector.at(-1)! : selector;
    const match = /^aria\/(.+?)(\[role="[^"]*"\])?$/.exec(text);
    if (match) return match[1]!;
  }
  return null;
}

/** A run input's name from a field's name: "Belopp (kr)" → belopp_kr; unique among `taken`. */
export function inputNameFor(field: string | null, taken: Set<string>): string {
  const base =
    (field ?? '')
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .replace(/^(\d)/, 'v_$1')
      .slice(0, 40) || 'varde';
  let name = base;
  for (let n = 2; taken.has(name) || !VARIABLE_NAME.test(name); n++) name = `${base}_${n}`;
  taken.add(name);
  return name;
}

const originOf = (url: string) => (URL.canParse(url) ? new URL(url).origin : null);

/** The suggestions for a definition; `secrets`: the names the organisation already holds. */
export function suggestionsFor(definition: Definition, secrets: readonly string[]): Suggestion[] {
  const suggestions: Suggestion[] = [];
  const taken = new Set<string>();
  const askedSecrets = new Set<string>();
  let origin: string | null = null;
  definition.steps.forEach((step, index) => {
    const stepNumber = index + 1;
    if (step.type === 'navigate') origin = originOf(step.url) ?? origin;
    if (step.type === 'change') {
      for (const ref of templateReferences(step.value)) {
        const secret = ref.slice('secret.'.length);
        if (!ref.startsWith('secret.') || !SECRET_NAME.test(secret) || secrets.includes(secret) || askedSecrets.has(secret)) continue;
        askedSecrets.add(secret);
        suggestions.push({ kind: 'secret', id: `secret-${step.id}`, stepId: step.id, stepNumber, secret, origin });
      }
      const kind = valueKind(step.value);
      if (kind) {
        const field = fieldName(step);
        suggestions.push({
          kind: 'input',
          id: `input-${step.id}`,
          stepId: step.id,
          stepNumber,
          field: field ?? '',
          value: step.value,
          valueKind: kind,
          inputName: inputNameFor(field, taken),
        });
      }
    }
    const next = definition.steps[index + 1];
    if (step.type === 'wait' && step.ms >= LONG_WAIT_MS && next && 'selectors' in next && next.selectors) {
      suggestions.push({ kind: 'wait', id: `wait-${step.id}`, stepId: step.id, stepNumber, ms: step.ms, field: fieldName(next) ?? '' });
    }
  });
  return suggestions;
}

/**
 * The definition with the chosen input and wait suggestions applied (a secret is stored, not applied), and
 * the test values of the new inputs: the literals the recording typed, so a test run does what was recorded.
 */
export function applySuggestions(definition: Definition, chosen: readonly Suggestion[]): { definition: Definition; testInputs: Record<string, string> } {
  const testInputs: Record<string, string> = {};
  const steps = definition.steps.map((step, index): Step => {
    const suggestion = chosen.find((s) => s.stepId === step.id && s.kind !== 'secret');
    if (suggestion?.kind === 'input' && step.type === 'change') {
      testInputs[suggestion.inputName] = suggestion.value;
      return { ...step, value: `{{input.${suggestion.inputName}}}` };
    }
    const next = definition.steps[index + 1];
    if (suggestion?.kind === 'wait' && step.type === 'wait' && next && 'selectors' in next && next.selectors) {
      return {
        id: step.id,
        type: 'waitForElement',
        description: step.description,
        selectors: next.selectors,
        timeout: Math.min(Math.max(step.ms * 2, 10_000), MAX_STEP_TIMEOUT_MS),
        ...('frame' in next && next.frame ? { frame: next.frame } : {}),
        ...('frameSelectors' in next && next.frameSelectors ? { frameSelectors: next.frameSelectors } : {}),
        ...('target' in next && next.target ? { target: next.target } : {}),
      };
    }
    return step;
  });
  return { definition: { ...definition, steps }, testInputs };
}
