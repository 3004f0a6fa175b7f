// The organisation's secrets: names, sites and times only, never a value.
import { queryOptions } from '@tanstack/react-query';
import type { SecretInfo } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getSecrets({ signal }: { signal?: AbortSignal } = {}): Promise<SecretInfo[]> {
  return apiGet<SecretInfo[]>('/api/secrets', { signal });
}

export function secretsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.secrets,
    queryFn: ({ signal }) => getSecrets({ signal }),
  });
}
