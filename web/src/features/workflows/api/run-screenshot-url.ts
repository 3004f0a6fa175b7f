// GET /api/runs/{runId}/steps/{stepResultId}/screenshot: the JPEG a step took.
export function runScreenshotUrl(runId: string, stepResultId: string): string {
  return `/api/runs/${encodeURIComponent(runId)}/steps/${encodeURIComponent(stepResultId)}/screenshot`;
}
