import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@shared/schemas/auth';
import { apiRequest } from '@/lib/api-client';
import { type User, userQueryOptions } from './get-user';

export function login(input: LoginInput): Promise<User> {
  return apiRequest<User>('/api/login', { method: 'POST', body: input });
}

/** Signs in and puts the user in the session cache. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    meta: { errorTitle: 'auth:toast.login_failed' },
    onSuccess: (user) => queryClient.setQueryData(userQueryOptions().queryKey, user),
  });
}
