// Names of error and step types in the current language. SPEC §8 names four error types; the runner
// adds its own (docs/automation.md "Runs"). Any other is shown by its code with underscores as spaces.
import { LABELLED_ERROR_TYPES, type LabelledErrorType, STEP_TYPES, type StepType } from '@shared/run-types';
import type { TFunction } from 'i18next';

export function errorTypeLabel(type: string, t: TFunction<'flow_runs'>): string {
  return (LABELLED_ERROR_TYPES as readonly string[]).includes(type) ? t(`error_types.${type as LabelledErrorType}`) : type.replace(/_/g, ' ');
}

export function stepTypeLabel(type: string, t: TFunction<'flow_runs'>): string {
  return (STEP_TYPES as readonly string[]).includes(type) ? t(`step_types.${type as StepType}`) : type;
}

/** "Manual start by Anna Andersson", "Scheduled start". */
export function startedByLabel(run: { trigger: 'manual' | 'schedule' | 'webhook' | 'test'; startedByName: string | null }, t: TFunction<'flow_runs'>): string {
  const trigger = t(`run.trigger.${run.trigger}`);
  return run.startedByName ? t('run.started_by', { trigger, name: run.startedByName }) : trigger;
}
