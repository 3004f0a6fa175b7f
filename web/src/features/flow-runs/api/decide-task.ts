// POST /api/tasks/{id}/decide { choice } | { done: true }: a person decides; the run resumes on that choice.
// 409 when the task was decided already (or its run ended), 400 for a choice that is not an option.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HumanTask } from '@shared/types/api';
import { notify } from '@/components/ui/notify';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type DecideTaskInput = { id: string } & ({ choice: string } | { done: true });

export function decideTask({ id, ...body }: DecideTaskInput): Promise<HumanTask> {
  return apiRequest<HumanTask>(`/api/tasks/${encodeURIComponent(id)}/decide`, { method: 'POST', body });
}

export function useDecideTask() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('flow_runs');
  return useMutation({
    mutationFn: decideTask,
    meta: { errorTitle: 'flow_runs:tasks.toast.decide_failed' },
    // Here, not at the call: the decided task's card leaves the list (and unmounts) when it refreshes.
    onSuccess: (task) =>
      task.kind === 'manual_step'
        ? void notify.success(t('tasks.toast.done'), t('tasks.toast.done_description'))
        : void notify.success(
            t('tasks.toast.decided'),
            t('tasks.toast.decided_description', {
              choice:
                task.kind === 'element_confirmation' && (task.decidedChoice === 'yes' || task.decidedChoice === 'no')
                  ? t(`tasks.element.answer.${task.decidedChoice}`)
                  : (task.options.find((o) => o.value === task.decidedChoice)?.label ?? task.decidedChoice),
            }),
          ),
    // Also after a refusal: someone else most likely decided meanwhile.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tasks }),
        queryClient.invalidateQueries({ queryKey: queryKeys.runs }),
        queryClient.invalidateQueries({ queryKey: queryKeys.aiStatus }),
      ]),
  });
}
