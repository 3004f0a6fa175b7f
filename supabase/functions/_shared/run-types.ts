// The value sets of runs, shared by the step schema, the runner and the screens that label them. No
// dependencies (the web imports it without pulling zod into a screen's chunk).

/** The step types of Chrome DevTools Recorder's recordings that a definition can hold (not `customStep`). */
export const CHROME_STEP_TYPES = [
  'setViewport',
  'navigate',
  'click',
  'doubleClick',
  'change',
  'keyDown',
  'keyUp',
  'hover',
  'scroll',
  'waitForElement',
  'waitForExpression',
  'close',
  'emulateNetworkConditions',
] as const;
export type ChromeStepType = (typeof CHROME_STEP_TYPES)[number];

/** Every step type of workflow format v1: Chrome Recorder's, then Kollega's own. */
export const STEP_TYPES = [...CHROME_STEP_TYPES, 'wait', 'screenshot', 'extract', 'extract_table', 'ai_decision', 'manual', 'login'] as const;
export type StepType = (typeof STEP_TYPES)[number];

/**
 * Why a step (and its run) failed or ended, as the runner records it: `stopped` is a person's stop (the run
 * fails), `stopped_by_decision` an ai_decision option with `then: "stop"` (the run ends `stopped`, for review).
 */
export const RUN_ERROR_TYPES = [
  'element_not_found',
  'element_ambiguous',
  'timeout',
  'navigation_failed',
  'frame_not_found',
  'popup_not_found',
  'unexpected_dialog',
  'assertion_failed',
  'table_incomplete',
  'input_missing',
  'secret_missing',
  'secret_origin_denied',
  'secret_use_denied',
  'blocked_address',
  'ai_unavailable',
  'browser_crashed',
  'runner_lost',
  'runner_misconfigured',
  'definition_invalid',
  'waited_too_long',
  'attended_not_connected',
  'stopped',
  'stopped_by_decision',
] as const;
export type RunErrorType = (typeof RUN_ERROR_TYPES)[number];

/**
 * Technical failures, the ones an automatic retry may cure (the organisation's retry setting): the page or
 * the browser did not answer in time, the runner went away, the AI service was out of reach. The database
 * keeps the same list (private.technical_error_types(); the api function's tests compare the two).
 */
export const TECHNICAL_ERROR_TYPES = ['timeout', 'navigation_failed', 'browser_crashed', 'runner_lost', 'ai_unavailable'] as const satisfies readonly RunErrorType[];

/** Error types with a label on the screens: SPEC's two that no run produces (seeded and older items), then the runner's. */
export const LABELLED_ERROR_TYPES = ['validation_error', 'network_error', ...RUN_ERROR_TYPES] as const;
export type LabelledErrorType = (typeof LABELLED_ERROR_TYPES)[number];
