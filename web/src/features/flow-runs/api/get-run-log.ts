// GET /api/runs/{id}/log: the run with every step of every attempt as a JSON file (secrets masked by
// the server). The browser downloads it itself, with the session cookie, from a plain link.
export function runLogUrl(runId: string): string {
  return `/api/runs/${encodeURIComponent(runId)}/log`;
}
