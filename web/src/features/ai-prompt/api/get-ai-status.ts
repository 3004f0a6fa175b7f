// GET /api/ai/status: whether a provider is set up, and the AI panel's figures from recorded decisions.
import { queryOptions } from '@tanstack/react-query';
import type { AiStatus } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function aiStatusQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.aiStatus,
    queryFn: ({ signal }) => apiGet<AiStatus>('/api/ai/status', { signal }),
  });
}
