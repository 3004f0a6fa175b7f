// POST /api/tasks/{id}/decide { choice } | { done: true }: a person decides; the run resumes on that choice.
// 409 when the task was decided already (or its run ended), 400 for a choice that is not an option.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HumanTask } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type DecideTaskInput = { id: string } & ({ choice: string } | { done: true });

export function decideTask({ id, ...body }: DecideTaskInput): Promise<HumanTask> {
  return apiRequest<HumanTask>(`/api/tasks/${encodeURIComponent(id)}/decide`, { method: 'POST', body });
}

export function useDecideTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideTask,
    meta: { errorTitle: 'tasks:toast.decide_failed' },
    // Also after a refusal: someone else most likely decided meanwhile.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tasks }),
        queryClient.invalidateQueries({ queryKey: queryKeys.runs }),
        queryClient.invalidateQueries({ queryKey: queryKeys.aiStatus }),
      ]),
  });
}
