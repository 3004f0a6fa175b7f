// GET /api/templates: the catalogue, featured first, then most downloaded. Searched and filtered
// here, in the browser: the catalogue is small and typing should not cost a round trip.
import type { Template } from '@shared/types/api';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getTemplates({ signal }: { signal?: AbortSignal } = {}): Promise<Template[]> {
  return apiGet<Template[]>('/api/templates', { signal });
}

export function templatesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.templates,
    queryFn: ({ signal }) => getTemplates({ signal }),
  });
}
