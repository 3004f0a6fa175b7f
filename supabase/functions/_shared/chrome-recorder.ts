// Chrome DevTools Recorder recordings ⇄ workflow definitions (format v1). A recording imports exactly as
// Chrome exports it (`{ title, selectorAttribute?, timeout?, steps }`, selectors as lists of lists); its
// steps keep every field the definition schema has (selectors, frame, target, assertedEvents, offsets,
// durations, timeouts…), get ids s1…sn and a readable description (the element's accessible or visible
// name, the URL, the key). Values stay as Chrome wrote them: fractional numbers (`"duration":
// 362.70000000018626`), an empty title (the caller names the workflow, see recordingName), a lone keyUp
// (its keyDown happened before the recording started). Fields Chrome's own schema does not know are left
// out, as Chrome's parser does. Steps are never merged or dropped: the double click Chrome records when a
// person clicks a checkbox's label (the label, then the browser's own click on the box) is replayed as one
// toggle by the runner, which can see the page (runner/src/engine/README.md, "Label clicks").
//
// A definition exports back to a recording Chrome can replay: Kollega's `wait` becomes a
// waitForExpression on a timer, its other own steps (screenshot, extract, ai_decision, manual) are left
// out, and ids, descriptions, frame selectors and the runner's own element fields (fingerprint, critical,
// healThreshold) are dropped. For recordings with only Chrome's steps the
// round trip recording → definition → recording gives the recording back (selectorAttribute included).
// What Chrome requires and a definition may leave open is filled in on export: click offsets (5, 5 px into
// the element) and step timeouts within Chrome's 1–30 000 ms (a longer wait becomes several timers).
//
// The converter checks the shape it needs (an object with a steps list of objects of known types) and
// throws RecordingError otherwise; the values themselves are checked by definitionSchema afterwards, at
// the same paths (`steps.2.url`), since step i of the recording is step i of the definition.
import { CHROME_STEP_TYPES, type ChromeStepType } from './run-types.ts';
import type { Definition, DefinitionInput, Selector } from './schemas/definition.ts';

export type ChromeSelector = string | string[];
export type ChromeStep = { type: ChromeStepType; selectors?: ChromeSelector[]; timeout?: number; [field: string]: unknown };
export type ChromeRecording = { title: string; selectorAttribute?: string; timeout?: number; steps: ChromeStep[] };

/** Puppeteer Replay's step timeout when neither the step nor the recording sets one, and the range it accepts. */
export const CHROME_DEFAULT_TIMEOUT_MS = 5000;
export const CHROME_MIN_TIMEOUT_MS = 1;
export const CHROME_MAX_TIMEOUT_MS = 30_000;
/** The longest wait one waitForExpression step can hold within Chrome's timeout range. */
const MAX_TIMER_MS = CHROME_MAX_TIMEOUT_MS - CHROME_DEFAULT_TIMEOUT_MS;
/** Chrome requires a click's offset in the element; a definition may leave it to the runner (the centre). */
export const DEFAULT_CLICK_OFFSET = 5;
const DESCRIPTION_MAX = 500;

export type RecordingProblem = 'not_a_recording' | 'step_not_object' | 'step_type_unsupported';

/** The input is not a recording the converter can read; `path` is where (`['steps', 3, 'type']`). */
export class RecordingError extends Error {
  constructor(readonly problem: RecordingProblem, readonly path: (string | number)[], readonly stepType?: string) {
    super(`${problem} at ${path.join('.') || '(root)'}`);
    this.name = 'RecordingError';
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isChromeStepType(type: unknown): type is ChromeStepType {
  return typeof type === 'string' && (CHROME_STEP_TYPES as readonly string[]).includes(type);
}

/** Chrome writes every selector as a list (one string per shadow-root level); one level is a plain string here. */
function fromChromeSelector(selector: unknown): unknown {
  return Array.isArray(selector) && selector.length === 1 && typeof selector[0] === 'string' ? selector[0] : selector;
}

function toChromeSelector(selector: Selector): string[] {
  return typeof selector === 'string' ? [selector] : [...selector];
}

/** `aria/Betala[role="button"]` → Betala, `text/Spara` → Spara; null for other selectors. */
function selectorName(selector: string): string | null {
  if (selector.startsWith('aria/')) return selector.slice(5).replace(/\[role="[^"]*"\]$/, '').trim() || null;
  if (selector.startsWith('text/')) return selector.slice(5).trim() || null;
  return null;
}

/** The element's accessible or visible name from its selectors, else its first selector. */
function elementName(selectors: unknown): string {
  if (!Array.isArray(selectors)) return '';
  const levels = selectors.map((s) => (Array.isArray(s) ? s : [s])).map((path) =>
    path.filter((l): l is string => typeof l === 'string')
  );
  for (const path of levels) {
    for (const level of [...path].reverse()) {
      const name = selectorName(level);
      if (name) return name;
    }
  }
  return levels[0]?.at(-1) ?? '';
}

function describe(step: Record<string, unknown>): string {
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  let description = '';
  switch (step.type) {
    case 'navigate':
      description = text(step.url);
      break;
    case 'setViewport':
      description = `${text(typeof step.width === 'number' ? Math.round(step.width) : step.width)}×${text(typeof step.height === 'number' ? Math.round(step.height) : step.height)}`;
      break;
    case 'keyDown':
    case 'keyUp':
      description = text(step.key);
      break;
    case 'waitForExpression':
      description = text(step.expression);
      break;
    default:
      description = elementName(step.selectors);
  }
  return description.replace(/\s+/g, ' ').trim().slice(0, DESCRIPTION_MAX);
}

/**
 * A Chrome Recorder recording as a definition (not yet validated: run it through definitionSchema). The
 * recording's `timeout` becomes the timeout of every step that sets none; its `selectorAttribute` is kept on
 * the definition (the runner does not use it) so that it exports back.
 */
export function fromChromeRecording(recording: unknown): { title: string; definition: DefinitionInput } {
  if (!isObject(recording) || !Array.isArray(recording.steps)) throw new RecordingError('not_a_recording', []);
  const title = typeof recording.title === 'string' ? recording.title : '';
  const timeout = typeof recording.timeout === 'number' ? recording.timeout : undefined;
  const selectorAttribute = typeof recording.selectorAttribute === 'string' ? recording.selectorAttribute : undefined;
  const steps = recording.steps.map((raw: unknown, index: number) => {
    if (!isObject(raw)) throw new RecordingError('step_not_object', ['steps', index]);
    if (!isChromeStepType(raw.type)) {
      throw new RecordingError(
        'step_type_unsupported',
        ['steps', index, 'type'],
        typeof raw.type === 'string' ? raw.type : String(raw.type),
      );
    }
    const step: Record<string, unknown> = { ...raw, id: `s${index + 1}`, description: describe(raw) };
    if (Array.isArray(raw.selectors)) step.selectors = raw.selectors.map(fromChromeSelector);
    if (step.timeout === undefined && timeout !== undefined) step.timeout = timeout;
    return step;
  });
  const definition = { version: 1, steps, ...(selectorAttribute !== undefined && { selectorAttribute }) };
  return { title, definition: definition as DefinitionInput };
}

/**
 * The name of a workflow imported from a recording titled `title`: the title, or, when Chrome's title is
 * empty (Chrome allows that), `untitled` (in the caller's language) followed by the host of the first page
 * the recording opens.
 */
export function recordingName(title: string, definition: DefinitionInput, untitled: string, max = 200): string {
  const named = title.replace(/\s+/g, ' ').trim().slice(0, max).trim();
  if (named) return named;
  const first = definition.steps.find((s) => s.type === 'navigate') as { url?: unknown } | undefined;
  const url = typeof first?.url === 'string' && URL.canParse(first.url) ? new URL(first.url) : undefined;
  const host = url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.host : '';
  return (host ? `${untitled} – ${host}` : untitled).slice(0, max).trim();
}

/** What a `wait` of `ms` milliseconds becomes in Chrome: an expression that turns true after the time. */
export function timerExpression(ms: number): string {
  return `new Promise((resolve) => setTimeout(() => resolve(true), ${ms}))`;
}

/**
 * A definition as a Chrome Recorder recording titled `name`. When every step ends up with a timeout (as
 * after importing a recording with a recording-level timeout), the most common one is written once, at
 * the top, and only the others stay on their steps.
 */
export function toChromeRecording(name: string, definition: Definition): ChromeRecording {
  const head = definition.selectorAttribute !== undefined ? { selectorAttribute: definition.selectorAttribute } : {};
  const steps: ChromeStep[] = [];
  for (const step of definition.steps) {
    if (step.type === 'wait') {
      // Chrome's longest step timeout is 30 s: a longer wait becomes several timers in a row.
      let left = step.ms;
      do {
        const ms = Math.min(left, MAX_TIMER_MS);
        steps.push({ type: 'waitForExpression', expression: timerExpression(ms), timeout: ms + CHROME_DEFAULT_TIMEOUT_MS });
        left -= ms;
      } while (left > 0);
      continue;
    }
    if (!isChromeStepType(step.type)) continue;
    // Kollega's own fields (frame selectors, the element's fingerprint, healing settings, a field's kind and
    // options) mean nothing to Chrome.
    const {
      id: _id,
      description: _description,
      frameSelectors: _frameSelectors,
      fingerprint: _fingerprint,
      critical: _critical,
      healThreshold: _healThreshold,
      control: _control,
      choices: _choices,
      type,
      ...fields
    } = step as
      & Record<string, unknown>
      & { type: ChromeStepType };
    const out: ChromeStep = { type, ...fields };
    if ('selectors' in step && step.selectors) out.selectors = step.selectors.map(toChromeSelector);
    if (type === 'click' || type === 'doubleClick') {
      out.offsetX ??= DEFAULT_CLICK_OFFSET;
      out.offsetY ??= DEFAULT_CLICK_OFFSET;
    }
    if (typeof out.timeout === 'number') {
      out.timeout = Math.min(Math.max(out.timeout, CHROME_MIN_TIMEOUT_MS), CHROME_MAX_TIMEOUT_MS);
    }
    steps.push(out);
  }
  const timeouts = steps.map((s) => s.timeout);
  if (steps.length > 1 && timeouts.every((t) => t !== undefined)) {
    const counts = new Map<number, number>();
    for (const t of timeouts as number[]) counts.set(t, (counts.get(t) ?? 0) + 1);
    const [shared] = [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
    for (const step of steps) if (step.timeout === shared) delete step.timeout;
    return { title: name, ...head, timeout: shared, steps };
  }
  return { title: name, ...head, steps };
}
