import type { TFunction } from 'i18next';

export const KNOWN_ACTIONS = [
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
  'run_retried_automatically',
  'run_retry_withheld',
  'schedule_set',
  'schedule_removed',
  'secret_created',
  'secret_updated',
  'secret_deleted',
  'secret_sites_changed',
  'secret_used',
  'webhook_created',
  'webhook_deleted',
  'webhook_signing_on',
  'webhook_signing_off',
  'batch_started',
  'batch_pause',
  'batch_resume',
  'batch_stop',
  'batch_retry_failed',
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
const RUNNER_ACTIONS = new Set(['run_completed', 'run_failed', 'run_stopped', 'ai_decision', 'secret_used', 'run_retried_automatically', 'run_retry_withheld']);

type ActivityFacts = { action: string; userId: string | null; userName: string | null; metadata: Record<string, unknown> | null };

/** What started a run without a person: a schedule or a webhook. */
function triggerLabel(trigger: unknown, t: TFunction<'audit_trail'>): string | null {
  if (trigger === 'schedule') return t('row.actor_schedule');
  if (trigger === 'webhook') return t('row.actor_webhook');
  return null;
}

/**
 * Who did it: the person, else what acted without one (the runner finishing a run, taking an AI decision or
 * typing a secret; a schedule or a webhook starting a run), else "Okänd användare".
 */
export function actorLabel(activity: ActivityFacts, t: TFunction<'audit_trail'>): string {
  if (activity.userName ?? activity.userId) return (activity.userName ?? activity.userId) as string;
  const trigger = activity.action === 'workflow_executed' ? triggerLabel(activity.metadata?.trigger, t) : null;
  if (trigger) return trigger;
  if (RUNNER_ACTIONS.has(activity.action)) return t('row.actor_runner');
  return t('row.unknown_user');
}

/**
 * A secret typed in a run, in words (the metadata's JSON says it too): the site it was typed on and who
 * started the run (a person by name, else the schedule or webhook). Nothing for other actions.
 */
export function secretUseFacts(activity: ActivityFacts, t: TFunction<'audit_trail'>): Array<[string, string]> {
  const metadata = activity.metadata;
  if (activity.action !== 'secret_used' || !metadata) return [];
  const { origin, startedBy, startedByName, trigger } = metadata;
  const starter =
    typeof startedByName === 'string' && startedByName
      ? startedByName
      : typeof startedBy === 'string'
        ? startedBy
        : triggerLabel(trigger, t);
  return [
    ...(typeof origin === 'string' ? [[t('row.site'), origin] as [string, string]] : []),
    ...(starter ? [[t('row.started_by'), starter] as [string, string]] : []),
  ];
}
