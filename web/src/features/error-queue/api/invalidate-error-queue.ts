import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/** After an item changes: the list and its figures (the stats key lies under the list's), the shell's badge and the dashboard tiles. */
export function invalidateErrorQueue(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.errorQueue }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats }),
  ]);
}
