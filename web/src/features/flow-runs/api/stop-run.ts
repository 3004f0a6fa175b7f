// POST /api/runs/{id}/stop: pending, running or paused → failed "stopped": the runner aborts at once (409 otherwise).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Run } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { invalidateRuns } from './invalidate-runs';

export function stopRun(id: string): Promise<Run> {
  return apiRequest<Run>(`/api/runs/${encodeURIComponent(id)}/stop`, { method: 'POST' });
}

export function useStopRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopRun,
    meta: { errorTitle: 'flow_runs:toast.stop_failed' },
    // Also after a refusal: the run most likely moved on meanwhile.
    onSettled: () => invalidateRuns(queryClient),
  });
}
