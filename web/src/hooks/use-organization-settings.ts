// The organisation's settings (GET /api/organization-settings; the defaults until an admin saves them), for the
// settings screen and what they drive on other screens: a new AI decision step starts with the organisation's
// default threshold (useDefaultAiThreshold).
import { AI_THRESHOLD_DEFAULT } from '@shared/schemas/definition';
import type { OrganizationSettings } from '@shared/schemas/organization-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function organizationSettingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.organizationSettings,
    queryFn: ({ signal }) => apiGet<OrganizationSettings>('/api/organization-settings', { signal }),
  });
}

/** The threshold a new AI decision step starts with: the organisation's default (95 until it is loaded or set). */
export function useDefaultAiThreshold(): number {
  const { data } = useQuery(organizationSettingsQueryOptions());
  return data?.aiThresholdDefault ?? AI_THRESHOLD_DEFAULT;
}
