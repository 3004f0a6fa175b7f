import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorQueueItem } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { invalidateErrorQueue } from './invalidate-error-queue';

export function resolveError(id: string): Promise<ErrorQueueItem> {
  return apiRequest<ErrorQueueItem>(`/api/error-queue/${encodeURIComponent(id)}/resolve`, { method: 'POST' });
}

export function useResolveError() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveError,
    meta: { errorTitle: 'error_queue:toast.resolve_failed' },
    // Also after a refusal: the item most likely changed under us (resolved, ignored or escalated meanwhile).
    onSettled: () => invalidateErrorQueue(queryClient),
  });
}
