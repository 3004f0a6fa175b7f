// GET /api/notification-preferences: the person's own (e-mail me when a run of mine fails; off until saved).
import type { NotificationPreferences } from '@shared/types/api';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function notificationPreferencesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.notificationPreferences,
    queryFn: ({ signal }) => apiGet<NotificationPreferences>('/api/notification-preferences', { signal }),
  });
}
