// The paged lists of the API (docs/api.md "Lists and pages"): GET /api/<list>?<filters>&limit=&cursor= answers
// `{ items, nextCursor }`. A screen reads one through an infinite query: the first page, then one more each time
// the person asks ("Visa fler"), each page after the cursor of the one before, with the same filters. Changing a
// filter is another query key, so it starts again from the first page.
import type { Page } from '@shared/types/api';
import { type InfiniteData, infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { apiGet } from './api-client';

export type ListParams = Record<string, string | number | undefined>;

/** `/api/x?a=1&cursor=…`: the list's path with its filters (empty ones left out) and, after the first page, the cursor. */
export function pagePath(path: string, params: ListParams, cursor?: string): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The infinite query of a paged list: its key (the filters included), its path and its filters. */
export function pagedQueryOptions<T, K extends QueryKey>(queryKey: K, path: string, params: ListParams = {}) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ signal, pageParam }) => apiGet<Page<T>>(pagePath(path, params, pageParam || undefined), { signal }),
    initialPageParam: '',
    getNextPageParam: (page: Page<T>) => page.nextCursor ?? undefined,
  });
}

/** Every loaded page's items, in order. */
export function pageItems<T>(data: InfiniteData<Page<T>> | undefined): T[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}
