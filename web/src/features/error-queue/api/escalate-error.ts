import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EscalateErrorInput } from '@shared/schemas/error-queue';
import type { ErrorQueueItem } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { invalidateErrorQueue } from './invalidate-error-queue';

export function escalateError({ id, input }: { id: string; input: EscalateErrorInput }): Promise<ErrorQueueItem> {
  return apiRequest<ErrorQueueItem>(`/api/error-queue/${encodeURIComponent(id)}/escalate`, { method: 'POST', body: input });
}

/** Superusers and admins only: high priority, in progress. */
export function useEscalateError() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: escalateError,
    meta: { errorTitle: 'error_queue:toast.escalate_failed' },
    // Also after a refusal: the item most likely changed under us (resolved, ignored or escalated meanwhile).
    onSettled: () => invalidateErrorQueue(queryClient),
  });
}
