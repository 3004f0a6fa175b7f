// Removes the workflow's webhook: its URL stops starting runs.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkflowDetail } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { workflowQueryOptions } from './get-workflow';

export function deleteWebhook(id: string): Promise<void> {
  return apiRequest<void>(`/api/workflows/${encodeURIComponent(id)}/webhook`, { method: 'DELETE' });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    meta: { errorTitle: 'workflows:webhook.toast.delete_failed' },
    onSuccess: (_result, id) =>
      queryClient.setQueryData<WorkflowDetail>(workflowQueryOptions(id).queryKey, (current) =>
        current ? { ...current, hasWebhook: false, webhookSigned: false } : current,
      ),
  });
}
