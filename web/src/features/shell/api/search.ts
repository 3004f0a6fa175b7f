// GET /api/search?q=: the top bar's search, workflows, runs and open tasks of the organisation (at most five of
// each, the server's limit).
import type { SearchResults } from '@shared/types/api';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function searchQueryOptions(text: string) {
  return queryOptions({
    queryKey: queryKeys.search(text),
    queryFn: ({ signal }) => apiGet<SearchResults>(`/api/search?q=${encodeURIComponent(text)}`, { signal }),
  });
}
