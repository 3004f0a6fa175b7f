import type { TFunction } from 'i18next';

const KNOWN_ACTIONS = ['workflow_created', 'workflow_executed', 'workflow_updated', 'workflow_deleted', 'error_resolved'] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];

export function isKnownAction(action: string): action is KnownAction {
  return (KNOWN_ACTIONS as readonly string[]).includes(action);
}

/** The known actions have labels; any other is shown by its code with underscores as spaces. */
export function actionLabel(action: string, t: TFunction<'audit_trail'>): string {
  return isKnownAction(action) ? t(`actions.${action}`) : action.replace(/_/g, ' ');
}
