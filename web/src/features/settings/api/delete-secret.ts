// Deletes a secret (superusers and admins); workflows that use it then lack it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function deleteSecret(name: string): Promise<void> {
  return apiRequest<void>(`/api/secrets/${encodeURIComponent(name)}`, { method: 'DELETE' });
}

export function useDeleteSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSecret,
    meta: { errorTitle: 'settings:secrets.toast.delete_failed' },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.secrets }),
        queryClient.invalidateQueries({ queryKey: queryKeys.workflows }),
      ]),
  });
}
