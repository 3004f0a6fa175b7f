// The built extension asks for no more than it needs (issue 21): no `tabs` permission, no content script
// declared for every page (the capture script is registered only while recording), the bridge on the app's
// exact origins, which the build takes from KOLLEGA_APP_ORIGINS.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appOriginsFromEnv, buildExtension } from './build.ts';
import { isAppOrigin, isWebUrl, parseAppOrigins } from './src/origins.ts';

const dist = mkdtempSync(join(tmpdir(), 'kollega-extension-build-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the built manifest', () => {
  it('has no tabs permission, no static capture script, and the bridge on the exact origins given', async () => {
    const { dir } = await buildExtension({ appOrigins: ['https://app.example.se', 'http://localhost:3100'], dist });
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(manifest.permissions).not.toContain('tabs');
    expect(manifest.permissions).toContain('scripting');
    // `<all_urls>` (issue 24): Chrome lets captureVisibleTab crop an element's picture with nothing narrower
    // (docs/automation.md, "Element pictures"); everything the extension does stays on http(s) pages (below).
    expect(manifest.host_permissions).toEqual(['<all_urls>']);
    expect(manifest.content_scripts).toEqual([
      { matches: ['https://app.example.se/*', 'http://localhost:3100/*'], js: ['bridge.js'], all_frames: false, run_at: 'document_start' },
    ]);
    expect(manifest.content_scripts.flatMap((script: { matches: string[] }) => script.matches)).not.toContain('<all_urls>');
    // The same origins are compiled into the scripts that check senders at run time.
    for (const file of ['background.js', 'bridge.js'])
      expect(readFileSync(join(dir, file), 'utf8')).toContain('"https://app.example.se","http://localhost:3100"');
  });
});

describe('KOLLEGA_APP_ORIGINS', () => {
  it('takes exact origins, and the local stack when unset', () => {
    expect(appOriginsFromEnv({ KOLLEGA_APP_ORIGINS: 'https://app.example.se, http://localhost:3000/' })).toEqual([
      'https://app.example.se',
      'http://localhost:3000',
    ]);
    expect(appOriginsFromEnv({}).every((origin) => /^http:\/\/localhost:\d+$/.test(origin))).toBe(true);
  });

  it.each(['http://localhost/*', 'https://*.kollega.se', 'https://app.example.se/app', 'file:///app', 'app.example.se', 'https://app.example.se?x=1'])(
    'refuses %s (not an exact http(s) origin)',
    (value) => expect(() => parseAppOrigins(value)).toThrow(/exact origin/),
  );

  it('an origin matches only with its scheme, host and port', () => {
    const origins = ['http://localhost:3100'];
    expect(isAppOrigin('http://localhost:3100', origins)).toBe(true);
    for (const other of ['http://localhost', 'http://localhost:3101', 'https://localhost:3100', 'http://127.0.0.1:3100', undefined])
      expect(isAppOrigin(other, origins), String(other)).toBe(false);
  });

  it('start URLs: http(s) only', () => {
    expect(['https://bank.example/', 'http://intranet:8080/x'].every(isWebUrl)).toBe(true);
    expect(['javascript:alert(1)', 'file:///etc/passwd', 'chrome://settings', 'about:blank', 'bank.example'].some(isWebUrl)).toBe(false);
  });
});
