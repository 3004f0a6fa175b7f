// One run with its step results, followed every second while it can still change (pending, running,
// paused), so the editor shows a test run's steps as they pass or fail.
import { queryOptions } from '@tanstack/react-query';
import type { RunDetail } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { ACTIVE_RUN_STATUSES, RUN_POLL_MS } from '../editor-model';

export function getRun(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<RunDetail> {
  return apiGet<RunDetail>(`/api/runs/${encodeURIComponent(id)}`, { signal });
}

export function isRunActive(run: RunDetail | undefined): boolean {
  return run === undefined || (ACTIVE_RUN_STATUSES as readonly string[]).includes(run.status);
}

export function runQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.run(id),
    queryFn: ({ signal }) => getRun(id, { signal }),
    refetchInterval: (query) => (query.state.status !== 'error' && isRunActive(query.state.data) ? RUN_POLL_MS : false),
  });
}
