import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserInput } from '@shared/schemas/users';
import type { UserRow } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { USERS_KEY } from './get-users';

export function updateUser({ id, input }: { id: string; input: UpdateUserInput }): Promise<UserRow> {
  return apiRequest<UserRow>(`/api/users/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    meta: { errorTitle: 'users:toast.error_title', errorFallback: 'users:toast.update_failed' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
