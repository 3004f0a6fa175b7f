// Is package-lock.json complete for every platform the project supports? Packages such as rollup,
// esbuild, @tailwindcss/oxide, lightningcss and deno ship their native code as optional dependencies,
// one package per os/cpu/libc. `npm ci` installs only what the lockfile lists, so a lockfile missing
// another platform's binary leaves that platform without one. Used by dev/lockfile.sh and
// dev/lockfile.test.ts; the why and the how-to are in docs/local-stack.md ("The lockfile").

/** The platforms every install must work on: Linux (glibc) and macOS, x64 and arm64. */
export const platforms = [
  { name: 'linux-x64', os: 'linux', cpu: 'x64' },
  { name: 'linux-arm64', os: 'linux', cpu: 'arm64' },
  { name: 'darwin-x64', os: 'darwin', cpu: 'x64' },
  { name: 'darwin-arm64', os: 'darwin', cpu: 'arm64' },
] as const;

type Entry = {
  version?: string;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
};
export type Lockfile = { lockfileVersion?: number; packages: Record<string, Entry> };

const osNames = /(^|[-/])(linux|darwin|win32|android|freebsd|openbsd|sunos|aix)([-_]|$)/;

/** Whether `list` (npm's os/cpu/libc field: names, `!name` excludes) admits `value`. */
function admits(list: string[] | undefined, value: string): boolean {
  if (!list?.length) return true;
  if (list.includes(`!${value}`)) return false;
  const positive = list.filter((v) => !v.startsWith('!'));
  return !positive.length || positive.includes(value);
}

/** Where npm would find `name` for the package at `parentPath` (nested first, then hoisted). */
function resolve(packages: Lockfile['packages'], parentPath: string, name: string): string | undefined {
  let dir = parentPath;
  while (dir) {
    const candidate = `${dir}/node_modules/${name}`;
    if (packages[candidate]) return candidate;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut < 0 ? '' : dir.slice(0, cut);
  }
  return packages[`node_modules/${name}`] ? `node_modules/${name}` : undefined;
}

export type Gap = { pkg: string; version: string; platform: string; expected: string[] };

/**
 * Every package with platform binaries (an optional dependency whose name or os field names an
 * operating system), and for each supported platform without a locked binary of the right
 * version: the optional dependencies that would have served it.
 */
export function missingPlatformBinaries(lock: Lockfile): Gap[] {
  const gaps: Gap[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    const native = binariesOf(entry);
    if (!native.length) continue;
    const locked = native.map((name) => {
      const spec = entry.optionalDependencies![name];
      const at = resolve(lock.packages, path, name);
      return { name, spec, entry: at ? lock.packages[at] : undefined };
    });
    for (const platform of platforms) {
      const serves = (name: string, e: Entry | undefined) =>
        e
          ? admits(e.os, platform.os) && admits(e.cpu, platform.cpu) && (platform.os !== 'linux' || admits(e.libc, 'glibc'))
          : name.includes(`${platform.os}-${platform.cpu}`) && !name.includes('musl');
      const candidates = locked.filter((l) => serves(l.name, l.entry));
      const ok = candidates.some((l) => l.entry && (l.entry.version === l.spec || !/^\d/.test(l.spec)));
      if (!ok) {
        gaps.push({
          pkg: path.replace(/^.*node_modules\//, ''),
          version: entry.version ?? '?',
          platform: platform.name,
          expected: candidates.map((l) => `${l.name}@${l.spec}${l.entry ? ` (locked ${l.entry.version})` : ''}`),
        });
      }
    }
  }
  return gaps;
}

/** The optional dependencies of `entry` that are platform binaries (none for a single helper like fsevents). */
function binariesOf(entry: Entry): string[] {
  const names = Object.keys(entry.optionalDependencies ?? {}).filter((name) => osNames.test(name.replace(/^@[^/]+\//, '-')));
  return names.length >= 2 ? names : [];
}

/** Packages in the lockfile that carry platform binaries (to show what the check covered). */
export function packagesWithPlatformBinaries(lock: Lockfile): string[] {
  return Object.entries(lock.packages)
    .filter(([, e]) => binariesOf(e).length)
    .map(([path, e]) => `${path.replace(/^.*node_modules\//, '')}@${e.version}`);
}

/** The lockfile without the packages that carry platform binaries and without those binaries, for npm to resolve them anew. */
export function withoutPlatformPackages(lock: Lockfile): Lockfile {
  const packages = { ...lock.packages };
  for (const [path, entry] of Object.entries(lock.packages)) {
    const binaries = binariesOf(entry);
    if (!binaries.length) continue;
    delete packages[path];
    const dir = path.slice(0, path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    for (const name of binaries) {
      delete packages[dir + name];
      delete packages[`node_modules/${name}`];
    }
  }
  return { ...lock, packages };
}

// `tsx dev/lib/lockfile.ts [file]`: print the gaps, exit 1 when there are any.
// `tsx dev/lib/lockfile.ts --strip <in> <out>`: write withoutPlatformPackages(<in>) to <out> (dev/lockfile.sh).
if (import.meta.url === `file://${process.argv[1]}` && process.argv[2] === '--strip') {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const lock = JSON.parse(readFileSync(process.argv[3], 'utf8')) as Lockfile;
  const stripped = withoutPlatformPackages(lock);
  writeFileSync(process.argv[4], JSON.stringify(stripped, null, 2) + '\n');
  console.log(`re-resolving ${Object.keys(lock.packages).length - Object.keys(stripped.packages).length} of the locked packages`);
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const { readFileSync } = await import('node:fs');
  const file = process.argv[2] ?? 'package-lock.json';
  const lock = JSON.parse(readFileSync(file, 'utf8')) as Lockfile;
  const gaps = missingPlatformBinaries(lock);
  console.log(`${file}: platform binaries checked for ${packagesWithPlatformBinaries(lock).join(', ')}`);
  for (const g of gaps) console.error(`  missing: ${g.pkg}@${g.version} for ${g.platform} (${g.expected.join(' or ') || 'no optional dependency names it'})`);
  if (gaps.length) {
    console.error(`${gaps.length} gaps. Regenerate the lockfile with \`bash dev/lockfile.sh\` (docs/local-stack.md).`);
    process.exit(1);
  }
  console.log('complete for ' + platforms.map((p) => p.name).join(', '));
}
