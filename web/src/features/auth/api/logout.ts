import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userQueryOptions } from './get-user';

export function logout(): Promise<void> {
  return apiRequest<void>('/api/logout', { method: 'POST' });
}

/** Signs out: the session becomes null and everything cached for the previous user is dropped. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    meta: { errorTitle: 'auth:toast.logout_failed' },
    onSuccess: () => {
      const userKey = userQueryOptions().queryKey;
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userKey[0] });
      queryClient.setQueryData(userKey, null);
    },
  });
}
