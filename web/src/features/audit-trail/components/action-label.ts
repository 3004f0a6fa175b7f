import type { TFunction } from 'i18next';

const KNOWN_ACTIONS = [
  'workflow_created',
  'workflow_executed',
  'workflow_updated',
  'workflow_deleted',
  'error_resolved',
  'organization_updated',
  'payment_method_created',
  'payment_method_updated',
  'payment_method_default_changed',
  'payment_method_deleted',
  'user_updated',
  'user_activated',
  'user_deactivated',
  'ai_decision',
  'task_decided',
  'run_stopped',
] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];

export function isKnownAction(action: string): action is KnownAction {
  return (KNOWN_ACTIONS as readonly string[]).includes(action);
}

/** The actions the database writes have labels (SPEC §3 names five; the audit triggers add the rest); any other is shown by its code with underscores as spaces. */
export function actionLabel(action: string, t: TFunction<'audit_trail'>): string {
  return isKnownAction(action) ? t(`actions.${action}`) : action.replace(/_/g, ' ');
}
