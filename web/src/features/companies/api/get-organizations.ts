import { queryOptions } from '@tanstack/react-query';
import type { Organization } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';

export function getOrganizations({ signal }: { signal?: AbortSignal } = {}): Promise<Organization[]> {
  return apiGet<Organization[]>('/api/admin/organizations', { signal });
}

export function organizationsQueryOptions() {
  return queryOptions({
    queryKey: ['organizations'],
    queryFn: ({ signal }) => getOrganizations({ signal }),
  });
}
