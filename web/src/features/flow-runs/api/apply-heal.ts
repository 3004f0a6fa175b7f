// POST /api/runs/{id}/steps/{stepResultId}/heal: the way a run found an element becomes the workflow's new
// version (the previous one stays). 403 for someone who may not edit the workflow, 409 when it already applies.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AppliedHeal } from '@shared/types/api';
import { notify } from '@/components/ui/notify';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ApplyHealInput = { runId: string; stepResultId: string };

export function applyHeal({ runId, stepResultId }: ApplyHealInput): Promise<AppliedHeal> {
  return apiRequest<AppliedHeal>(`/api/runs/${encodeURIComponent(runId)}/steps/${encodeURIComponent(stepResultId)}/heal`, { method: 'POST', body: {} });
}

export function useApplyHeal() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('flow_runs');
  return useMutation({
    mutationFn: applyHeal,
    meta: { errorTitle: 'flow_runs:details.heal.toast.failed' },
    onSuccess: (applied) => void notify.success(t('details.heal.toast.applied'), t('details.heal.toast.applied_description', { version: applied.version, previous: applied.previousVersion })),
    onSettled: (_applied, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.run(input.runId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.workflows }),
      ]),
  });
}
