// Attended runs (docs/automation.md "Attended runs"): starting a run in the person's own browser, or continuing a
// paused one there. Each answer says where and how the person's extension connects (a token that works once).
import type { AttendedConnection } from '@shared/types/api';
import { runBody } from '@/features/workflows/api/run-workflow';
import { apiRequest } from '@/lib/api-client';

/** What to run: a workflow (its current version, with input values and the files of its file inputs; `test` for a
 *  test run), or a paused run. */
export type AttendedTarget =
  | { kind: 'workflow'; workflowId: string; name: string; inputs?: Record<string, string>; files?: Record<string, File>; test?: boolean }
  | { kind: 'run'; runId: string; name: string };

/** POST /api/workflows/{id}/attended-runs, or POST /api/runs/{id}/attended to continue a run. */
export function attendedConnection(target: AttendedTarget): Promise<AttendedConnection> {
  if (target.kind === 'run') return apiRequest<AttendedConnection>(`/api/runs/${encodeURIComponent(target.runId)}/attended`, { method: 'POST' });
  return apiRequest<AttendedConnection>(`/api/workflows/${encodeURIComponent(target.workflowId)}/attended-runs`, {
    method: 'POST',
    body: runBody({ ...(target.inputs && { inputs: target.inputs }), ...(target.test && { test: true }) }, target.files),
  });
}
