// Names of error and step types in the current language. SPEC §8 names four error types; the runner
// adds its own (AUTOMATION.md "Runs"). Any other is shown by its code with underscores as spaces.
import type { TFunction } from 'i18next';

const ERROR_TYPES = [
  'validation_error',
  'network_error',
  'element_not_found',
  'timeout',
  'navigation_failed',
  'frame_not_found',
  'popup_not_found',
  'unexpected_dialog',
  'assertion_failed',
  'secret_missing',
  'blocked_address',
  'ai_unavailable',
  'browser_crashed',
  'runner_lost',
  'stopped',
] as const;
type ErrorType = (typeof ERROR_TYPES)[number];

const STEP_TYPES = [
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
  'wait',
  'screenshot',
  'extract',
  'ai_decision',
  'manual',
] as const;
type StepType = (typeof STEP_TYPES)[number];

export function errorTypeLabel(type: string, t: TFunction<'flow_runs'>): string {
  return (ERROR_TYPES as readonly string[]).includes(type) ? t(`error_types.${type as ErrorType}`) : type.replace(/_/g, ' ');
}

export function stepTypeLabel(type: string, t: TFunction<'flow_runs'>): string {
  return (STEP_TYPES as readonly string[]).includes(type) ? t(`step_types.${type as StepType}`) : type;
}

/** "Manual start by Anna Andersson", "Scheduled start". */
export function startedByLabel(run: { trigger: 'manual' | 'schedule' | 'webhook' | 'test'; startedByName: string | null }, t: TFunction<'flow_runs'>): string {
  const trigger = t(`run.trigger.${run.trigger}`);
  return run.startedByName ? t('run.started_by', { trigger, name: run.startedByName }) : trigger;
}
