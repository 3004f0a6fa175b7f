// GET /api/tasks?status=&runId=: the organisation's human tasks (default: open ones), newest first.
import { queryOptions } from '@tanstack/react-query';
import type { HumanTask } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type TaskFilters = { runId?: string };

/** How often open tasks are asked for again (the shell's count, flow management, the dashboard). */
export const TASKS_REFRESH_MS = 5_000;

export function getTasks(filters: TaskFilters = {}, { signal }: { signal?: AbortSignal } = {}): Promise<HumanTask[]> {
  const query = filters.runId ? `?runId=${encodeURIComponent(filters.runId)}` : '';
  return apiGet<HumanTask[]>(`/api/tasks${query}`, { signal });
}

export function tasksQueryOptions(filters: TaskFilters = {}) {
  return queryOptions({
    queryKey: [...queryKeys.tasks, filters] as const,
    queryFn: ({ signal }) => getTasks(filters, { signal }),
  });
}
