import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateWorkflows } from './invalidate-workflows';

export function deleteWorkflow(id: string): Promise<void> {
  return apiRequest<void>(`/api/workflows/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkflow,
    meta: { errorTitle: 'workflows:toast.delete_failed' },
    onSuccess: () => invalidateWorkflows(queryClient),
  });
}
