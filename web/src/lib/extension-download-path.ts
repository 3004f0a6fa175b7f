/** Where the app serves the recorder extension's zip of a version (web/extension-download.ts puts it there). */
export function extensionDownloadPath(version: string): string {
  return `/downloads/kollega-recorder-${version}.zip`;
}
