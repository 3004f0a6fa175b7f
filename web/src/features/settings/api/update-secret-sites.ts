// Names the sites an existing secret may be typed on, its value untouched (superusers and admins): how a
// secret saved before secrets had sites becomes usable again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecretInfo } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function updateSecretSites({ name, origins }: { name: string; origins: string[] }): Promise<SecretInfo> {
  return apiRequest<SecretInfo>(`/api/secrets/${encodeURIComponent(name)}`, { method: 'PATCH', body: { origins } });
}

export function useUpdateSecretSites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSecretSites,
    meta: { errorTitle: 'settings:secrets.toast.sites_save_failed' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.secrets }),
  });
}
