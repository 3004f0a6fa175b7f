// GET /api/workflows/{id}/export: the definition as a file to download, in Kollega's own format or
// as a Chrome DevTools Recorder recording (the steps it knows).
export const EXPORT_FORMATS = ['kollega', 'chrome-recorder'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function exportWorkflowUrl(id: string, format: ExportFormat): string {
  return `/api/workflows/${encodeURIComponent(id)}/export?format=${format}`;
}
