// Sets (cron + time zone + on/off) or removes (`cron: null`) the workflow's schedule.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScheduleInput } from '@shared/schemas/schedules';
import type { WorkflowDetail, WorkflowSchedule } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { workflowQueryOptions } from './get-workflow';
import { invalidateWorkflows } from './invalidate-workflows';

export type { ScheduleInput };

export function updateSchedule({ id, schedule }: { id: string; schedule: ScheduleInput }): Promise<WorkflowSchedule | null> {
  return apiRequest<WorkflowSchedule | null>(`/api/workflows/${encodeURIComponent(id)}/schedule`, { method: 'PUT', body: schedule });
}

export function useUpdateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSchedule,
    meta: { errorTitle: 'workflows:schedule.toast.failed' },
    onSuccess: (schedule, { id }) => {
      queryClient.setQueryData<WorkflowDetail>(workflowQueryOptions(id).queryKey, (current) =>
        current ? { ...current, schedule: schedule ?? null } : current,
      );
      return invalidateWorkflows(queryClient);
    },
  });
}
