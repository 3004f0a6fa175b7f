import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWorkflowInput } from '@shared/schemas/workflows';
import type { Workflow } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { invalidateWorkflows } from './invalidate-workflows';

export function createWorkflow(input: CreateWorkflowInput): Promise<Workflow> {
  return apiRequest<Workflow>('/api/workflows', { method: 'POST', body: input });
}

export function useCreateWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkflow,
    meta: { errorTitle: 'workflows:toast.create_failed' },
    onSuccess: () => invalidateWorkflows(queryClient),
  });
}
