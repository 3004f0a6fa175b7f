// GET /api/tasks (open ones), for the sidebar's count of runs waiting for a person. The same key as the
// tasks feature's list, so deciding a task there updates the count too.
import { queryOptions } from '@tanstack/react-query';
import type { HumanTask } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function openTasksQueryOptions() {
  return queryOptions({
    queryKey: [...queryKeys.tasks, {}] as const,
    queryFn: ({ signal }) => apiGet<HumanTask[]>('/api/tasks', { signal }),
  });
}
