// Workflow definition, format v1: what a workflow does, step by step. One schema for the web app (step
// editor, Track & Trace), the api function (PUT …/definition, import) and the runner, so all three accept
// exactly the same definitions. Step types and fields follow Chrome DevTools Recorder's JSON (so its
// recordings import losslessly and export back), plus Kollega's own steps (wait, screenshot, extract,
// ai_decision, manual). Messages are keys of the `validation` namespace.
//
// A selector is a string or a list of strings (a path that enters open shadow roots, one string per
// level). Strings use Chrome Recorder's prefixes: `aria/<name>[role="<role>"]`, `text/<text>`,
// `xpath/<xpath>`, `pierce/<css>`, and plain CSS otherwise. Any string value may use `{{var.name}}`
// (extracted earlier in the run), `{{input.name}}` (run inputs) and `{{secret.NAME}}` (the
// organisation's secrets, resolved by the runner and never stored in the definition).
import { z } from 'zod';
import { STEP_TYPES, type StepType } from '../run-types.ts';
import { ROLES } from './users.ts';
import { inputValueProblem } from './input-values.ts';

export const DEFINITION_FORMAT_VERSION = 1;
export const MAX_STEPS = 500;
/** Playwright's actionability wait per step when the step sets no timeout. */
export const DEFAULT_STEP_TIMEOUT_MS = 10_000;
export const MAX_STEP_TIMEOUT_MS = 300_000;
export const MAX_WAIT_MS = 300_000;
export const MAX_SELECTORS = 20;
export const AI_THRESHOLD_DEFAULT = 95;
/** How long a `login` step waits for the person to sign in when it sets no timeout. */
export const LOGIN_TIMEOUT_DEFAULT_MS = 300_000;
/** The longest a `login` step may wait (a person may need a while to find their phone). */
export const MAX_LOGIN_TIMEOUT_MS = 1_800_000;

export { STEP_TYPES, type StepType };

/** Steps that act on an element found by `selectors`. */
export const ELEMENT_STEP_TYPES = ['click', 'doubleClick', 'change', 'hover', 'waitForElement', 'extract'] as const satisfies readonly StepType[];

const TEMPLATE = /\{\{\s*([^{}]*?)\s*\}\}/g;
const TEMPLATE_REFERENCE = /^(var|input)\.[A-Za-z_][A-Za-z0-9_]{0,63}$|^secret\.[A-Z][A-Z0-9_]{0,63}$/;
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
export const SECRET_NAME = /^[A-Z][A-Z0-9_]{0,63}$/;

/** The `{{…}}` references in a string, e.g. `secret.BANK_PASSWORD`. */
export function templateReferences(value: string): string[] {
  return [...value.matchAll(TEMPLATE)].map((m) => m[1]);
}

/** A string value: at most `max` characters, and every `{{…}}` one of var./input./secret. references. */
const value = (max = 10_000) =>
  z
    .string()
    .max(max, 'too_long')
    .refine((s) => templateReferences(s).every((ref) => TEMPLATE_REFERENCE.test(ref)), 'template_invalid');

const selectorString = value(2000).refine((s) => s.trim().length > 0, 'selector_required');
export const selectorSchema = z.union([selectorString, z.array(selectorString).min(1, 'selector_required').max(10)]);
export type Selector = z.infer<typeof selectorSchema>;
export const selectorsSchema = z.array(selectorSchema).min(1, 'selector_required').max(MAX_SELECTORS, 'too_many');

/**
 * A navigation target: http or https only, written out or starting with a template (`{{input.url}}`). The
 * runner checks the resolved address again (network guard) before it goes there.
 */
export const navigationUrlSchema = value(4000).refine((url) => {
  if (/^\{\{/.test(url)) return true;
  if (!URL.canParse(url)) return false;
  const protocol = new URL(url).protocol;
  return protocol === 'http:' || protocol === 'https:';
}, 'url_invalid');

const stepId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'step_id_invalid');
// Numbers Chrome Recorder measures (a click's `duration`, timeouts, offsets, the viewport) may be fractional
// (`"duration": 362.70000000018626`) and are kept exactly as written, so a recording imports as Chrome wrote it.
const timeout = z.number().finite('timeout_invalid').min(0, 'timeout_invalid').max(MAX_STEP_TIMEOUT_MS, 'timeout_invalid');

/** Fields of every step. */
const base = {
  id: stepId,
  description: z.string().trim().max(500, 'too_long').default(''),
  timeout: timeout.optional(),
};

/** Where a step acts: the frame (index path from the top, plus each iframe's selectors) and the window. */
const placement = {
  frame: z.array(z.number().int().min(0).max(1000)).max(10).optional(),
  frameSelectors: z.array(selectorsSchema).max(10).optional(),
  /** `main`, or the URL of the popup window the step acts in. */
  target: value(4000).optional(),
};

const assertedEvent = z.object({
  type: z.literal('navigation'),
  url: value(4000).optional(),
  title: value(1000).optional(),
});

/**
 * What the recorder saw of an element (docs/automation.md, "Right element or no action"): the runner checks a
 * guess against it and scores look-alikes when no recorded selector finds the element any more. Every field is
 * optional; a step without a fingerprint is checked against what its selectors mean (name, role, row text).
 */
export const fingerprintSchema = z.object({
  tag: z.string().max(40).optional(),
  role: z.string().max(40).optional(),
  /** Accessible name (a button's text, a field's label). */
  name: z.string().max(200).optional(),
  /** Visible text of the element itself. */
  text: z.string().max(200).optional(),
  /** The text that tells the element's row or item apart from the others (tables, lists, card grids). */
  row: z.string().max(200).optional(),
  /** Text around the element (its container), for telling look-alikes apart. */
  near: z.string().max(300).optional(),
  /** Stable attributes: id, name, type, placeholder, test ids. */
  attrs: z.record(z.string().max(40), z.string().max(200)).optional(),
  /** Where it was on the page when recorded (CSS pixels of the viewport). */
  box: z.object({ x: z.number().finite(), y: z.number().finite(), w: z.number().finite(), h: z.number().finite() }).optional(),
});
export type Fingerprint = z.infer<typeof fingerprintSchema>;

/** Healing: act on a look-alike only when it scores at least this (0–1) against the step's fingerprint. */
export const HEAL_THRESHOLD_DEFAULT = 0.9;

const element = {
  ...placement,
  selectors: selectorsSchema,
  fingerprint: fingerprintSchema.optional(),
  /** Never act on a guess: a healed or disputed element needs a person (default: buttons named like Attestera, Betala). */
  critical: z.boolean().optional(),
  healThreshold: z.number().min(0.5, 'threshold_invalid').max(1, 'threshold_invalid').optional(),
};
const pointer = {
  offsetX: z.number().finite().optional(),
  offsetY: z.number().finite().optional(),
  button: z.enum(['primary', 'auxiliary', 'secondary', 'back', 'forward']).optional(),
  deviceType: z.enum(['mouse', 'pen', 'touch']).optional(),
  /** How long the button was held (ms); Chrome writes it, fractional, when longer than 350 ms. */
  duration: z.number().finite().min(0).max(MAX_STEP_TIMEOUT_MS).optional(),
};
const assertedEvents = { assertedEvents: z.array(assertedEvent).max(5).optional() };

/** Most rows an `extract_table` step reads (its `maxRows` at most), and the longest text it keeps per cell. */
export const MAX_TABLE_ROWS = 10_000;
export const MAX_TABLE_CELL = 1000;

/**
 * `extract_table` (docs/automation.md "Reading a table"): the rows of a table, list or card grid (`selectors`: the
 * container) as the run's output `variable`. Columns are the table's header cells, or `columns` (a CSS selector per
 * column inside each row, `''` for the row itself; an attribute instead of the text). `rowSelector` picks the rows
 * inside the container (default: a table's body rows, a list's items, else the container's children). `next`: the
 * element that shows more: `paging: "next"` replaces the rows (a next-page link), `"more"` adds to them ("Visa
 * fler"); it is clicked until it is gone or disabled, `maxPages` or `maxRows` is reached.
 */
const extractTable = {
  variable: z.string().regex(VARIABLE_NAME, 'variable_invalid'),
  rowSelector: z.string().trim().max(500).optional(),
  columns: z
    .array(z.object({ name: z.string().trim().min(1, 'column_name_required').max(100, 'too_long'), selector: z.string().trim().max(500), attribute: z.string().max(100).optional() }))
    .max(50, 'too_many')
    .optional(),
  next: selectorsSchema.optional(),
  paging: z.enum(['next', 'more']).default('next'),
  maxRows: z.number().int('max_rows_invalid').min(1, 'max_rows_invalid').max(MAX_TABLE_ROWS, 'max_rows_invalid').default(1000),
  maxPages: z.number().int('max_pages_invalid').min(1, 'max_pages_invalid').max(500, 'max_pages_invalid').default(50),
};

/** The kinds of field a `change` step fills: the editor offers a list for a select and an on/off choice for the others. */
export const CHANGE_CONTROLS = ['text', 'select', 'checkbox', 'radio'] as const;
export type ChangeControl = (typeof CHANGE_CONTROLS)[number];
export const MAX_CHOICES = 200;
/** One option of a select as the page showed it: its value (what the step sets) and the text a person sees. */
export const choiceSchema = z.object({ value: z.string().max(1000, 'too_long'), label: z.string().max(200, 'too_long') });
export type Choice = z.infer<typeof choiceSchema>;
/** What the recorder saw of the field a `change` step fills (Kollega's own; absent on imports from Chrome). */
const changeField = {
  control: z.enum(CHANGE_CONTROLS).optional(),
  /** A select's options, in the page's order; the step's value is one of their values. */
  choices: z.array(choiceSchema).max(MAX_CHOICES, 'too_many').optional(),
};

export const aiOptionSchema = z.object({
  value: z.string().trim().min(1, 'option_value_required').max(100, 'too_long'),
  label: z.string().trim().min(1, 'option_label_required').max(200, 'too_long'),
  /** continue with the next step, stop (the run ends here, completed) or go to a step. */
  then: z.union([z.literal('continue'), z.literal('stop'), z.object({ goto: stepId })]),
  /** The runner never acts on this choice without a person, whatever the AI's confidence. */
  alwaysAsk: z.boolean().optional(),
});
export type AiOption = z.infer<typeof aiOptionSchema>;

/**
 * Who may decide the task of an ai_decision or manual step (AUTOMATION "Who may decide"); absent: any member.
 * `roles`: only members with one of these roles; `notStarter`: not the person who started the run (or whose
 * webhook or schedule did). Enforced by app.decide_task on the copy the task keeps.
 */
export const approversSchema = z.strictObject({
  roles: z.array(z.enum(ROLES, { message: 'approver_role_invalid' })).min(1, 'approver_roles_required').max(3).optional(),
  notStarter: z.boolean().optional(),
});
export type Approvers = z.infer<typeof approversSchema>;

/**
 * "Logga in själv" (attended runs only): the person signs in themselves (BankID, Freja eID, a password); the run
 * waits, takes no screenshot meanwhile, and goes on by itself once `until` holds: the page's address matches
 * `url` (a glob, `*` any characters) or one of `selectors` is on the page. At most `timeout` (default 5 min).
 */
export const loginStepSchema = z.object({
  ...base,
  type: z.literal('login'),
  instructions: z.string().trim().max(5000, 'too_long').default(''),
  until: z
    .object({ url: value(4000).refine((s) => s.trim().length > 0, 'url_invalid').optional(), selectors: selectorsSchema.optional() })
    .refine((u) => u.url !== undefined || u.selectors !== undefined, 'login_until_required'),
  timeout: z
    .number()
    .finite('login_timeout_invalid')
    .min(1000, 'login_timeout_invalid')
    .max(MAX_LOGIN_TIMEOUT_MS, 'login_timeout_invalid')
    .optional(),
});

/** Whether a definition may only run in a person's browser (it has a `login` step); SQL: private.definition_needs_person. */
export function needsPerson(definition: Pick<Definition, 'steps'>): boolean {
  return definition.steps.some((s) => s.type === 'login');
}

export const stepSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      ...base,
      type: z.literal('setViewport'),
      width: z.number().finite().min(1).max(10_000),
      height: z.number().finite().min(1).max(10_000),
      deviceScaleFactor: z.number().min(0.1).max(10).default(1),
      isMobile: z.boolean().default(false),
      hasTouch: z.boolean().default(false),
      isLandscape: z.boolean().default(false),
    }),
    z.object({ ...base, ...placement, ...assertedEvents, type: z.literal('navigate'), url: navigationUrlSchema }),
    z.object({ ...base, ...element, ...pointer, ...assertedEvents, type: z.literal('click') }),
    z.object({ ...base, ...element, ...pointer, ...assertedEvents, type: z.literal('doubleClick') }),
    z.object({ ...base, ...element, ...changeField, ...assertedEvents, type: z.literal('change'), value: value() }),
    z.object({ ...base, ...placement, ...assertedEvents, type: z.literal('keyDown'), key: z.string().min(1).max(40) }),
    z.object({ ...base, ...placement, ...assertedEvents, type: z.literal('keyUp'), key: z.string().min(1).max(40) }),
    z.object({ ...base, ...element, ...assertedEvents, type: z.literal('hover') }),
    z.object({
      ...base,
      ...placement,
      type: z.literal('scroll'),
      selectors: selectorsSchema.optional(),
      x: z.number().finite().optional(),
      y: z.number().finite().optional(),
    }),
    z.object({
      ...base,
      ...element,
      type: z.literal('waitForElement'),
      operator: z.enum(['>=', '==', '<=']).optional(),
      count: z.number().finite().min(0).max(10_000).optional(),
      visible: z.boolean().optional(),
      properties: z.record(z.string(), z.unknown()).optional(),
      attributes: z.record(z.string(), value(2000)).optional(),
    }),
    z.object({ ...base, ...placement, type: z.literal('waitForExpression'), expression: z.string().min(1).max(5000, 'too_long') }),
    z.object({ ...base, ...placement, type: z.literal('close') }),
    z.object({
      ...base,
      type: z.literal('emulateNetworkConditions'),
      download: z.number().finite(),
      upload: z.number().finite(),
      latency: z.number().finite().min(0),
    }),
    z.object({ ...base, type: z.literal('wait'), ms: z.number().int('wait_invalid').min(0, 'wait_invalid').max(MAX_WAIT_MS, 'wait_invalid') }),
    z.object({ ...base, ...placement, type: z.literal('screenshot'), fullPage: z.boolean().default(false) }),
    z.object({
      ...base,
      ...element,
      type: z.literal('extract'),
      variable: z.string().regex(VARIABLE_NAME, 'variable_invalid'),
      attribute: z.string().max(100).optional(),
    }),
    z.object({
      ...base,
      ...element,
      type: z.literal('extract_table'),
      ...extractTable,
    }),
    z.object({
      ...base,
      type: z.literal('ai_decision'),
      prompt: z.string().trim().min(1, 'prompt_required').max(5000, 'too_long'),
      /** The only data sent to the model: names of extracted variables (`var.x`) or run inputs (`input.x`). */
      inputs: z.array(z.string().regex(/^(var|input)\.[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'variable_invalid')).max(20).default([]),
      options: z.array(aiOptionSchema).min(2, 'options_min').max(10),
      threshold: z.number().int().min(1, 'threshold_invalid').max(100, 'threshold_invalid').default(AI_THRESHOLD_DEFAULT),
      model: z.string().trim().max(100).optional(),
      approvers: approversSchema.optional(),
    }),
    z.object({
      ...base,
      type: z.literal('manual'),
      instructions: z.string().trim().min(1, 'instructions_required').max(5000, 'too_long'),
      approvers: approversSchema.optional(),
    }),
    loginStepSchema,
  ],
  { error: () => 'step_type_unknown' },
);
export type Step = z.infer<typeof stepSchema>;
export type StepInput = z.input<typeof stepSchema>;
export type StepOf<T extends StepType> = Extract<Step, { type: T }>;

/**
 * The kinds of run input: text as given, a number (decimal point or comma), a date (YYYY-MM-DD), one of a list, or a
 * file (a PDF for an upload field: its value is the file's name; the file itself is stored encrypted with the run,
 * docs/automation.md "File inputs").
 */
export const INPUT_TYPES = ['text', 'number', 'date', 'choice', 'file'] as const;
export type InputType = (typeof INPUT_TYPES)[number];
export const MAX_INPUTS = 50;
export const MAX_INPUT_LENGTH = 2000;

/**
 * A declared run input (`{{input.name}}`): what "Kör nu", test runs, schedules, webhooks and batch rows must supply.
 * `default` is used when no value is given; a required input without a default must be given every time.
 */
/** One kind of file an upload field accepts: an extension (`.pdf`) or a MIME type (`application/pdf`, `image/*`). */
const FILE_KIND = /^(\.[A-Za-z0-9]{1,16}|[a-z]+\/(\*|[a-z0-9][a-z0-9.+-]{0,100}))$/;

export const inputDeclarationSchema = z.object({
  name: z.string().regex(VARIABLE_NAME, 'input_name_invalid'),
  label: z.string().trim().max(200, 'too_long').default(''),
  type: z.enum(INPUT_TYPES, { error: () => 'input_type_invalid' }).default('text'),
  required: z.boolean().default(true),
  default: z.string().max(MAX_INPUT_LENGTH, 'input_value_invalid').optional(),
  /** The values a `choice` input may take. */
  options: z.array(z.string().trim().min(1, 'input_option_required').max(200, 'too_long')).max(100, 'too_many').optional(),
  /** The kinds of file a `file` input takes, as an upload field's `accept` lists them: `.pdf`, `application/pdf`, `image/*`. */
  accept: z.array(z.string().trim().regex(FILE_KIND, 'input_accept_invalid')).max(20, 'too_many').optional(),
});
export type InputDeclaration = z.infer<typeof inputDeclarationSchema>;

export const definitionSchema = z
  .object({
    /** Declared run inputs (inputs.ts); references to undeclared ones are declared on save (declareUsedInputs). */
    inputs: z.array(inputDeclarationSchema).max(MAX_INPUTS, 'too_many_inputs').optional(),
    version: z.literal(DEFINITION_FORMAT_VERSION, { error: () => 'definition_version_invalid' }),
    steps: z.array(stepSchema).max(MAX_STEPS, 'too_many_steps'),
    /**
     * Chrome Recorder's `selectorAttribute` (e.g. `data-testid`) of an imported recording: how Chrome chose its
     * selectors. The runner does not need it; it is kept so the recording exports back as it was.
     */
    selectorAttribute: z.string().max(200, 'too_long').optional(),
  })
  .superRefine((definition, ctx) => {
    const ids = new Map<string, number>();
    definition.steps.forEach((step, index) => {
      if (ids.has(step.id)) ctx.addIssue({ code: 'custom', path: ['steps', index, 'id'], message: 'step_id_duplicate' });
      ids.set(step.id, index);
    });
    const inputNames = new Set<string>();
    definition.inputs?.forEach((input, index) => {
      const path = ['inputs', index];
      if (inputNames.has(input.name)) ctx.addIssue({ code: 'custom', path: [...path, 'name'], message: 'input_name_duplicate' });
      inputNames.add(input.name);
      if (input.type === 'choice' && !input.options?.length) ctx.addIssue({ code: 'custom', path: [...path, 'options'], message: 'input_option_required' });
      if (input.type === 'file' && input.default !== undefined && input.default !== '') {
        ctx.addIssue({ code: 'custom', path: [...path, 'default'], message: 'input_default_invalid' });
      } else if (input.default !== undefined && input.default !== '' && inputValueProblem(input, input.default)) {
        ctx.addIssue({ code: 'custom', path: [...path, 'default'], message: 'input_default_invalid' });
      }
    });
    const names = new Set(definition.steps.map((s) => s.id));
    definition.steps.forEach((step, index) => {
      if (step.type !== 'ai_decision') return;
      step.options.forEach((option, o) => {
        if (typeof option.then === 'object' && !names.has(option.then.goto)) {
          ctx.addIssue({ code: 'custom', path: ['steps', index, 'options', o, 'then'], message: 'goto_unknown' });
        }
      });
      const values = step.options.map((o) => o.value);
      if (new Set(values).size !== values.length) {
        ctx.addIssue({ code: 'custom', path: ['steps', index, 'options'], message: 'option_value_duplicate' });
      }
    });
  });
export type Definition = z.infer<typeof definitionSchema>;
export type DefinitionInput = z.input<typeof definitionSchema>;

export const emptyDefinition = (): Definition => ({ version: DEFINITION_FORMAT_VERSION, steps: [] });

/** The names of the organisation secrets a definition uses (`{{secret.NAME}}`), sorted. */
export function secretNames(definition: Definition): string[] {
  return referencedNames(definition, 'secret');
}

/** The names a definition's steps refer to as `{{kind.NAME}}` (secrets, run inputs, variables), sorted. */
export function referencedNames(definition: Definition, kind: 'secret' | 'input' | 'var'): string[] {
  const names = new Set<string>();
  const prefix = `${kind}.`;
  const visit = (v: unknown) => {
    if (typeof v === 'string') {
      for (const ref of templateReferences(v)) if (ref.startsWith(prefix)) names.add(ref.slice(prefix.length));
    } else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') Object.values(v).forEach(visit);
  };
  visit(definition.steps);
  return [...names].sort();
}

/** The run inputs a definition refers to (`{{input.x}}` in any step value, `input.x` among an AI step's inputs), in order of use. */
export function usedInputNames(definition: Pick<Definition, 'steps'>): string[] {
  const names = new Set<string>();
  const visit = (v: unknown, key?: string) => {
    if (typeof v === 'string') {
      const refs = key === 'inputs' && !v.includes('{{') ? [v] : templateReferences(v);
      for (const ref of refs) if (ref.startsWith('input.')) names.add(ref.slice(6));
    } else if (Array.isArray(v)) v.forEach((x) => visit(x, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) visit(x, k);
  };
  visit(definition.steps);
  return [...names];
}

/**
 * Every run input of a definition: the declared ones, then each one used but not declared as a required text
 * input named after itself (definitions saved before inputs were declared; docs/automation.md "Run inputs").
 */
export function inputDeclarations(definition: Pick<Definition, 'steps' | 'inputs'>): InputDeclaration[] {
  const declared = definition.inputs ?? [];
  const known = new Set(declared.map((i) => i.name));
  const implied = usedInputNames(definition)
    .filter((name) => !known.has(name))
    .map((name): InputDeclaration => ({ name, label: '', type: 'text', required: true }));
  return [...declared, ...implied];
}

/** How a browser shows the value of a file field (`C:\\fakepath\\faktura.pdf`): what Chrome's recordings hold for a file chooser. */
const FAKE_PATH = /^[A-Za-z]:\\fakepath\\/i;
const SINGLE_INPUT = /^\{\{\s*input\.([A-Za-z_][A-Za-z0-9_]{0,63})\s*\}\}$/;

/** Whether a step fills a file field (an `<input type=file>`): recorded by Chrome (a fake path) or by our extension (its fingerprint). */
export function isFileStep(step: Step): step is StepOf<'change'> {
  return step.type === 'change' && (step.fingerprint?.attrs?.type?.toLowerCase() === 'file' || FAKE_PATH.test(step.value));
}

/** The run input a file step takes its file from (`{{input.faktura}}`), or null when it still holds what was recorded. */
export function fileStepInput(step: StepOf<'change'>): string | null {
  return SINGLE_INPUT.exec(step.value)?.[1] ?? null;
}

/** A run input name from a field's label: `Bifoga faktura` → `bifoga_faktura`; `fil` when nothing usable is left. */
function inputNameFromLabel(label: string): string {
  const base = label.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toLowerCase().slice(0, 50);
  return /^[a-z]/.test(base) ? base : 'fil';
}

/**
 * The definition with every file step (a recorded file chooser: Chrome's fake path, or our extension's step on an
 * `<input type=file>`) taking its file from a run input of type `file`: a step that still holds what was recorded gets
 * `{{input.<name>}}` (named after the field's label), and an input a file step uses that is not declared is declared
 * as a required file input (docs/automation.md "File inputs").
 */
export function declareFileInputs<D extends Pick<Definition, 'steps' | 'inputs'>>(definition: D): D {
  if (!definition.steps.some(isFileStep)) return definition;
  const inputs = [...(definition.inputs ?? [])];
  const taken = new Set([...inputs.map((i) => i.name), ...usedInputNames(definition)]);
  const steps = definition.steps.map((step) => {
    if (!isFileStep(step)) return step;
    const label = (step.fingerprint?.name ?? '').trim().slice(0, 200);
    let name = fileStepInput(step);
    let changed = step;
    if (!name) {
      const base = inputNameFromLabel(label || (step.fingerprint?.attrs?.name ?? ''));
      name = base;
      for (let n = 2; taken.has(name); n++) name = `${base.slice(0, 58)}_${n}`;
      taken.add(name);
      changed = { ...step, value: `{{input.${name}}}` };
    }
    if (!inputs.some((i) => i.name === name)) inputs.push({ name, label, type: 'file', required: true });
    return changed;
  });
  return { ...definition, steps, inputs };
}

/** The definition with every input it uses declared (a file step's as a file, any other as required text when it was not): how definitions are saved. */
export function declareUsedInputs<D extends Pick<Definition, 'steps' | 'inputs'>>(definition: D): D {
  const withFiles = declareFileInputs(definition);
  const inputs = inputDeclarations(withFiles);
  return inputs.length || withFiles.inputs ? { ...withFiles, inputs } : withFiles;
}

/** Where a definition would let a value become code or a secret leave its sites (`unsafeTemplateUses`). */
export type UnsafeTemplateUse = { path: (string | number)[]; message: 'secret_use_invalid' | 'template_in_expression' };

/**
 * The places a definition uses templates unsafely (docs/automation.md, "Secrets are bound to sites" and "Values
 * are data, never code"): `{{secret.NAME}}` anywhere but a `change` step's value (a URL, selector, expression,
 * extract, AI prompt or manual instruction would carry it off its sites), and any `{{…}}` in a
 * `waitForExpression` (a webhook payload or a page's text would become script). The api refuses such a
 * definition at save, and the runner refuses to run one saved before the rule.
 */
export function unsafeTemplateUses(definition: Pick<Definition, 'steps'>): UnsafeTemplateUse[] {
  const found: UnsafeTemplateUse[] = [];
  const visit = (v: unknown, path: (string | number)[]) => {
    if (typeof v === 'string') {
      const refs = templateReferences(v);
      const step = definition.steps[path[1] as number];
      if (step?.type === 'waitForExpression' && path[2] === 'expression' && refs.length) found.push({ path, message: 'template_in_expression' });
      else if (refs.some((r) => r.startsWith('secret.')) && !(step?.type === 'change' && path[2] === 'value' && path.length === 3)) {
        found.push({ path, message: 'secret_use_invalid' });
      }
    } else if (Array.isArray(v)) v.forEach((x, i) => visit(x, [...path, i]));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) visit(x, [...path, k]);
  };
  definition.steps.forEach((step, index) => visit(step, ['steps', index]));
  return found;
}

/** PUT /api/workflows/{id}/definition. */
export const saveDefinitionSchema = z.strictObject({ definition: definitionSchema });
export type SaveDefinitionInput = z.input<typeof saveDefinitionSchema>;
