// The runner's step execution engine: executes a workflow definition (format v1) in a Playwright browser
// context, step by step. A library: no database, no queue; the runner's job handler calls it.
export { executeDefinition, MAX_STEP_EXECUTIONS, READ_ONLY_STEPS } from './run.ts';
export { holdSends, type SendHold } from './hold-sends.ts';
export { maskSecrets } from './templates.ts';
export { usedStep } from './used-step.ts';
export { StepError, ERROR_TYPES, type ErrorType } from './errors.ts';
export { isBlockedAddress, checkUrl, type Lookup, type UrlCheck } from './network-guard.ts';
export { MAX_SCREENSHOT_BYTES } from './screenshot.ts';
export type { StepLogEntry, StepStart, StepEnd, StepDecision, Decision, DecideContext, ExecuteOptions, InputFile, RunOutcome, CandidateInfo, StepHeal, StepTable, ElementQuestion, ElementAnswer } from './types.ts';
