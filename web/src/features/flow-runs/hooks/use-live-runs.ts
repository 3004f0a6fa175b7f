// Keeps the runs on screen at most a second behind without re-reading them every second: asks every second
// whether anything about the organisation's runs changed (GET /api/runs/changes, one index read), and refetches
// the runs (lists, counts, the run open) only when the cursor moved.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { queryKeys } from '@/lib/query-keys';
import { getRunChanges } from '../api/get-run-changes';
import { LIVE_INTERVAL_MS } from '../model';

export function useLiveRuns(): void {
  const queryClient = useQueryClient();
  const seen = useRef<string | null>(null);
  useQuery({
    queryKey: ['run-changes'],
    queryFn: async ({ signal }) => {
      const { cursor } = await getRunChanges({ signal });
      if (seen.current !== null && seen.current !== cursor) await queryClient.invalidateQueries({ queryKey: queryKeys.runs });
      seen.current = cursor;
      return cursor;
    },
    refetchInterval: LIVE_INTERVAL_MS,
    // Not cached across screens: each screen starts from what it fetched itself.
    gcTime: 0,
    // Nothing here reads the result. Without this, React Query re-renders the calling screen (and every run card
    // in it) when each question starts and ends, twice a second on a view left open all day.
    notifyOnChangeProps: [],
  });
}
