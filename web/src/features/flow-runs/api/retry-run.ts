// POST /api/runs/{id}/retry { fromStep?, resend? } (0-based; default: the failed step): a failed run starts a new
// attempt and the server resolves its pending error-queue items; the answer's retryPlan says which steps run
// again to restore the start step's page. 409 when the run has not failed, and 409 retry_resends_data (left to
// the screen, which asks the person) when a step that sent data to the site would run again without `resend`.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RetriedRun } from '@shared/types/api';
import { ApiError, apiRequest } from '@/lib/api-client';
import { invalidateRuns } from './invalidate-runs';

export type RetryRunInput = { id: string; fromStep?: number; resend?: boolean };

/** The refusal of a retry that would send data to the site again: the screen asks the person first. */
export const RETRY_RESENDS_DATA = 'retry_resends_data';

export function retryRun({ id, fromStep, resend }: RetryRunInput): Promise<RetriedRun> {
  return apiRequest<RetriedRun>(`/api/runs/${encodeURIComponent(id)}/retry`, {
    method: 'POST',
    body: { ...(fromStep !== undefined && { fromStep }), ...(resend && { resend }) },
  });
}

/** Whether `error` is the server's refusal to send data again without being told (RETRY_RESENDS_DATA). */
export function isResendRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === RETRY_RESENDS_DATA;
}

export function useRetryRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryRun,
    meta: { errorTitle: 'flow_runs:toast.retry_failed', handledCodes: [RETRY_RESENDS_DATA] },
    onSettled: () => invalidateRuns(queryClient),
  });
}
