import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateWorkflowInput } from '@shared/schemas/workflows';
import type { Workflow } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { invalidateWorkflows } from './invalidate-workflows';

export function updateWorkflow({ id, input }: { id: string; input: UpdateWorkflowInput }): Promise<Workflow> {
  return apiRequest<Workflow>(`/api/workflows/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

/** Edit (name, description, category, start method). */
export function useUpdateWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkflow,
    meta: { errorTitle: 'workflows:toast.update_failed' },
    onSuccess: () => invalidateWorkflows(queryClient),
  });
}

/** Pause (status paused) or start (status active). */
export function useSetWorkflowStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'active' | 'paused' }) => updateWorkflow({ id, input: { status } }),
    meta: { errorTitle: 'workflows:toast.status_failed' },
    onSuccess: () => invalidateWorkflows(queryClient),
  });
}
