// Builds the recorder extension (Manifest V3, Chrome and Edge) into extension/dist/chromium (load
// unpacked) and extension/dist/kollega-recorder-<version>.zip (the same files, for the stores or to share).
// Part of `npm run build`. The Kollega app's origins (where the bridge script runs, and the only pages
// whose commands the extension takes) come from KOLLEGA_APP_ORIGINS: comma-separated exact origins
// (scheme, host and port, e.g. `https://app.example.se`); a production build must set it (docs/deploy.md).
// Without it the build is for the local stack only: its dev and test apps (http://localhost:3000 and
// :3100, shifted by KOLLEGA_PORT_OFFSET).
//   KOLLEGA_APP_ORIGINS=https://app.example.se tsx extension/build.ts
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync } from 'node:zlib';
import { build } from 'esbuild';
import { urls } from '../dev/lib/config.ts';
import { matchPattern, parseAppOrigins } from './src/origins.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const version = (JSON.parse(readFileSync(join(root, '../package.json'), 'utf8')) as { version: string }).version;

/** The app's origins for this build: KOLLEGA_APP_ORIGINS, or the local stack's two apps. */
export function appOriginsFromEnv(env: Record<string, string | undefined> = process.env): string[] {
  return parseAppOrigins(env.KOLLEGA_APP_ORIGINS?.trim() || `${urls('dev').app},${urls('test').app}`);
}

/**
 * Builds into `dist` (default extension/dist). `appOrigins`: the app's exact origins (default from the
 * environment, appOriginsFromEnv).
 */
export async function buildExtension(
  options: { appOrigins?: string[]; dist?: string } = {},
): Promise<{ dir: string; zip: string; appOrigins: string[] }> {
  const appOrigins = parseAppOrigins((options.appOrigins ?? appOriginsFromEnv()).join(','));
  const dist = options.dist ?? join(root, 'dist');
  const out = join(dist, 'chromium');
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: ['background', 'capture', 'bridge', 'popup', 'picker'].map((name) => join(root, `src/${name}.ts`)),
    outdir: out,
    bundle: true,
    format: 'iife',
    target: 'chrome116',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    define: { __KOLLEGA_APP_ORIGINS__: JSON.stringify(appOrigins) },
  });
  cpSync(join(root, 'static'), out, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
  manifest.version = version;
  manifest.content_scripts[0].matches = appOrigins.map(matchPattern);
  writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest, null, 2));
  const zip = join(dist, `kollega-recorder-${version}.zip`);
  writeFileSync(zip, zipFolder(out));
  return { dir: out, zip, appOrigins };
}

/** A zip archive of a folder (deflate), enough for Chrome's "load a packed extension" and the stores. */
function zipFolder(dir: string): Buffer {
  const files = (function walk(d: string): string[] {
    return readdirSync(d).flatMap((name) => (statSync(join(d, name)).isDirectory() ? walk(join(d, name)) : [join(d, name)]));
  })(dir).sort();
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(relative(dir, file).split('\\').join('/'));
    const data = readFileSync(file);
    const packed = deflateRawSync(data);
    const crc = crc32(data);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0800, 6); // UTF-8 names
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00, so the same files give the same zip
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(packed.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(name.length, 26);
    local.push(header, name, packed);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    header.copy(entry, 8, 6, 30);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += header.length + name.length + packed.length;
  }
  const size = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, ...central, end]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { dir, zip, appOrigins } = await buildExtension();
  console.log(`extension: ${relative(process.cwd(), dir)} and ${relative(process.cwd(), zip)}, for the app on ${appOrigins.join(', ')}`);
  if (!process.env.KOLLEGA_APP_ORIGINS?.trim())
    console.warn('KOLLEGA_APP_ORIGINS is not set: this build works with the local stack only (docs/deploy.md).');
}
