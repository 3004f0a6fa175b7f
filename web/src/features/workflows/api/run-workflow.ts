// Starts a run: "Run now" (active workflows) or a test run from the editor (`mode: 'test'`, drafts
// too). A started run changes the workflow's figures, flow management and the dashboard tiles.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { invalidateWorkflows } from './invalidate-workflows';

/** The api's refusal to run a workflow on the servers that runs only in a person's own browser. */
export const ATTENDED_ONLY = 'workflow_attended_only';

/** Whether a start was refused because the workflow runs only in a person's own browser. */
export const isAttendedOnly = (error: unknown) => error instanceof ApiError && error.code === ATTENDED_ONLY;

export type RunWorkflowInput = { id: string; inputs?: Record<string, string>; files?: Record<string, File>; mode?: 'test' };

/**
 * A run's body: the JSON, or with files multipart/form-data (the JSON in the part `json`, each file in
 * `file.<input>`; docs/api.md). Also the body of a run in the person's browser (features/attended).
 */
export function runBody<T extends object>(json: T, files?: Record<string, File>): T | FormData {
  if (!files || !Object.keys(files).length) return json;
  const form = new FormData();
  form.set('json', JSON.stringify(json));
  for (const [name, file] of Object.entries(files)) form.set(`file.${name}`, file);
  return form;
}

/** POST …/run: JSON, or with files multipart/form-data (runBody). */
export function runWorkflow({ id, inputs, files, mode }: RunWorkflowInput): Promise<{ executionId: string }> {
  const body = runBody({ ...(inputs ? { inputs } : {}), ...(mode ? { mode } : {}) }, files);
  return apiRequest<{ executionId: string }>(`/api/workflows/${encodeURIComponent(id)}/run`, { method: 'POST', body });
}

function invalidateAfterRun(queryClient: QueryClient) {
  return Promise.all([
    invalidateWorkflows(queryClient),
    queryClient.invalidateQueries({ queryKey: queryKeys.runs }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats }),
  ]);
}

/** A workflow's id, or its id with the values of its declared inputs (and the files of its file inputs). */
type RunTarget = string | { id: string; inputs?: Record<string, string>; files?: Record<string, File> };
const target = (input: RunTarget) => (typeof input === 'string' ? { id: input } : input);

/** Starts a run of an active workflow (the server refuses others, and workflows without steps, with its message). */
export function useRunWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RunTarget) => runWorkflow(target(input)),
    // An attended-only workflow (a "Logga in själv" step, or so set) is offered "Kör i min webbläsare" instead.
    meta: { errorTitle: 'workflows:toast.run_failed', handledCodes: [ATTENDED_ONLY] },
    onSuccess: () => invalidateAfterRun(queryClient),
  });
}

/** Starts a test run of the saved definition. */
export function useTestRunWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RunTarget) => runWorkflow({ ...target(input), mode: 'test' }),
    meta: { errorTitle: 'workflows:test_run.toast.start_failed', handledCodes: [ATTENDED_ONLY] },
    onSuccess: () => invalidateAfterRun(queryClient),
  });
}
