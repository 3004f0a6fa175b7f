// The sidebar's counts: the error queue shows how many errors are pending, flow management how many
// tasks wait for a person (none shown at 0, or while unknown). Asked again every 30 s and whenever the
// error queue or the tasks change.
import { useQuery } from '@tanstack/react-query';
import { errorQueueStatsQueryOptions } from '../api/get-error-queue-stats';
import { openTasksQueryOptions } from '../api/get-open-tasks';
import type { NavItemId } from '../nav-items';

export const NAV_BADGE_REFRESH_MS = 30_000;

export type NavBadges = Partial<Record<NavItemId, number>>;

export function useNavBadges(): NavBadges {
  const { data: pending } = useQuery({
    ...errorQueueStatsQueryOptions(),
    select: (stats) => stats.pending,
    refetchInterval: NAV_BADGE_REFRESH_MS,
  });
  const { data: waiting } = useQuery({
    ...openTasksQueryOptions(),
    select: (tasks) => tasks.length,
    refetchInterval: NAV_BADGE_REFRESH_MS,
  });
  return { ...(pending ? { error_queue: pending } : {}), ...(waiting ? { workflow_execution: waiting } : {}) };
}
