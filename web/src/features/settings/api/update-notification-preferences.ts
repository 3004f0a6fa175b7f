// PUT /api/notification-preferences: saves the person's choice; the server keeps the app's current language for
// the e-mails (the request's Accept-Language).
import type { NotificationPreferences } from '@shared/types/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notificationPreferencesQueryOptions } from './get-notification-preferences';

export function updateNotificationPreferences(input: { emailRunFailed: boolean }): Promise<NotificationPreferences> {
  return apiRequest<NotificationPreferences>('/api/notification-preferences', { method: 'PUT', body: input });
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    meta: { errorTitle: 'settings:toast.notifications_failed' },
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesQueryOptions().queryKey, saved),
  });
}
