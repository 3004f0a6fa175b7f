// GET /api/users?q=&limit=&cursor=: the organisation's users, oldest first, a page at a time, searched (name,
// e-mail address, username) on the server; GET /api/users/stats: the figures over all of them. Admins only (the
// server answers 403 to others).
import { queryOptions } from '@tanstack/react-query';
import type { UserRow, UserStats } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { pagedQueryOptions } from '@/lib/paging';

export const USER_PAGE_SIZE = 50;

/** The key both queries lie under: what a change of a user invalidates. */
export const USERS_KEY = ['users'] as const;

export function usersQueryOptions({ q = '' }: { q?: string } = {}) {
  return pagedQueryOptions<UserRow, readonly unknown[]>([...USERS_KEY, 'pages', { q }], '/api/users', { q, limit: USER_PAGE_SIZE });
}

export function userStatsQueryOptions() {
  return queryOptions({
    queryKey: [...USERS_KEY, 'stats'] as const,
    queryFn: ({ signal }) => apiGet<UserStats>('/api/users/stats', { signal }),
  });
}
