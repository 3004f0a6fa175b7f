// POST /api/notifications/read: some (ids) or all of the caller's notifications read; the answer is the unread
// count left, which the bell shows at once; the list is read again.
import type { UnreadNotifications } from '@shared/types/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function markNotificationsRead(ids?: string[]): Promise<UnreadNotifications> {
  return apiRequest<UnreadNotifications>('/api/notifications/read', { method: 'POST', body: ids ? { ids } : {} });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    meta: { errorTitle: 'shell:notifications.mark_failed' },
    onSuccess: (unread) => {
      queryClient.setQueryData(queryKeys.notificationsUnread, unread);
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.notifications, 'list'] });
    },
  });
}
