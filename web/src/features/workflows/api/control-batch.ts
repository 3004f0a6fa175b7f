// Pause, resume, stop all and retry-failed of a batch; the batch and the workflow's list of batches refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type BatchAction = 'pause' | 'resume' | 'stop' | 'retry-failed';

export function useControlBatch(workflowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ batchId, action }: { batchId: string; action: BatchAction }) =>
      apiRequest<unknown>(`/api/batches/${encodeURIComponent(batchId)}/${action}`, { method: 'POST' }),
    meta: { errorTitle: 'workflows:batches.toast.action_failed' },
    onSuccess: (_, { batchId }) => Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.batch(batchId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.workflowBatches(workflowId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.runs }),
    ]),
  });
}
