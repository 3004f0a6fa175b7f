// Saves one's own full name; the session's user (the shell's avatar, the settings form) shows it at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQueryOptions } from '@/features/auth/api/get-user';
import { apiRequest } from '@/lib/api-client';

export function updateProfile(input: { fullName: string }): Promise<{ fullName: string }> {
  return apiRequest<{ fullName: string }>('/api/user/profile', { method: 'PUT', body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { errorTitle: 'settings:toast.profile_failed' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }),
  });
}
