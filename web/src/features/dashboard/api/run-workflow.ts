// POST /api/workflows/{id}/run: starts a run of an active workflow (409 for others).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { workflowPerformanceQueryOptions } from './get-workflow-performance';

export function runWorkflow(id: string): Promise<{ executionId: string }> {
  return apiRequest<{ executionId: string }>(`/api/workflows/${encodeURIComponent(id)}/run`, { method: 'POST' });
}

export function useRunWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runWorkflow,
    meta: { errorTitle: 'dashboard:performance.toast.run_failed' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowPerformanceQueryOptions().queryKey }),
  });
}
