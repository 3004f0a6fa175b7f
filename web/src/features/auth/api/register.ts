import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput } from '@shared/schemas/auth';
import { apiRequest } from '@/lib/api-client';
import { type User, userQueryOptions } from './get-user';

export function register(input: RegisterInput): Promise<User> {
  return apiRequest<User>('/api/register', { method: 'POST', body: input });
}

/** Registers the user and their organisation, signed in afterwards. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    meta: { errorTitle: 'auth:toast.register_failed' },
    onSuccess: (user) => queryClient.setQueryData(userQueryOptions().queryKey, user),
  });
}
