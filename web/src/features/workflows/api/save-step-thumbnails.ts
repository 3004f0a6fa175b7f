// PUT /api/workflows/{id}/steps/{stepId}/thumbnail for each element picture taken with "Peka ut" or while
// recording (a JPEG data: URL from the recorder extension), once the steps are saved: all at once, and an error
// for the first that failed after every one was tried.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { stepThumbnailsQueryOptions } from './get-step-thumbnails';

type SaveStepThumbnailsInput = { workflowId: string; thumbnails: Record<string, string> };

export async function saveStepThumbnails({ workflowId, thumbnails }: SaveStepThumbnailsInput): Promise<void> {
  const results = await Promise.allSettled(
    Object.entries(thumbnails).map(([stepId, dataUrl]) =>
      apiRequest<void>(`/api/workflows/${encodeURIComponent(workflowId)}/steps/${encodeURIComponent(stepId)}/thumbnail`, {
        method: 'PUT',
        body: { jpeg: dataUrl.replace(/^data:image\/jpeg;base64,/, '') },
      }),
    ),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

export function useSaveStepThumbnails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStepThumbnails,
    meta: { errorTitle: 'workflows:pick.toast.thumbnail_failed' },
    onSettled: (_data, _error, { workflowId }) => queryClient.invalidateQueries({ queryKey: stepThumbnailsQueryOptions(workflowId).queryKey }),
  });
}
