// POST /api/workflows/{id}/versions/{version}/restore from the editor's version history: that version saved
// again as the next one (nothing is lost: the replaced version stays in the history).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedDefinition } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { invalidateWorkflows } from './invalidate-workflows';

export function restoreVersion({ workflowId, version }: { workflowId: string; version: number }): Promise<SavedDefinition> {
  return apiRequest<SavedDefinition>(`/api/workflows/${encodeURIComponent(workflowId)}/versions/${version}/restore`, { method: 'POST', body: {} });
}

export function useRestoreVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreVersion,
    meta: { errorTitle: 'workflows:history.toast.restore_failed' },
    onSuccess: () => invalidateWorkflows(queryClient),
  });
}
