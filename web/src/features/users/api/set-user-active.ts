import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRow } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { USERS_KEY } from './get-users';

export function deactivateUser(id: string): Promise<UserRow> {
  return apiRequest<UserRow>(`/api/users/${encodeURIComponent(id)}/deactivate`, { method: 'POST' });
}

export function activateUser(id: string): Promise<UserRow> {
  return apiRequest<UserRow>(`/api/users/${encodeURIComponent(id)}/activate`, { method: 'POST' });
}

export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateUser,
    meta: { errorTitle: 'users:toast.error_title', errorFallback: 'users:toast.deactivate_failed' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

export function useActivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateUser,
    meta: { errorTitle: 'users:toast.error_title', errorFallback: 'users:toast.activate_failed' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
