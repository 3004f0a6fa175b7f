// The network guard: address classification, URL checks, and real requests stopped in Chromium.
import { describe, expect, test } from 'vitest';
import { checkUrl, isBlockedAddress, type Lookup } from './network-guard.ts';
import { useEngine } from './test/harness.ts';

describe('isBlockedAddress', () => {
  test.each([
    ['127.0.0.1', true],
    ['127.255.255.254', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['100.127.255.255', true],
    ['100.128.0.1', false],
    ['0.0.0.0', true],
    ['0.1.2.3', true],
    ['224.0.0.251', true],
    ['239.255.255.250', true],
    ['255.255.255.255', true],
    ['8.8.8.8', false],
    ['93.184.216.34', false],
  ])('IPv4 %s → %s', (ip, blocked) => expect(isBlockedAddress(ip)).toBe(blocked));

  test.each([
    ['::1', true],
    ['[::1]', true],
    ['::', true],
    ['fc00::1', true],
    ['fd12:3456:789a::1', true],
    ['fe80::1', true],
    ['fe80::1%eth0', true],
    ['ff02::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:a9fe:a9fe', true], // 169.254.169.254, mapped
    ['::ffff:10.0.0.1', true],
    ['::127.0.0.1', true],
    ['64:ff9b::10.0.0.1', true],
    ['2002:7f00:1::', true], // 6to4 of 127.0.0.1
    ['::ffff:8.8.8.8', false],
    ['2606:4700:4700::1111', false],
    ['2a00:1450:4001:81a::200e', false],
    ['not an address', true],
  ])('IPv6 %s → %s', (ip, blocked) => expect(isBlockedAddress(ip)).toBe(blocked));
});

describe('checkUrl', () => {
  const lookup: Lookup = async (host) => {
    const table: Record<string, string[]> = {
      'public.example': ['93.184.216.34', '2606:2800:220:1::1'],
      'rebind.example': ['93.184.216.34', '10.0.0.5'],
      'meta.example': ['169.254.169.254'],
    };
    if (!table[host]) throw new Error('ENOTFOUND');
    return table[host]!;
  };

  test.each([
    ['http://127.0.0.1:8080/', false],
    ['http://2130706433/', false], // 127.0.0.1 written as a number
    ['http://0x7f.1/', false],
    ['http://[::1]:3000/', false],
    ['http://[::ffff:169.254.169.254]/latest/meta-data', false],
    ['http://169.254.169.254/latest/meta-data', false],
    ['http://10.0.0.1/admin', false],
    ['http://localhost:3000/', false],
    ['http://api.localhost/', false],
    ['http://metadata.google.internal/computeMetadata/v1/', false],
    ['http://rebind.example/', false],
    ['http://meta.example/', false],
    ['http://unknown.example/', false],
    ['file:///etc/passwd', false],
    ['ftp://public.example/', false],
    ['javascript:alert(1)', false],
    ['https://public.example/path?q=1', true],
    ['wss://public.example/socket', true],
    ['data:text/plain,hej', true],
    ['https://93.184.216.34/', true],
  ])('%s → allowed %s', async (url, allowed) => expect((await checkUrl(url, false, lookup)).allowed).toBe(allowed));

  test('with private addresses allowed, only the scheme is checked', async () => {
    expect(await checkUrl('http://127.0.0.1/', true, lookup)).toEqual({ allowed: true });
    expect((await checkUrl('file:///etc/passwd', true, lookup)).allowed).toBe(false);
  });

  test('the reason names the address', async () => {
    expect(await checkUrl('http://rebind.example/', false, lookup)).toEqual({ allowed: false, reason: 'rebind.example resolves to 10.0.0.5, which is not a public address' });
  });
});

describe('in the browser', () => {
  const t = useEngine();
  // *.kollega.test is 127.0.0.1 to the browser (see test/launch.ts) and a public address to the guard.
  const lookup: Lookup = async (host) => {
    if (host.endsWith('.kollega.test')) return ['93.184.216.34'];
    throw new Error('ENOTFOUND');
  };
  const site = (path: string) => `http://site.kollega.test:${t.server.port}${path}`;

  test('a navigate to 127.0.0.1 fails as blocked_address and nothing reaches the server', async () => {
    t.server.page('/private', '<p>privat</p>');
    const { outcome } = await t.run([{ type: 'navigate', url: t.server.url('/private') }], { allowPrivateAddresses: false });
    expect(outcome).toMatchObject({ status: 'failed', failedIndex: 0, errorType: 'blocked_address' });
    expect(outcome.errorMessage).toContain('127.0.0.1 is not a public address');
    expect(t.server.hits('/private')).toBe(0);
  });

  test('requests of a public page to 127.0.0.1, 169.254.169.254 and 10.x (and a WebSocket) are aborted and logged; a link to 127.0.0.1 fails the click', async () => {
    t.server.page(
      '/public',
      `<script>
        fetch('http://127.0.0.1:${t.server.port}/post/leak', { method: 'POST', body: '"x"' }).catch(() => {});
        fetch('http://169.254.169.254/latest/meta-data/').catch(() => {});
        fetch('http://10.0.0.1/admin').catch(() => {});
        try { new WebSocket('ws://127.0.0.1:${t.server.port}/ws'); } catch {}
        fetch('/post/same-site', { method: 'POST', body: '"ok"' });
      </script>
      <a href="http://127.0.0.1:${t.server.port}/private">Intranät</a>`,
    );
    t.server.page('/private', '<p>privat</p>');
    const { outcome, ends } = await t.run(
      [
        { type: 'navigate', url: site('/public') },
        { type: 'waitForExpression', expression: 'new Promise((r) => setTimeout(() => r(true), 300))' },
        { type: 'click', selectors: ['text/Intranät'] },
        { type: 'wait', ms: 1000 },
      ],
      { allowPrivateAddresses: false, lookup },
    );
    expect(outcome).toMatchObject({ status: 'failed', failedIndex: 2, errorType: 'blocked_address' });
    const logged = ends.slice(0, 2).flatMap((e) => e.log.map((l) => l.message)).join('\n');
    expect(logged).toContain(`blocked a request to http://127.0.0.1:${t.server.port}/post/leak`);
    expect(logged).toContain('blocked a request to http://169.254.169.254/latest/meta-data/');
    expect(logged).toContain('blocked a request to http://10.0.0.1/admin');
    expect(logged).toContain(`blocked a request to ws://127.0.0.1:${t.server.port}/ws`);
    await expect.poll(() => t.server.posts('same-site')).toEqual(['ok']);
    expect(t.server.posts('leak')).toEqual([]);
    expect(t.server.hits('/private')).toBe(0);
  });

  test('a redirect from a public address to a private one fails the navigate as blocked_address, and its page is not shown', async () => {
    t.server.page('/private', '<p id="secret">privat</p>');
    const { outcome, page } = await t.run([{ type: 'navigate', url: site(`/redirect?to=${encodeURIComponent(t.server.url('/private'))}`) }], {
      allowPrivateAddresses: false,
      lookup,
    });
    expect(outcome).toMatchObject({ status: 'failed', errorType: 'blocked_address' });
    expect(outcome.errorMessage).toContain(`was redirected to ${t.server.url('/private')}`);
    expect(t.server.hits('/redirect')).toBe(1);
    // Playwright cannot hold a redirect hop, so the request may have been sent; its document is not kept.
    await expect.poll(() => page.url()).toBe('about:blank');
  });
});
