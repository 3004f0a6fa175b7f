import type { QueryClient } from '@tanstack/react-query';
import { workflowPerformanceQueryOptions } from './get-workflow-performance';
import { workflowsQueryOptions } from './get-workflows';

/** After any change to a workflow: the list and the performance figures are refetched. */
export function invalidateWorkflows(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: workflowsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: workflowPerformanceQueryOptions().queryKey }),
  ]);
}
