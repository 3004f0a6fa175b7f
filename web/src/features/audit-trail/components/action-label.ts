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
  'run_completed',
  'run_failed',
  'run_retried',
  'schedule_set',
  'schedule_removed',
  'secret_created',
  'secret_updated',
  'secret_deleted',
  'webhook_created',
  'webhook_deleted',
  'webhook_signing_on',
  'webhook_signing_off',
] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];

export function isKnownAction(action: string): action is KnownAction {
  return (KNOWN_ACTIONS as readonly string[]).includes(action);
}

/** The actions the database writes have labels (SPEC §3 names five; the audit triggers add the rest); any other is shown by its code with underscores as spaces. */
export function actionLabel(action: string, t: TFunction<'audit_trail'>): string {
  return isKnownAction(action) ? t(`actions.${action}`) : action.replace(/_/g, ' ');
}

/** Actions that the runner itself records (no person behind them). */
const RUNNER_ACTIONS = new Set(['run_completed', 'run_failed', 'run_stopped', 'ai_decision']);

/**
 * Who did it: the person, else what acted without one (the runner finishing a run or taking an AI decision; a
 * schedule or a webhook starting a run), else "Okänd användare".
 */
export function actorLabel(activity: { action: string; userId: string | null; userName: string | null; metadata: Record<string, unknown> | null }, t: TFunction<'audit_trail'>): string {
  if (activity.userName ?? activity.userId) return (activity.userName ?? activity.userId) as string;
  const trigger = activity.metadata?.trigger;
  if (activity.action === 'workflow_executed' && trigger === 'schedule') return t('row.actor_schedule');
  if (activity.action === 'workflow_executed' && trigger === 'webhook') return t('row.actor_webhook');
  if (RUNNER_ACTIONS.has(activity.action)) return t('row.actor_runner');
  return t('row.unknown_user');
}
