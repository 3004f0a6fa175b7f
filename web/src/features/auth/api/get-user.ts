// The session: who is signed in. A 401 means nobody (null), not an error (SPEC §4).
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export type Role = 'user' | 'superuser' | 'admin';

export type User = {
  id: string;
  email: string;
  fullName: string;
  username: string;
  role: Role;
  isActive: boolean;
  createdAt: string;
  organizationId: string;
  organizationName: string;
};

export function getUser({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  return apiGet<User>('/api/user', { on401: 'null', signal });
}

export function userQueryOptions() {
  return queryOptions({
    queryKey: ['user'],
    queryFn: ({ signal }) => getUser({ signal }),
  });
}

/** The signed-in user, inside the `_authed` layout (which renders nothing without one). */
export function useCurrentUser(): User {
  const { data } = useSuspenseQuery(userQueryOptions());
  if (!data) throw new Error('useCurrentUser() used outside the signed-in layout');
  return data;
}
