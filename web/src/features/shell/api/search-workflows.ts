// GET /api/workflows?q=: the workflows whose name contains the text (the server's ilike, at most its list
// limit), for the top bar's search. Under the workflows key, so a change to any workflow refreshes it.
import { queryOptions } from '@tanstack/react-query';
import type { Workflow } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function searchWorkflowsQueryOptions(text: string) {
  return queryOptions({
    queryKey: [...queryKeys.workflows, 'search', text] as const,
    queryFn: ({ signal }) => apiGet<Workflow[]>(`/api/workflows?q=${encodeURIComponent(text)}`, { signal }),
  });
}
