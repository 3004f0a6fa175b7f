import { queryOptions } from '@tanstack/react-query';
import type { ErrorQueueItem } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getErrorQueue({ signal }: { signal?: AbortSignal } = {}): Promise<ErrorQueueItem[]> {
  return apiGet<ErrorQueueItem[]>('/api/error-queue', { signal });
}

export function errorQueueQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.errorQueue,
    queryFn: ({ signal }) => getErrorQueue({ signal }),
  });
}
