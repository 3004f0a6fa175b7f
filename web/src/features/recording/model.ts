// Track & Trace (SPEC §3 recorded step, §4 recording): the steps the recorder extension captured, held as
// step format v1 steps with the SPEC's display fields (number, action, description, time). Pure functions:
// captures in, steps out, and the definition that "export as flow" saves.
import type { Capture } from '@extension/protocol';
import { declareFileInputs, type Definition, type Selector, type Step } from '@shared/schemas/definition';

export const DEFAULT_START_URL = 'https://';

export const STEP_ACTIONS = ['navigate', 'click', 'type', 'key', 'wait', 'manual', 'ai_decision', 'screenshot', 'login'] as const;
export type StepAction = (typeof STEP_ACTIONS)[number];

export type { RecorderStatus } from '@extension/protocol';

export type RecordedStep = {
  id: string;
  stepNumber: number;
  action: StepAction;
  description: string;
  timestamp: string;
  /** When it happened (ms since the epoch): steps from several frames and windows are kept in this order. */
  at: number;
  /** The step as it is saved (format v1). A key step holds its keyDown; the keyUp is added on save. */
  step: Step;
  /** A password field's secret name (`{{secret.NAME}}`): the app asks for its value, the recorder never read it. */
  secret?: string;
  /** A personnummer field's run input (`{{input.name}}`): each run gets the number, the workflow never holds it. */
  input?: string;
  /** The ref of its element's picture, which the extension sends on its own (`thumbnail` event). */
  ref?: string;
  /** A `login` step the recorder made of a password sign-in: the steps the person took (the password as a secret),
   *  which can stand in for it so that the workflow signs in by itself on the servers (withRecordedSignIn). */
  replaces?: RecordedStep[];
};

/** Texts for descriptions: the `recording` namespace's `t`. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

export function actionOf(step: Step): StepAction {
  switch (step.type) {
    case 'navigate':
      return 'navigate';
    case 'change':
      return 'type';
    case 'keyDown':
    case 'keyUp':
      return 'key';
    case 'manual':
    case 'ai_decision':
    case 'screenshot':
    case 'wait':
    case 'login':
      return step.type;
    default:
      return 'click';
  }
}

const quote = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A step for one capture, or null for what the list does not show (a keyUp: saved with its keyDown). */
export function stepFromCapture(capture: Capture, id: string, t: Translate): RecordedStep | null {
  const captured = capture.step;
  const name = capture.label ? quote(capture.label) : t('steps.unnamed');
  const timestamp = new Date(capture.at).toISOString();
  const base = { id, stepNumber: 0, timestamp, at: capture.at, ...(capture.ref ? { ref: capture.ref } : {}) };
  if (captured.type === 'keyUp') return null;
  if (captured.type === 'login') return signInStep(capture, captured, id, t);
  if (capture.files && captured.type === 'change') {
    // A file chooser: the files stay on the recording machine; each run is given its own file (a file input,
    // declared when the recording is saved: declareFileInputs).
    const description = t('steps.describe.file', { files: capture.files.join(', ') || '–', name });
    const fingerprint = { ...captured.fingerprint, attrs: { ...captured.fingerprint?.attrs, type: 'file' } };
    return { ...base, action: 'type', description, step: { ...captured, id, description, value: '', fingerprint } };
  }
  let description: string;
  switch (captured.type) {
    case 'navigate':
      description = t('steps.navigate_to', { url: captured.url });
      break;
    case 'click':
      description = t('steps.describe.click', { name });
      break;
    case 'doubleClick':
      description = t('steps.describe.double_click', { name });
      break;
    case 'change':
      description = capture.secret
        ? t('steps.describe.secret', { name, secret: capture.secret })
        : capture.input
          ? t('steps.describe.input', { name, input: capture.input })
          : describeChoice(captured, name, t);
      break;
    default:
      description = t('steps.describe.key', { key: captured.key });
  }
  if (captured.target) description = `${description} ${t('steps.describe.in_popup')}`;
  const step = { ...captured, id, description } as Step;
  return {
    ...base,
    action: actionOf(step),
    description,
    step,
    ...(capture.secret ? { secret: capture.secret } : {}),
    ...(capture.input ? { input: capture.input } : {}),
  };
}

/**
 * The person signed in during the recording ("Logga in själv"): a `login` step told in the app's language, done
 * when the page after the sign-in shows (its address or an element of it). A password sign-in keeps the steps the
 * person took, to use instead.
 */
function signInStep(capture: Capture, captured: Extract<Capture['step'], { type: 'login' }>, id: string, t: Translate): RecordedStep {
  const kind = capture.signIn?.kind ?? 'eid';
  const description = t(`steps.describe.login_${kind}`);
  const step: Step = { id, type: 'login', description, instructions: t(`steps.login_instructions.${kind}`), until: captured.until };
  const replaces = (capture.signIn?.replaces ?? []).flatMap((held, index) => stepFromCapture(held, `${id}-${index + 1}`, t) ?? []);
  return {
    id,
    stepNumber: 0,
    timestamp: new Date(capture.at).toISOString(),
    at: capture.at,
    action: 'login',
    description,
    step,
    ...(replaces.length ? { replaces } : {}),
  };
}

/** The steps with a recorded sign-in's `login` step replaced by the steps the person took (a password sign-in). */
export function withRecordedSignIn(steps: RecordedStep[], id: string): RecordedStep[] {
  return renumber(steps.flatMap((step) => (step.id === id && step.replaces ? step.replaces : [step])));
}

/** A change in a person's words: the option's text for a select, ticked or not for a checkbox or radio. */
function describeChoice(captured: Extract<Capture['step'], { type: 'change' }>, name: string, t: Translate): string {
  const on = captured.value === 'true';
  switch (captured.control) {
    case 'select': {
      const label = captured.choices?.find((choice) => choice.value === captured.value)?.label || captured.value;
      return t('steps.describe.select', { name, value: quote(label, 40) });
    }
    case 'checkbox':
      return t(on ? 'steps.describe.check' : 'steps.describe.uncheck', { name });
    case 'radio':
      return on ? t('steps.describe.radio', { name }) : t('steps.describe.uncheck', { name });
    default:
      return t('steps.describe.change', { name, value: quote(captured.value, 40) });
  }
}

const sameSelectors = (a: Step, b: Step) =>
  'selectors' in a && 'selectors' in b && JSON.stringify(a.selectors) === JSON.stringify(b.selectors);

/**
 * Adds a captured step in the order the actions happened (a field's change reaches the app when the field
 * commits, after a select in another frame, but belongs where its typing began); a double click replaces
 * the (up to two) clicks on the same element before it.
 */
export function appendStep(steps: RecordedStep[], next: RecordedStep): RecordedStep[] {
  let kept = steps;
  if (next.step.type === 'doubleClick') {
    for (let i = 0; i < 2; i++) {
      const last = kept.at(-1);
      if (last?.step.type === 'click' && sameSelectors(last.step, next.step)) kept = kept.slice(0, -1);
    }
  }
  let index = kept.length;
  while (index > 0 && kept[index - 1]!.at > next.at) index--;
  return renumber([...kept.slice(0, index), next, ...kept.slice(index)]);
}

export function renumber(steps: RecordedStep[]): RecordedStep[] {
  return steps.map((step, index) => ({ ...step, stepNumber: index + 1 }));
}

/** The first selector as text (a shadow path joined by » as in the step editor). */
export function selectorText(selector: Selector | undefined): string {
  if (!selector) return '';
  return Array.isArray(selector) ? selector.join(' » ') : selector;
}

export function displayFields(step: Step): { selector?: string; value?: string } {
  const selector = 'selectors' in step && step.selectors ? selectorText(step.selectors[0]) : undefined;
  if (step.type === 'login') {
    // "Done when": the address after the sign-in, and the element that shows it.
    const shows = step.until.selectors?.[0];
    return { ...(shows ? { selector: selectorText(shows) } : {}), ...(step.until.url ? { value: step.until.url } : {}) };
  }
  const value =
    step.type === 'change' ? step.value : step.type === 'navigate' ? step.url : step.type === 'keyDown' ? step.key : undefined;
  return { ...(selector ? { selector } : {}), ...(value ? { value } : {}) };
}

export type StepPatch = { description: string; selector?: string; value?: string };

/** The edit dialog's change: the description, the first selector (the others stay as fallbacks) and the value. */
export function editStep(recorded: RecordedStep, patch: StepPatch): RecordedStep {
  const step = { ...recorded.step, description: patch.description } as Step;
  if ('selectors' in step && step.selectors && patch.selector) {
    const first = patch.selector.includes(' » ') ? patch.selector.split(' » ') : patch.selector;
    step.selectors = [first, ...step.selectors.slice(1).filter((s) => selectorText(s) !== patch.selector)];
  }
  if (step.type === 'login') {
    // The "done when" of a recorded sign-in: the address (empty: none) and the first element (the others stay).
    const selectors = patch.selector ? [patch.selector.includes(' » ') ? patch.selector.split(' » ') : patch.selector] : [];
    const kept = (step.until.selectors ?? []).slice(1).filter((s) => selectorText(s) !== patch.selector);
    const url = patch.value?.trim();
    const until = { ...(url ? { url } : {}), ...(selectors.length || kept.length ? { selectors: [...selectors, ...kept] } : {}) };
    if (until.url || until.selectors) step.until = until;
  }
  if (patch.value !== undefined) {
    if (step.type === 'change') step.value = patch.value;
    if (step.type === 'navigate' && patch.value) step.url = patch.value;
    if (step.type === 'keyDown' && patch.value) step.key = patch.value;
  }
  return { ...recorded, description: patch.description, step };
}

/** The workflow definition of the recorded steps (each key press as keyDown + keyUp). */
export function toDefinition(steps: RecordedStep[]): Definition {
  return declareFileInputs({
    version: 1,
    steps: steps.flatMap(({ step }): Step[] =>
      step.type === 'keyDown' ? [step, { ...step, id: `${step.id}-up`, type: 'keyUp' as const }] : [step],
    ),
  });
}

/** A picture the extension sent, if it is one (a JPEG data: URL of at most 20 KB: what the api stores). */
export function isThumbnail(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('data:image/jpeg;base64,/9j/') && value.length <= 28_000;
}

/** The element pictures of the steps that got one, by step id (what is stored with the saved steps). */
export function thumbnailsOf(steps: RecordedStep[], pictures: Record<string, string>): Record<string, string> {
  return Object.fromEntries(steps.flatMap((step) => (step.ref && pictures[step.ref] ? [[step.id, pictures[step.ref]!]] : [])));
}

/** How long the recorded task took (first to last captured action), or undefined for fewer than two steps. */
export function recordedDurationMs(steps: RecordedStep[]): number | undefined {
  if (steps.length < 2) return undefined;
  const times = steps.map((step) => step.at);
  return Math.round(Math.max(...times) - Math.min(...times));
}

/**
 * The URL to open: the typed one (https:// added to an address typed without a scheme), or a blank page when
 * only the https:// prefix (or nothing) is there. The extension opens http(s) addresses only.
 */
export function startUrl(typed: string): string | null {
  const value = typed.trim();
  if (value === '' || value === DEFAULT_START_URL || value === 'http://') return null;
  return /^[a-z][a-z0-9+.-]*:/i.test(value) && !/^[^:/]+:\d+(\/|$)/.test(value) ? value : `https://${value}`;
}
