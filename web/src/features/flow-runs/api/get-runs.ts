// GET /api/runs?status=&workflowId=&limit=&cursor=: the organisation's runs, newest first, a page at a time.
import { queryOptions } from '@tanstack/react-query';
import type { Page, Run, RunStatus } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { pagedQueryOptions, pagePath } from '@/lib/paging';
import { queryKeys } from '@/lib/query-keys';
import { RUNS_PAGE_SIZE } from '../model';

export type RunFilters = { status?: RunStatus; workflowId?: string; limit?: number };

/** The first page only (the dashboard's latest failed runs). */
export function runsQueryOptions(filters: RunFilters = {}) {
  return queryOptions({
    queryKey: [...queryKeys.runs, 'list', filters] as const,
    queryFn: async ({ signal }) => (await apiGet<Page<Run>>(pagePath('/api/runs', filters), { signal })).items,
  });
}

/** Flow management's list: page after page ("Visa fler"), refetched whole when the runs change. */
export function runPagesQueryOptions(filters: Omit<RunFilters, 'limit'> = {}) {
  return pagedQueryOptions<Run, readonly unknown[]>([...queryKeys.runs, 'pages', filters], '/api/runs', { ...filters, limit: RUNS_PAGE_SIZE });
}
