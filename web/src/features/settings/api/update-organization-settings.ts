// Saves the organisation's settings (admins; the server refuses others with its message).
import type { OrganizationSettings } from '@shared/schemas/organization-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationSettingsQueryOptions } from '@/hooks/use-organization-settings';
import { apiRequest } from '@/lib/api-client';

export function updateOrganizationSettings(input: OrganizationSettings): Promise<OrganizationSettings> {
  return apiRequest<OrganizationSettings>('/api/organization-settings', { method: 'PUT', body: input });
}

export function useUpdateOrganizationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganizationSettings,
    meta: { errorTitle: 'settings:toast.organization_failed' },
    onSuccess: (saved) => queryClient.setQueryData(organizationSettingsQueryOptions().queryKey, saved),
  });
}
