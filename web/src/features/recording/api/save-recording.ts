// "Export as flow" and "test step by step": the recorded steps become the workflow's definition (a new
// version, source `recorder`), in a new draft workflow when none was chosen, with the pictures of their elements
// the extension took (a picture that cannot be stored is left out: the step shows its run's screenshot); a test
// run starts after it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Definition } from '@shared/schemas/definition';
import { createWorkflow } from '@/features/workflows/api/create-workflow';
import { invalidateWorkflows } from '@/features/workflows/api/invalidate-workflows';
import { runWorkflow } from '@/features/workflows/api/run-workflow';
import { saveDefinition } from '@/features/workflows/api/save-definition';
import { saveStepThumbnails } from '@/features/workflows/api/save-step-thumbnails';

type SaveRecordingInput = {
  workflowId: string | null;
  newName: string;
  definition: Definition;
  recordedDurationMs?: number;
  test?: boolean;
  /** The element pictures by step id (JPEG data: URLs). */
  thumbnails?: Record<string, string>;
};

export async function saveRecording({ workflowId, newName, definition, recordedDurationMs, test, thumbnails = {} }: SaveRecordingInput) {
  const id = workflowId ?? (await createWorkflow({ name: newName })).id;
  await saveDefinition({ id, definition, source: 'recorder', recordedDurationMs });
  await saveStepThumbnails({ workflowId: id, thumbnails }).catch(() => undefined);
  const run = test ? await runWorkflow({ id, mode: 'test' }) : undefined;
  return { workflowId: id, executionId: run?.executionId };
}

export function useSaveRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRecording,
    meta: { errorTitle: 'recording:toast.save_failed' },
    onSuccess: () => invalidateWorkflows(queryClient),
  });
}
