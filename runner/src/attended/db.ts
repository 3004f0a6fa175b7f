// The runner's queries for attended runs (20261128100000): every one a security-definer function of the runner's
// role, fenced on the run, its attempt and this runner like the rest of runner/src/db.ts.
import type { ClaimedRun, Sql } from '../db.ts';
import type { AttendedPauseReason } from '../../../supabase/functions/_shared/types/api.ts';
import type { AttendedClaim } from './relay.ts';

/** Checks a relay token (its SHA-256) and claims its run for this runner; undefined when the token is refused. */
export async function claimAttendedRun(sql: Sql, tokenHash: Buffer, runnerId: string, nextHash: Buffer, nextTtlSeconds: number): Promise<AttendedClaim | undefined> {
  const [row] = await sql<{ run_id: string; attempt: number; person_id: string }[]>`
    select run_id, attempt, person_id from app.runner_claim_attended_run(${tokenHash}, ${runnerId}, ${nextHash}, ${nextTtlSeconds})`;
  return row ? { runId: row.run_id, attempt: row.attempt, personId: row.person_id } : undefined;
}

/** The attended run's next attempt (a person decided its task or resumed it), claimed while this runner holds its tab. */
export async function claimAttendedAttempt(sql: Sql, runId: string, runnerId: string): Promise<number | undefined> {
  const [row] = await sql<{ attempt: number | null }[]>`select app.runner_claim_attended_attempt(${runId}, ${runnerId}) as attempt`;
  return row?.attempt ?? undefined;
}

/** Pauses this attempt of an attended run by itself, with the reason the person sees; false when it lost the run. */
export async function pauseAttended(sql: Sql, run: Pick<ClaimedRun, 'id' | 'attempt' | 'runnerId'>, reason: AttendedPauseReason): Promise<boolean> {
  const [row] = await sql<{ ok: boolean }[]>`select app.runner_pause_attended(${run.id}, ${run.attempt}, ${run.runnerId}, ${reason}) as ok`;
  return row?.ok ?? false;
}

/**
 * Where an attended run stands between attempts: `ended` (the tab is let go of), `paused` by itself with a reason
 * (the tab is let go of; the person continues it from the run's page), or `waiting` for a person's decision or
 * resume (the tab stays held, and its next attempt is taken here).
 */
export async function attendedRunState(sql: Sql, runId: string): Promise<'ended' | 'paused' | 'waiting'> {
  const [row] = await sql<{ status: string; pause_reason: string | null }[]>`select status, pause_reason from public.runs where id = ${runId}`;
  if (!row || ['completed', 'failed', 'stopped'].includes(row.status)) return 'ended';
  return row.status === 'paused' && row.pause_reason ? 'paused' : 'waiting';
}
