// Imports a Chrome DevTools Recorder recording or a Kollega export as a new draft workflow.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Workflow } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { invalidateWorkflows } from './invalidate-workflows';

/** `file` is the uploaded file's parsed JSON, sent as it is. */
export function importWorkflow(file: unknown): Promise<Workflow> {
  return apiRequest<Workflow>('/api/workflows/import', { method: 'POST', body: file });
}

export function useImportWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importWorkflow,
    meta: { errorTitle: 'workflows:import.failed' },
    onSuccess: () => invalidateWorkflows(queryClient),
  });
}
