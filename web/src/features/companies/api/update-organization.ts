import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateOrganizationInput } from '@shared/schemas/organizations';
import type { Organization } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { organizationsQueryOptions } from './get-organizations';

export function updateOrganization({ id, input }: { id: string; input: UpdateOrganizationInput }): Promise<Organization> {
  return apiRequest<Organization>(`/api/admin/organizations/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

/** Admins only (the server answers 403 to others). */
export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    meta: { errorTitle: 'companies:toast.update_failed' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsQueryOptions().queryKey }),
  });
}
