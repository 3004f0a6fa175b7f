// GET /api/notifications: the caller's notifications, newest first, a page (20) at a time by cursor. Read only
// while the bell's list is open.
import type { NotificationPage } from '@shared/types/api';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function notificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.notifications, 'list'] as const,
    queryFn: ({ signal, pageParam }) =>
      apiGet<NotificationPage>(`/api/notifications${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
