// Pause, resume, stop all and retry-failed of a batch; the batch and the workflow's list of batches refresh.
// retry-failed is refused (409 batch_retry_resends_data, left to the screen, which asks the person) when a failed
// row's run had already sent data to the site, unless it says `resend`.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type BatchAction = 'pause' | 'resume' | 'stop' | 'retry-failed';

/** The refusal of a retry of failed rows that would send data to the site again. */
export const BATCH_RETRY_RESENDS_DATA = 'batch_retry_resends_data';

/** Whether `error` is that refusal (BATCH_RETRY_RESENDS_DATA). */
export function isBatchResendRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === BATCH_RETRY_RESENDS_DATA;
}

export function useControlBatch(workflowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ batchId, action, resend }: { batchId: string; action: BatchAction; resend?: boolean }) =>
      apiRequest<unknown>(`/api/batches/${encodeURIComponent(batchId)}/${action}`, { method: 'POST', ...(resend && { body: { resend } }) }),
    meta: { errorTitle: 'workflows:batches.toast.action_failed', handledCodes: [BATCH_RETRY_RESENDS_DATA] },
    onSuccess: (_, { batchId }) => Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.batch(batchId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.workflowBatches(workflowId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.runs }),
    ]),
  });
}
