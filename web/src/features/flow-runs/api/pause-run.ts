// POST /api/runs/{id}/pause: running → paused: the runner holds before its next step (409 in any other state).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Run } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { invalidateRuns } from './invalidate-runs';

export function pauseRun(id: string): Promise<Run> {
  return apiRequest<Run>(`/api/runs/${encodeURIComponent(id)}/pause`, { method: 'POST' });
}

export function usePauseRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseRun,
    meta: { errorTitle: 'flow_runs:toast.pause_failed' },
    // Also after a refusal: the run most likely moved on meanwhile.
    onSettled: () => invalidateRuns(queryClient),
  });
}
