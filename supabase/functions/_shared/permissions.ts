// Who may do what: one table for the web app (which hides or disables what a role may not do, with the
// reason) and the server's checks it mirrors. Dependency-free so that the web (`@shared/permissions`), the
// api function and its tests import the same file.
//
// Each entry is what the server enforces today (supabase/functions/api/tests/permissions.test.ts walks the
// table against the api, so it cannot drift):
// - `role`: the least role that may, whoever owns the resource (user < superuser < admin, as
//   private.has_role and requireRole rank them).
// - `creator`: the creator of the workflow may too, whatever their role (the workflows policies and
//   private.editable_workflow: `created_by = auth.uid() or has_role('superuser')`).
// Every action is also limited to the caller's own organisation (RLS), which the table does not repeat.

import type { Role } from './types/api.ts';

export type { Role };

const RANK: Record<Role, number> = { user: 0, superuser: 1, admin: 2 };

export type Permission = { role: Role; creator?: true };

const MEMBER = { role: 'user' } as const;
const WORKFLOW_EDITOR = { role: 'superuser', creator: true } as const;
const SUPERUSER = { role: 'superuser' } as const;
const ADMIN = { role: 'admin' } as const;

export const PERMISSIONS = {
  /** POST /api/workflows, POST /api/workflows/import (as themselves). */
  'workflow.create': MEMBER,
  /** PUT /api/workflows/{id} (name, description, category, start method). */
  'workflow.edit': WORKFLOW_EDITOR,
  /** PUT /api/workflows/{id}/definition and …/versions/{n}/restore: the steps. */
  'workflow.edit_steps': WORKFLOW_EDITOR,
  /** PUT /api/workflows/{id} with a status: start (activate) and pause. */
  'workflow.set_status': WORKFLOW_EDITOR,
  /** DELETE /api/workflows/{id}. */
  'workflow.delete': WORKFLOW_EDITOR,
  /** POST /api/workflows/{id}/duplicate: the copy is the caller's. */
  'workflow.duplicate': MEMBER,
  /** PUT /api/workflows/{id}/schedule. */
  'workflow.schedule': WORKFLOW_EDITOR,
  /** POST and DELETE /api/workflows/{id}/webhook. */
  'workflow.webhook': WORKFLOW_EDITOR,
  /** POST /api/workflows/{id}/run, also `mode: "test"` (app.start_run: any active member). */
  'workflow.run': MEMBER,
  /** POST /api/runs/{id}/pause, …/resume, …/stop (app.control_run: any active member). */
  'run.control': MEMBER,
  /** POST /api/runs/{id}/retry (app.retry_run: any active member). */
  'run.retry': MEMBER,
  /** POST /api/runs/{id}/steps/{stepId}/heal: saves a new version of the run's workflow. */
  'run.apply_heal': WORKFLOW_EDITOR,
  /** POST /api/tasks/{id}/decide (app.decide_task: any active member). */
  'task.decide': MEMBER,
  /** POST /api/templates/{id}/install (a draft of the caller's). */
  'template.install': MEMBER,
  /** POST /api/error-queue/{id}/resolve. */
  'error.resolve': MEMBER,
  /** POST /api/error-queue/{id}/ignore and …/escalate. */
  'error.moderate': SUPERUSER,
  /** POST, PATCH, DELETE /api/secrets. */
  'secret.manage': SUPERUSER,
  /** GET, POST, PUT /api/users, …/activate, …/deactivate. */
  'user.manage': ADMIN,
  /** PUT /api/admin/organizations/{id}: the company's details. */
  'organization.edit': ADMIN,
  /** PUT /api/organization-settings: AI threshold default, automatic retries, run retention. */
  'organization.settings': ADMIN,
  /** POST, PUT, DELETE /api/payment-methods, …/default. */
  'payment_method.manage': ADMIN,
} as const satisfies Record<string, Permission>;

export type Action = keyof typeof PERMISSIONS;

/** The actions a workflow's creator may take whatever their role. */
export type CreatorAction = { [A in Action]: (typeof PERMISSIONS)[A] extends { creator: true } ? A : never }[Action];

export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

/** Who is asking: their profile id and role. */
export type Actor = { id: string; role: Role };

/** What an action is taken on, as far as ownership matters: the workflow's creator. */
export type Owned = { createdBy: string | null };

/**
 * Why an action is refused, as a key of the web's `common:permissions.denied.*` texts: the least role,
 * and whether the workflow's creator may too.
 */
export type DenialReason = 'superuser_or_creator' | 'superuser' | 'admin';

export function hasRole(actor: Actor, role: Role): boolean {
  return RANK[actor.role] >= RANK[role];
}

/**
 * Whether `actor` may take `action` (on `resource`, for actions its creator may take). Without the
 * resource a creator rule counts only the role: the caller cannot be shown to be the creator.
 */
export function can(actor: Actor | null, action: Action, resource?: Owned): boolean {
  if (!actor) return false;
  const rule: Permission = PERMISSIONS[action];
  if (hasRole(actor, rule.role)) return true;
  return rule.creator === true && !!resource && resource.createdBy !== null && resource.createdBy === actor.id;
}

/** Null when `actor` may, else why not. */
export function denialReason(actor: Actor | null, action: Action, resource?: Owned): DenialReason | null {
  if (can(actor, action, resource)) return null;
  const rule: Permission = PERMISSIONS[action];
  if (rule.creator) return 'superuser_or_creator';
  return rule.role === 'admin' ? 'admin' : 'superuser';
}
