// Postgres errors raised under the caller's identity (RLS, grants, triggers, constraints, SQL functions)
// as the HTTP errors the client sees (docs/database.md): 42501 → 403, P0001 → 409, P0002 → 404,
// 23505 → 409, 55000 (a run that already ended) → 409, 23514 / 23502 and every data exception (class 22) →
// 400. The exception's message is the machine code when this API knows it (some with a status of their
// own, e.g. step_out_of_range → 400); otherwise the generic code of the status. Not-found messages of the
// SQL functions (workflow_not_found, run_not_found) stay `not_found`: no hint of what exists elsewhere.
// `run_start_limited` (too many starts in a minute for the organisation) is a 429 with Retry-After.
import { HttpError } from './http.ts';
import type { ApiMessageKey } from './i18n.ts';

type PgError = { code: string; message: string; severity?: string };

function isPgError(error: unknown): error is PgError {
  return typeof error === 'object' && error !== null && typeof (error as PgError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as PgError).code) && 'severity' in error;
}

/** Exception messages raised by the schema's triggers and functions that have a message of their own. */
const KNOWN: Partial<Record<string, ApiMessageKey>> = {
  self_role_change: 'self_role_change',
  self_deactivation: 'self_deactivation',
  last_admin: 'last_admin',
  workflow_not_active: 'workflow_not_active',
  workflow_has_no_steps: 'workflow_has_no_steps',
  workflow_attended_only: 'workflow_attended_only',
  workflow_unattended_only: 'workflow_unattended_only',
  attended_continue_in_browser: 'attended_continue_in_browser',
  run_state_invalid: 'run_state_invalid',
  step_out_of_range: 'step_out_of_range',
  error_status_forbidden: 'error_status_forbidden',
  superuser_only: 'superuser_only',
  task_already_decided: 'task_already_decided',
  task_choice_invalid: 'task_choice_invalid',
  task_not_allowed: 'task_not_allowed',
  batch_finished: 'batch_finished',
};

/** Known messages whose status differs from their SQLSTATE's. */
const STATUS: Partial<Record<string, 400>> = { step_out_of_range: 400, task_choice_invalid: 400 };

const BY_SQLSTATE: Record<string, { status: 400 | 403 | 404 | 409; code: ApiMessageKey }> = {
  '42501': { status: 403, code: 'forbidden' },
  P0001: { status: 409, code: 'conflict' },
  P0002: { status: 404, code: 'not_found' },
  '23505': { status: 409, code: 'conflict' },
  '23503': { status: 409, code: 'conflict' },
  '40001': { status: 409, code: 'conflict' },
  '40P01': { status: 409, code: 'conflict' },
  '55000': { status: 409, code: 'conflict' },
  '23514': { status: 400, code: 'invalid_data' },
  '23502': { status: 400, code: 'invalid_data' },
  '22023': { status: 400, code: 'invalid_data' },
  '22P02': { status: 400, code: 'invalid_data' },
  '22001': { status: 400, code: 'invalid_data' },
  '22003': { status: 400, code: 'invalid_data' },
};

/** The HttpError for a Postgres error a client can cause, or the error itself (a 500) when it is not one. */
export function fromDbError(error: unknown): unknown {
  if (!isPgError(error)) return error;
  // Any other data exception (class 22: a NUL character, an impossible date, a number out of range) is bad input.
  const mapped = BY_SQLSTATE[error.code] ??
    (error.code.startsWith('22') ? { status: 400, code: 'invalid_data' } as const : undefined);
  if (!mapped) return error;
  if (error.message === 'run_start_limited') {
    // The organisation's starts per minute (20261127400100): detail = the seconds until it may start again.
    const seconds = Math.max(1, Number.parseInt((error as PgError & { detail?: string }).detail ?? '', 10) || 60);
    return new HttpError(429, 'run_start_limited', { vars: { seconds }, headers: { 'Retry-After': String(seconds) }, cause: error });
  }
  const known = KNOWN[error.message];
  return new HttpError(known ? STATUS[error.message] ?? mapped.status : mapped.status, known ?? mapped.code, { cause: error });
}
