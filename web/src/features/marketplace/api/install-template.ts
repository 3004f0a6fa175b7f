// POST /api/templates/{id}/install: a draft workflow from the template in the user's organisation.
// Afterwards the workflow list, the dashboard's performance list and the download counts are stale.
import type { Workflow } from '@shared/types/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { templatesQueryOptions } from './get-templates';

export function installTemplate(id: string): Promise<Workflow> {
  return apiRequest<Workflow>(`/api/templates/${encodeURIComponent(id)}/install`, { method: 'POST' });
}

export function useInstallTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: installTemplate,
    meta: { errorTitle: 'marketplace:toast.install_failed' },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.workflows }),
        queryClient.invalidateQueries({ queryKey: queryKeys.workflowPerformance }),
        queryClient.invalidateQueries({ queryKey: templatesQueryOptions().queryKey }),
      ]),
  });
}
