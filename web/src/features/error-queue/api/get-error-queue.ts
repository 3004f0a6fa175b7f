// GET /api/error-queue?status=pending&limit=&cursor=: the organisation's pending errors, newest first, a page at a time.
import { queryOptions } from '@tanstack/react-query';
import type { ErrorQueueItem, Page } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { pagedQueryOptions, pagePath } from '@/lib/paging';
import { queryKeys } from '@/lib/query-keys';

export const ERROR_QUEUE_PAGE_SIZE = 50;

const PENDING = { status: 'pending', limit: ERROR_QUEUE_PAGE_SIZE };

/** The newest page of pending errors only (the dashboard). */
export function errorQueueQueryOptions() {
  return queryOptions({
    queryKey: [...queryKeys.errorQueue, 'list'] as const,
    queryFn: async ({ signal }) => (await apiGet<Page<ErrorQueueItem>>(pagePath('/api/error-queue', PENDING), { signal })).items,
  });
}

/** The error queue screen's list: page after page ("Visa fler"). */
export function errorQueuePagesQueryOptions() {
  return pagedQueryOptions<ErrorQueueItem, readonly unknown[]>([...queryKeys.errorQueue, 'pages'], '/api/error-queue', PENDING);
}
