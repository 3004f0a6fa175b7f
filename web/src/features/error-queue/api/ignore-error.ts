import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorQueueItem } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { invalidateErrorQueue } from './invalidate-error-queue';

export function ignoreError(id: string): Promise<ErrorQueueItem> {
  return apiRequest<ErrorQueueItem>(`/api/error-queue/${encodeURIComponent(id)}/ignore`, { method: 'POST' });
}

/** Superusers and admins only (the server answers 403 to others). */
export function useIgnoreError() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ignoreError,
    meta: { errorTitle: 'error_queue:toast.ignore_failed' },
    // Also after a refusal: the item most likely changed under us (resolved, ignored or escalated meanwhile).
    onSettled: () => invalidateErrorQueue(queryClient),
  });
}
