// POST /api/runs/{id}/resume: paused → running (409 in any other state, and for a run waiting for a person).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Run } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { invalidateRuns } from './invalidate-runs';

export function resumeRun(id: string): Promise<Run> {
  return apiRequest<Run>(`/api/runs/${encodeURIComponent(id)}/resume`, { method: 'POST' });
}

export function useResumeRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeRun,
    meta: { errorTitle: 'flow_runs:toast.resume_failed' },
    // Also after a refusal: the run most likely moved on meanwhile.
    onSettled: () => invalidateRuns(queryClient),
  });
}
