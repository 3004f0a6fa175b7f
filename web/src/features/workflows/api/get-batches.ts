// A workflow's batches (newest first, a page at a time) with their live counters, and one batch with its rows.
// Both poll while a batch is under way, so the counters ("412 klara · 3 fel · 1 väntar på dig") follow the runs.
import { type InfiniteData, queryOptions } from '@tanstack/react-query';
import type { BatchDetail, BatchSummary, Page } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { pagedQueryOptions, pageItems } from '@/lib/paging';
import { queryKeys } from '@/lib/query-keys';

/** The workflow page's card shows the newest few; "Visa fler" the ones before. */
export const BATCH_PAGE_SIZE = 5;

const POLL_MS = 2000;
const underWay = (batch: BatchSummary) => batch.status === 'running' || batch.counts.running + batch.counts.waiting > 0;

export function batchesQueryOptions(workflowId: string) {
  return {
    ...pagedQueryOptions<BatchSummary, readonly unknown[]>(queryKeys.workflowBatches(workflowId), `/api/workflows/${encodeURIComponent(workflowId)}/batches`, {
      limit: BATCH_PAGE_SIZE,
    }),
    refetchInterval: (query: { state: { data?: InfiniteData<Page<BatchSummary>> } }) =>
      (pageItems(query.state.data).some(underWay) ? POLL_MS : false),
  };
}

export function batchQueryOptions(batchId: string) {
  return queryOptions({
    queryKey: queryKeys.batch(batchId),
    queryFn: ({ signal }) => apiGet<BatchDetail>(`/api/batches/${encodeURIComponent(batchId)}`, { signal }),
    refetchInterval: (query) => (query.state.data && underWay(query.state.data) ? POLL_MS : false),
  });
}

/** Where the results file of a batch downloads from (in the format it came in), its added columns in `language`. */
export function batchResultsUrl(batchId: string, language: 'sv' | 'en'): string {
  return `/api/batches/${encodeURIComponent(batchId)}/results?lang=${language}`;
}
