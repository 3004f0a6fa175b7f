import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/** After any change to a workflow: the list (/workflows) and the performance figures (dashboard) are refetched. */
export function invalidateWorkflows(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.workflows }),
    queryClient.invalidateQueries({ queryKey: queryKeys.workflowPerformance }),
  ]);
}
