// Creates the workflow's webhook, or replaces its token (the old token stops working). The answer holds
// the token, which is never shown again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedWebhook, WorkflowDetail } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { workflowQueryOptions } from './get-workflow';

export function createWebhook(id: string): Promise<CreatedWebhook> {
  return apiRequest<CreatedWebhook>(`/api/workflows/${encodeURIComponent(id)}/webhook`, { method: 'POST' });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    meta: { errorTitle: 'workflows:webhook.toast.create_failed' },
    onSuccess: (created, id) =>
      queryClient.setQueryData<WorkflowDetail>(workflowQueryOptions(id).queryKey, (current) =>
        current ? { ...current, hasWebhook: true, webhookSigned: created.signed } : current,
      ),
  });
}
