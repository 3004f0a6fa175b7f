import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * After a person changes a run: its lists, counts and details, the error queue (a stop or a retry
 * settles its items) and the dashboard tiles are refetched.
 */
export function invalidateRuns(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.runs }),
    queryClient.invalidateQueries({ queryKey: queryKeys.errorQueue }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats }),
  ]);
}
