// The AI prompt editor's model (SPEC §2 /ai-prompt; docs/automation.md "AI decisions and people"): the
// editable part of an ai_decision step and how an edit goes back into the workflow's definition.
import { AI_THRESHOLD_DEFAULT, type Approvers, type Definition, type Step, type StepOf } from '@shared/schemas/definition';
import { ROLES } from '@shared/schemas/users';
import type { Role } from '@shared/types/api';

export const MIN_CONFIDENCE = 1;
export const MAX_CONFIDENCE = 100;
export const DEFAULT_CONFIDENCE = AI_THRESHOLD_DEFAULT;
export const INSTRUCTION_ROWS = 6;
/** A decision chooses among 2–10 options (the step schema's bounds). */
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 10;

/** Example instructions: each only chooses among the step's options and gives a reason (SPEC's three kinds). */
export type ExampleKey = 'conditional' | 'error_handling' | 'validation';
export const EXAMPLE_KEYS: ExampleKey[] = ['conditional', 'error_handling', 'validation'];

export type DecisionStep = StepOf<'ai_decision'>;
export type DecisionOption = DecisionStep['options'][number];
/** What an option does, as the editor's select names it: continue, stop, or `goto:<stepId>`. */
export type ThenValue = 'continue' | 'stop' | `goto:${string}`;

export type DecisionDraft = Pick<DecisionStep, 'prompt' | 'inputs' | 'options' | 'threshold' | 'approvers'>;

/**
 * Who may decide when a person is asked, as the step keeps it: no roles ticked and the starter allowed is the
 * default (any member), stored as no `approvers` at all.
 */
export function approversOf(roles: Role[], notStarter: boolean): Approvers | undefined {
  if (!roles.length && !notStarter) return undefined;
  return { ...(roles.length && { roles: ROLES.filter((r) => roles.includes(r)) }), ...(notStarter && { notStarter: true }) };
}

export const isDecision = (step: Step): step is DecisionStep => step.type === 'ai_decision';

export function thenValue(option: DecisionOption): ThenValue {
  return typeof option.then === 'object' ? `goto:${option.then.goto}` : option.then;
}

export function thenFromValue(value: ThenValue): DecisionOption['then'] {
  return value.startsWith('goto:') ? { goto: value.slice(5) } : (value as 'continue' | 'stop');
}

/** A new decision step (two options: continue or stop) with an id no other step has, at the organisation's default threshold. */
export function newDecisionStep(definition: Definition, description: string, labels: { yes: string; no: string }, threshold: number = DEFAULT_CONFIDENCE): DecisionStep {
  const ids = new Set(definition.steps.map((s) => s.id));
  let n = definition.steps.length + 1;
  while (ids.has(`ai-${n}`)) n++;
  return {
    id: `ai-${n}`,
    type: 'ai_decision',
    description,
    prompt: '',
    inputs: [],
    options: [
      { value: 'yes', label: labels.yes, then: 'continue' },
      { value: 'no', label: labels.no, then: 'stop' },
    ],
    threshold,
  };
}

/** The definition with `step` (new or edited) and the draft applied to it; a new step goes after `afterIndex`. */
export function applyDraft(definition: Definition, step: DecisionStep, draft: DecisionDraft, afterIndex?: number): Definition {
  const edited: DecisionStep = { ...step, ...draft };
  const exists = definition.steps.some((s) => s.id === step.id);
  const steps = exists
    ? definition.steps.map((s) => (s.id === step.id ? edited : s))
    : [...definition.steps.slice(0, (afterIndex ?? definition.steps.length - 1) + 1), edited, ...definition.steps.slice((afterIndex ?? definition.steps.length - 1) + 1)];
  return { ...definition, steps };
}

/** `var.amount, input.period` → ['var.amount', 'input.period']. */
export function parseInputs(text: string): string[] {
  return text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);
}

/** The sample-value field name of a declared input (`var.amount` → `amount`). */
export const sampleName = (ref: string) => ref.slice(ref.indexOf('.') + 1);
