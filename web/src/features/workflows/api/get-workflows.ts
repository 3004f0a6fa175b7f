// GET /api/workflows?q=&limit=&cursor=: the organisation's workflows, newest first, a page at a time; `q` finds
// a text in the name or description (server-side, over every workflow, not only the pages loaded).
import { queryOptions } from '@tanstack/react-query';
import type { Page, Workflow } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { pagedQueryOptions, pagePath } from '@/lib/paging';
import { queryKeys } from '@/lib/query-keys';

/** The list's page: a grid of three columns at its widest. */
export const WORKFLOW_PAGE_SIZE = 30;
/** How many workflows a picker offers (the server's largest page), newest first. */
export const WORKFLOW_PICKER_SIZE = 100;

export function workflowsQueryOptions({ q = '' }: { q?: string } = {}) {
  return pagedQueryOptions<Workflow, readonly unknown[]>([...queryKeys.workflows, 'list', { q }], '/api/workflows', { q, limit: WORKFLOW_PAGE_SIZE });
}

/** The workflows a picker (start a batch, choose a workflow to record into or to decide in) offers. */
export function workflowPickerQueryOptions() {
  return queryOptions({
    queryKey: [...queryKeys.workflows, 'picker'] as const,
    queryFn: async ({ signal }) =>
      (await apiGet<Page<Workflow>>(pagePath('/api/workflows', { limit: WORKFLOW_PICKER_SIZE }), { signal })).items,
  });
}
