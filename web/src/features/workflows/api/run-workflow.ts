import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateWorkflows } from './invalidate-workflows';

export function runWorkflow(id: string): Promise<{ executionId: string }> {
  return apiRequest<{ executionId: string }>(`/api/workflows/${encodeURIComponent(id)}/run`, { method: 'POST' });
}

/** Starts a run of an active workflow (the server answers 409 for any other). */
export function useRunWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runWorkflow,
    meta: { errorTitle: 'workflows:toast.run_failed' },
    onSuccess: () => invalidateWorkflows(queryClient),
  });
}
