// GET /api/tasks/{id}/screenshot: the page with the candidate outlined (element_confirmation), read by an <img> with the session cookie.
export function taskScreenshotUrl(taskId: string): string {
  return `/api/tasks/${encodeURIComponent(taskId)}/screenshot`;
}
