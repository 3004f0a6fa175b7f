import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Workflow } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { invalidateWorkflows } from './invalidate-workflows';

export function duplicateWorkflow(id: string): Promise<Workflow> {
  return apiRequest<Workflow>(`/api/workflows/${encodeURIComponent(id)}/duplicate`, { method: 'POST' });
}

export function useDuplicateWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateWorkflow,
    meta: { errorTitle: 'workflows:toast.duplicate_failed' },
    onSuccess: () => invalidateWorkflows(queryClient),
  });
}
