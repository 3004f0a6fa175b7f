// Adds a secret, or gives an existing name a new value and sites (superusers and admins). Workflows'
// missing secrets change with it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecretInfo } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function saveSecret(input: { name: string; value: string; origins: string[] }): Promise<SecretInfo> {
  return apiRequest<SecretInfo>('/api/secrets', { method: 'POST', body: input });
}

export function useSaveSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSecret,
    meta: { errorTitle: 'settings:secrets.toast.save_failed' },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.secrets }),
        queryClient.invalidateQueries({ queryKey: queryKeys.workflows }),
      ]),
  });
}
