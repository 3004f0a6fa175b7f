// GET /api/workflows/{id}/thumbnails: a picture per step (the element a person pointed at, else the step's
// screenshot from the last run), as image URLs by step id: the elements' own and the runs' apart.
import { queryOptions } from '@tanstack/react-query';
import type { StepThumbnail } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { runScreenshotUrl } from './run-screenshot-url';

export function getStepThumbnails(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<StepThumbnail[]> {
  return apiGet<StepThumbnail[]>(`/api/workflows/${encodeURIComponent(id)}/thumbnails`, { signal });
}

/** GET /api/workflows/{id}/steps/{stepId}/thumbnail: the element's own picture (`version` changes with it). */
export function stepThumbnailUrl(workflowId: string, stepId: string, version: string): string {
  return `/api/workflows/${encodeURIComponent(workflowId)}/steps/${encodeURIComponent(stepId)}/thumbnail?v=${encodeURIComponent(version)}`;
}

export function stepThumbnailsQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.workflow(id), 'thumbnails'] as const,
    queryFn: ({ signal }) => getStepThumbnails(id, { signal }),
    select: (rows) => {
      const element: Record<string, string> = {};
      const run: Record<string, string> = {};
      for (const row of rows)
        if (row.source === 'element') element[row.stepId] = stepThumbnailUrl(id, row.stepId, row.version);
        else run[row.stepId] = runScreenshotUrl(row.runId, row.stepResultId);
      return { element, run };
    },
  });
}
