// Turns the webhook's signing on (a new signing secret, shown once; a previous one stops working) or off.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookSigningSecret, WorkflowDetail } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { workflowQueryOptions } from './get-workflow';

const signingPath = (id: string) => `/api/workflows/${encodeURIComponent(id)}/webhook/signing`;

function useSetSigned<T>(request: (id: string) => Promise<T>, signed: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    meta: { errorTitle: 'workflows:webhook.toast.signing_failed' },
    onSuccess: (_result, id) =>
      queryClient.setQueryData<WorkflowDetail>(workflowQueryOptions(id).queryKey, (current) =>
        current ? { ...current, webhookSigned: signed } : current,
      ),
  });
}

export function useEnableWebhookSigning() {
  return useSetSigned(
    (id) => apiRequest<WebhookSigningSecret>(signingPath(id), { method: 'PUT' }),
    true,
  );
}

export function useDisableWebhookSigning() {
  return useSetSigned((id) => apiRequest<void>(signingPath(id), { method: 'DELETE' }), false);
}
