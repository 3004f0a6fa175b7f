// Navigation targets a deployment refuses when its runners may not reach private networks (PUT …/definition
// and POST /api/workflows/import answer 400 url_private for them unless KOLLEGA_RUNNER_ALLOW_PRIVATE=true,
// which the local stack sets; the runner's network guard uses the same classification at run time).
import { assertEquals } from './assert.ts';
import { isBlockedAddress, isLiteralBlockedUrl } from '../../_shared/blocked-address.ts';

Deno.test('literal loopback, private, link-local and local-name targets are refused', () => {
  for (
    const url of [
      'http://127.0.0.1:8080/',
      'http://localhost/admin',
      'https://app.localhost/',
      'http://10.1.2.3/',
      'http://172.20.0.1/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[fd00::1]/',
      'http://0.0.0.0/',
    ]
  ) assertEquals(isLiteralBlockedUrl(url), true, url);
});

Deno.test('public addresses, names that need DNS and templates are left to the runner', () => {
  for (const url of ['https://fortnox.se/', 'https://93.184.216.34/', 'http://[2606:4700::1111]/', '{{input.url}}', 'not a url']) {
    assertEquals(isLiteralBlockedUrl(url), false, url);
  }
  assertEquals(isBlockedAddress('8.8.8.8'), false);
  assertEquals(isBlockedAddress('100.64.0.1'), true);
});
