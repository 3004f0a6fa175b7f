// GET /api/runs/{id}/steps/{stepResultId}/screenshot: the step's JPEG, read by an <img> with the session cookie.
export function runScreenshotUrl(runId: string, stepResultId: string): string {
  return `/api/runs/${encodeURIComponent(runId)}/steps/${encodeURIComponent(stepResultId)}/screenshot`;
}
