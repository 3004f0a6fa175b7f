// Saves the editor's steps as a new version of the workflow's definition. A 400 carries `fields`
// (`definition.steps.2.url`) that the editor shows at the step; the toast says the server's message.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Definition } from '@shared/schemas/definition';
import type { SavedDefinition, WorkflowDetail } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { workflowQueryOptions } from './get-workflow';
import { invalidateWorkflows } from './invalidate-workflows';

/** `recordedDurationMs`: how long the recorded task took a person (the default manual time behind "hours saved"). */
type SaveDefinitionInput = { id: string; definition: Definition; source?: 'editor' | 'recorder'; recordedDurationMs?: number };

export function saveDefinition({ id, definition, source = 'editor', recordedDurationMs }: SaveDefinitionInput): Promise<SavedDefinition> {
  return apiRequest<SavedDefinition>(`/api/workflows/${encodeURIComponent(id)}/definition`, {
    method: 'PUT',
    body: { definition, source, ...(recordedDurationMs !== undefined ? { recordedDurationMs } : {}) },
  });
}

export function useSaveDefinition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDefinition,
    meta: { errorTitle: 'workflows:editor.toast.save_failed' },
    onSuccess: (saved, { id }) => {
      const { queryKey } = workflowQueryOptions(id);
      queryClient.setQueryData<WorkflowDetail>(queryKey, (current) =>
        current ? { ...current, currentVersion: saved.version, definition: saved.definition } : current,
      );
      // The list, and the detail's missing secrets, which depend on the steps.
      return invalidateWorkflows(queryClient);
    },
  });
}
