import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteUserInput } from '@shared/schemas/users';
import type { UserRow } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { USERS_KEY } from './get-users';

/** An admin adds a colleague, who gets a mail with a link to choose a password. */
export function inviteUser(input: InviteUserInput): Promise<UserRow> {
  return apiRequest<UserRow>('/api/users', { method: 'POST', body: input });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    meta: { errorTitle: 'users:toast.error_title', errorFallback: 'users:toast.invite_failed' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
