// Vite plugin: the build puts the recorder extension's zip beside the app, at
// /downloads/kollega-recorder-<version>.zip (the app's version, which the extension's manifest carries too), so
// the install page offers it for download. It is built for the same app origins as `npm run build:extension`
// (KOLLEGA_APP_ORIGINS; without it the local stack's apps).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { buildExtension } from '../extension/build.ts';
import { extensionDownloadPath } from './src/lib/extension-download-path.ts';

export function extensionDownload(version: string): Plugin {
  return {
    name: 'kollega-extension-download',
    apply: 'build',
    async generateBundle() {
      const dist = mkdtempSync(join(tmpdir(), 'kollega-extension-'));
      try {
        const { zip } = await buildExtension({ dist });
        this.emitFile({ type: 'asset', fileName: extensionDownloadPath(version).slice(1), source: readFileSync(zip) });
      } finally {
        rmSync(dist, { recursive: true, force: true });
      }
    },
  };
}
