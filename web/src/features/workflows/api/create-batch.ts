// Uploading a batch's file: first as a preview (the columns, the first rows, how they map to the inputs), then
// with the chosen mapping and concurrency to start it. A bad file answers 400 naming the row and column.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchPreview } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `zip`: the files the rows name for the workflow's file inputs (docs/automation.md "File inputs"). */
type BatchUpload = { workflowId: string; file: File; zip?: File | null; mapping?: Record<string, string>; concurrency?: number };

function form({ file, zip, mapping, concurrency }: BatchUpload, preview: boolean): FormData {
  const body = new FormData();
  body.set('file', file);
  if (zip && !preview) body.set('files', zip);
  if (mapping) body.set('mapping', JSON.stringify(mapping));
  if (concurrency) body.set('concurrency', String(concurrency));
  if (preview) body.set('preview', 'true');
  return body;
}

const path = (workflowId: string) => `/api/workflows/${encodeURIComponent(workflowId)}/batches`;

export function usePreviewBatch() {
  return useMutation({
    mutationFn: (upload: BatchUpload) => apiRequest<BatchPreview>(path(upload.workflowId), { method: 'POST', body: form(upload, true) }),
    meta: { errorTitle: 'workflows:batches.toast.preview_failed' },
  });
}

export function useCreateBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: BatchUpload) => apiRequest<{ batchId: string }>(path(upload.workflowId), { method: 'POST', body: form(upload, false) }),
    meta: { errorTitle: 'workflows:batches.toast.start_failed' },
    onSuccess: (_, { workflowId }) => Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.workflowBatches(workflowId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.runs }),
    ]),
  });
}
