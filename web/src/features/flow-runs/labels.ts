// Names of error and step types in the current language. SPEC §8 names four error types; the runner
// adds its own (docs/automation.md "Runs"). Any other is shown by its code with underscores as spaces.
import { LABELLED_ERROR_TYPES, type LabelledErrorType, STEP_TYPES, type StepType } from '@shared/run-types';
import type { RunStepDecision } from '@shared/types/api';
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

/**
 * Who decided a step and what: "AI valde ”Nej, avvisa” (säkerhet 96 %)", "Anna Svensson valde ”Nej, avvisa”",
 * "Anna Svensson markerade steget som klart" (a manual step). The option's label, never its internal value
 * (the value only when no label is known); the AI's confidence only beside the AI's own choice. When a person
 * took a decision the AI was unsure of, `suggestion` is what the AI had proposed.
 */
export function decisionLabels(decision: RunStepDecision, stepType: string, t: TFunction<'flow_runs'>): { decided: string; suggestion: string | null } {
  const label = decision.label ?? decision.choice;
  const confidence = typeof decision.confidence === 'number' ? Math.round(decision.confidence) : null;
  if (decision.by === 'ai') {
    return { decided: confidence === null ? t('details.steps.decision_ai_plain', { label }) : t('details.steps.decision_ai', { label, confidence }), suggestion: null };
  }
  const name = decision.decidedByName;
  if (stepType === 'manual') {
    return { decided: name ? t('details.steps.manual_done_person', { name }) : t('details.steps.manual_done_someone'), suggestion: null };
  }
  // The AI's suggestion only by its label (steps recorded before labels were kept show none).
  const ai = decision.details?.ai;
  return {
    decided: name ? t('details.steps.decision_person', { name, label }) : t('details.steps.decision_someone', { label }),
    suggestion:
      ai?.label !== undefined && typeof ai.confidence === 'number'
        ? t('details.steps.decision_suggestion', { label: ai.label, confidence: Math.round(ai.confidence) })
        : null,
  };
}

/** Roles an office administrator has words for; anything else is "an element". */
const ELEMENT_ROLES = ['button', 'link', 'textbox', 'checkbox', 'radio', 'combobox', 'tab', 'menuitem'] as const;

/** An element in plain words: "Knappen ”Spara ändringar”", "Textfältet ”Namn”", "Ett element". */
export function describeElement(element: { role?: string; name?: string; text?: string }, t: TFunction<'flow_runs'>): string {
  const role = (ELEMENT_ROLES as readonly string[]).includes(element.role ?? '') ? (element.role as (typeof ELEMENT_ROLES)[number]) : 'other';
  const name = element.name || element.text;
  return name ? t(`tasks.element.roles_named.${role}`, { name }) : t(`tasks.element.roles.${role}`);
}
