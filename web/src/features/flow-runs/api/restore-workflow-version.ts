// POST /api/workflows/{id}/versions/{version}/restore: an earlier version saved again as the next one (undoing a
// heal accepted from a run; the replaced version stays restorable). 403 for someone who may not edit the workflow.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SavedDefinition } from '@shared/types/api';
import { notify } from '@/components/ui/notify';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type RestoreVersionInput = { workflowId: string; version: number; runId: string };

export function restoreWorkflowVersion({ workflowId, version }: RestoreVersionInput): Promise<SavedDefinition> {
  return apiRequest<SavedDefinition>(`/api/workflows/${encodeURIComponent(workflowId)}/versions/${version}/restore`, { method: 'POST', body: {} });
}

export function useRestoreWorkflowVersion() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('flow_runs');
  return useMutation({
    mutationFn: restoreWorkflowVersion,
    meta: { errorTitle: 'flow_runs:details.heal.toast.restore_failed' },
    onSuccess: (saved, input) => void notify.success(t('details.heal.toast.restored'), t('details.heal.toast.restored_description', { restored: input.version, version: saved.version })),
    onSettled: (_saved, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.run(input.runId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.workflows }),
      ]),
  });
}
