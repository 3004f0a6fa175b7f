// GET /api/ai/status, for the automation tab's AI provider line. The same key as the AI prompt editor's.
import { queryOptions } from '@tanstack/react-query';
import type { AiStatus } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const aiProviderQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.aiStatus, queryFn: ({ signal }) => apiGet<AiStatus>('/api/ai/status', { signal }) });
