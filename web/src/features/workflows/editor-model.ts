// The step editor's pure logic: new steps, moving, what a row shows, and where a validation message
// belongs (the client's zod issues and the server's `fields` both name `steps.<index>.<field>`).
import {
  AI_THRESHOLD_DEFAULT,
  DEFINITION_FORMAT_VERSION,
  type Definition,
  definitionSchema,
  type Selector,
  secretNames,
  type Step,
  type StepType,
} from '@shared/schemas/definition';
import { RUN_ERROR_TYPES, type RunErrorType } from '@shared/run-types';

/**
 * Step types the "add step" menu offers, in the order a person thinks of them. The developer's types (a
 * JavaScript condition, window size, network emulation, a lone key release) arrive only from imports.
 */
export const ADDABLE_STEP_TYPES = [
  'navigate',
  'click',
  'doubleClick',
  'change',
  'hover',
  'keyDown',
  'scroll',
  'waitForElement',
  'wait',
  'extract',
  'extract_table',
  'screenshot',
  'ai_decision',
  'manual',
  'login',
  'close',
] as const satisfies readonly StepType[];
export type AddableStepType = (typeof ADDABLE_STEP_TYPES)[number];

/** Test runs are followed every second while they can still change. */
export const RUN_POLL_MS = 1000;
export const ACTIVE_RUN_STATUSES = ['pending', 'running', 'paused'] as const;

/** Error types a step can fail with (a person's stop is not a step's failure); anything else is shown as unknown. */
type StepErrorType = Exclude<RunErrorType, 'stopped'>;

export function isRunErrorType(value: string | null): value is StepErrorType {
  return value !== 'stopped' && (RUN_ERROR_TYPES as readonly string[]).includes(value ?? '');
}

/** Shadow-root paths are edited as one line, one level per `>>>` (Puppeteer's deep combinator). */
export const SHADOW_SEPARATOR = ' >>> ';

export function selectorText(selector: Selector): string {
  return Array.isArray(selector) ? selector.join(SHADOW_SEPARATOR) : selector;
}

export function parseSelectorText(text: string): Selector {
  const levels = text.split('>>>').map((level) => level.trim());
  return levels.length > 1 ? levels : text.trim();
}

/** A step id not used by any of `steps` (the schema's id pattern: letters, digits, - and _). */
export function newStepId(steps: readonly Step[], random: () => number = Math.random): string {
  const taken = new Set(steps.map((step) => step.id));
  for (;;) {
    const id = `step-${Math.floor(random() * 36 ** 8)
      .toString(36)
      .padStart(8, '0')}`;
    if (!taken.has(id)) return id;
  }
}

/** A new step of `type` with empty fields for the person to fill in (the dialog validates it). */
export function newStep(type: AddableStepType, id: string, aiThreshold: number = AI_THRESHOLD_DEFAULT): Step {
  const base = { id, description: '' };
  switch (type) {
    case 'navigate':
      return { ...base, type, url: 'https://' };
    case 'click':
    case 'doubleClick':
    case 'hover':
    case 'waitForElement':
      return { ...base, type, selectors: [''] };
    case 'change':
      return { ...base, type, selectors: [''], value: '' };
    case 'keyDown':
      return { ...base, type, key: 'Enter' };
    case 'scroll':
    case 'close':
      return { ...base, type };
    case 'wait':
      return { ...base, type, ms: 1000 };
    case 'screenshot':
      return { ...base, type, fullPage: false };
    case 'extract':
      return { ...base, type, selectors: [''], variable: '' };
    case 'extract_table':
      return { ...base, type, selectors: [''], variable: 'rader', paging: 'next', maxRows: 1000, maxPages: 50 };
    case 'manual':
      return { ...base, type, instructions: '' };
    case 'login':
      return { ...base, type, instructions: '', until: {} };
    case 'ai_decision':
      return {
        ...base,
        type,
        prompt: '',
        inputs: [],
        threshold: aiThreshold,
        options: [
          { value: '', label: '', then: 'continue' },
          { value: '', label: '', then: 'continue' },
        ],
      };
  }
}

/** A copy of the step at `index` right after it, with a new id. */
export function duplicateStep(steps: readonly Step[], index: number): Step[] {
  const copy = { ...structuredClone(steps[index]), id: newStepId(steps) } as Step;
  return insertStep(steps, index + 1, copy);
}

/** `steps` with `step` at `index` (0 = first; steps.length = last). */
export function insertStep(steps: readonly Step[], index: number, step: Step): Step[] {
  return [...steps.slice(0, index), step, ...steps.slice(index)];
}

/** `steps` with the step at `from` moved to place `to` (unchanged when either is outside the list). */
export function moveStep<T>(steps: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= steps.length || to < 0 || to >= steps.length) return [...steps];
  const next = [...steps];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** An element step's selectors, best first, one line each (none for other steps). */
export function selectorLines(step: Step): string[] {
  return 'selectors' in step && step.selectors ? step.selectors.map(selectorText) : [];
}

export type StepBadges = { frame: boolean; popup: boolean; secrets: string[] };

export function stepBadges(step: Step): StepBadges {
  const frame = 'frame' in step && ((step.frame?.length ?? 0) > 0 || (step.frameSelectors?.length ?? 0) > 0);
  const popup = 'target' in step && step.target !== undefined && step.target !== '' && step.target !== 'main';
  return { frame, popup, secrets: secretNames({ version: DEFINITION_FORMAT_VERSION, steps: [step] }) };
}

/** Field path inside a step (`selectors.0`, `url`) → message. */
export type StepFieldErrors = Record<string, string>;
/** Step id → its field errors. */
export type DefinitionErrors = Record<string, StepFieldErrors>;

/**
 * Field errors keyed `steps.2.url` or `definition.steps.2.url` (server) become errors of the step
 * that was at index 2 in `steps`, so they follow it when it moves. Errors not about a step are
 * returned apart.
 */
export function errorsByStep(fields: Record<string, string>, steps: readonly Step[]): { byStep: DefinitionErrors; other: string[] } {
  const byStep: DefinitionErrors = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const match = /^(?:definition\.)?steps\.(\d+)(?:\.(.+))?$/.exec(path);
    const step = match ? steps[Number(match[1])] : undefined;
    if (!match || !step) {
      other.push(message);
      continue;
    }
    const field = match[2] ?? '';
    byStep[step.id] ??= {};
    byStep[step.id][field] ??= message;
  }
  return { byStep, other };
}

/** Validates the steps with the shared schema: the definition to send, or issues keyed like the server's fields. */
export function validateDefinition(
  steps: readonly Step[],
  inputs?: Definition['inputs'],
): { ok: true; definition: Definition } | { ok: false; fields: Record<string, string> } {
  const result = definitionSchema.safeParse({ version: DEFINITION_FORMAT_VERSION, steps, ...(inputs ? { inputs } : {}) });
  if (result.success) return { ok: true, definition: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    fields[key] ??= issue.message;
  }
  return { ok: false, fields };
}

/**
 * The form field a step's field path belongs to: `selectors.1.0` → `selectors.1` (a level of a
 * shadow path is part of its selector's line), `options.0.then.goto` → `options.0.then`.
 */
export function formFieldOf(path: string): string {
  const [head, index, field] = path.split('.');
  if (head === 'selectors' && index !== undefined) return `selectors.${index}`;
  if (head === 'options' && index !== undefined) return field === undefined ? `options.${index}` : `options.${index}.${field}`;
  return head;
}

/** Same steps, same order, same content. */
export function sameSteps(a: readonly Step[], b: readonly Step[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
