// GET /api/notifications/unread: the bell's count, one index read on the server, asked every half minute.
import type { UnreadNotifications } from '@shared/types/api';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function unreadNotificationsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.notificationsUnread,
    queryFn: ({ signal }) => apiGet<UnreadNotifications>('/api/notifications/unread', { signal }),
  });
}
