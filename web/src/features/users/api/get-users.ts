import { queryOptions } from '@tanstack/react-query';
import type { UserRow } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';

export function getUsers({ signal }: { signal?: AbortSignal } = {}): Promise<UserRow[]> {
  return apiGet<UserRow[]>('/api/users', { signal });
}

/** Admins only (the server answers 403 to others). */
export function usersQueryOptions() {
  return queryOptions({
    queryKey: ['users'],
    queryFn: ({ signal }) => getUsers({ signal }),
  });
}
