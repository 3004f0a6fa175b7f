// POST /api/runs/{id}/retry { fromStep? } (0-based; default: the failed step): a failed run starts a new
// attempt and the server resolves its pending error-queue items; the answer's retryPlan says which steps run
// again to restore the start step's page. 409 when the run has not failed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RetriedRun } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { invalidateRuns } from './invalidate-runs';

export type RetryRunInput = { id: string; fromStep?: number };

export function retryRun({ id, fromStep }: RetryRunInput): Promise<RetriedRun> {
  return apiRequest<RetriedRun>(`/api/runs/${encodeURIComponent(id)}/retry`, {
    method: 'POST',
    body: fromStep === undefined ? {} : { fromStep },
  });
}

export function useRetryRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryRun,
    meta: { errorTitle: 'flow_runs:toast.retry_failed' },
    onSettled: () => invalidateRuns(queryClient),
  });
}
