// package-lock.json must list the native binaries of every package that has them for Linux (glibc)
// and macOS on x64 and arm64, or `npm ci` (dev/setup.sh) fails or installs no binary there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingPlatformBinaries, packagesWithPlatformBinaries, withoutPlatformPackages, type Lockfile } from './lib/lockfile.ts';

const lock = JSON.parse(readFileSync(join(import.meta.dirname, '../package-lock.json'), 'utf8')) as Lockfile;

describe('package-lock.json', () => {
  it('locks the binaries of rollup, esbuild, @tailwindcss/oxide, lightningcss and deno for linux/darwin × x64/arm64', () => {
    const names = packagesWithPlatformBinaries(lock).map((p) => p.replace(/@[^@]*$/, ''));
    expect(names).toEqual(expect.arrayContaining(['rollup', 'esbuild', '@tailwindcss/oxide', 'lightningcss', 'deno']));
    expect(missingPlatformBinaries(lock)).toEqual([]);
  });

  it('locks every optional dependency those packages declare (npm ci refuses a lockfile missing one)', () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        const dir = path ? `${path}/node_modules/` : 'node_modules/';
        if (!lock.packages[dir + name] && !lock.packages[`node_modules/${name}`]) missing.push(`${path} → ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('the completeness check', () => {
  const pkg = (version: string, os: string, cpu: string, libc?: string) => ({ version, os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) });
  const binaries = {
    'node_modules/@x/x-linux-x64-gnu': pkg('1.0.0', 'linux', 'x64', 'glibc'),
    'node_modules/@x/x-linux-x64-musl': pkg('1.0.0', 'linux', 'x64', 'musl'),
    'node_modules/@x/x-linux-arm64-gnu': pkg('1.0.0', 'linux', 'arm64', 'glibc'),
    'node_modules/@x/x-darwin-x64': pkg('1.0.0', 'darwin', 'x64'),
    'node_modules/@x/x-darwin-arm64': pkg('1.0.0', 'darwin', 'arm64'),
  };
  const optionalDependencies = Object.fromEntries(Object.keys(binaries).map((p) => [p.replace('node_modules/', ''), '1.0.0']));
  const complete: Lockfile = { packages: { '': {}, 'node_modules/x': { version: '1.0.0', optionalDependencies }, ...binaries } };

  it('passes a lockfile with all four platforms', () => {
    expect(missingPlatformBinaries(complete)).toEqual([]);
  });

  it('names the platform whose binary is missing (npm left out darwin-arm64)', () => {
    const lockfile = structuredClone(complete);
    delete lockfile.packages['node_modules/@x/x-darwin-arm64'];
    expect(missingPlatformBinaries(lockfile)).toEqual([
      { pkg: 'x', version: '1.0.0', platform: 'darwin-arm64', expected: ['@x/x-darwin-arm64@1.0.0'] },
    ]);
  });

  it('does not count a musl binary for glibc Linux, nor a binary of another version', () => {
    const lockfile = structuredClone(complete);
    delete lockfile.packages['node_modules/@x/x-linux-x64-gnu'];
    lockfile.packages['node_modules/@x/x-darwin-x64'].version = '0.9.0';
    expect(missingPlatformBinaries(lockfile).map((g) => g.platform)).toEqual(['linux-x64', 'darwin-x64']);
  });

  it('strips the packages with binaries and the binaries (dev/lockfile.sh), keeping everything else', () => {
    const lockfile = structuredClone(complete);
    lockfile.packages['node_modules/y'] = { version: '2.0.0' };
    expect(Object.keys(withoutPlatformPackages(lockfile).packages)).toEqual(['', 'node_modules/y']);
  });
});
