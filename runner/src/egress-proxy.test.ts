// The egress proxy (egress-proxy.ts) with real Chromium contexts behind it. The "bank" is a server on 127.0.0.1,
// allowed here; the "metadata service" is a server on 127.0.0.2, which the test's policy blocks (in production
// every non-public address is blocked). Names resolve through a fake lookup, as DNS would answer.
import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startEgressProxy, type EgressProxy } from './egress-proxy.ts';
import { getBrowser } from './engine/test/browser.ts';

let browser: Browser;
let proxy: EgressProxy;
let bank: Server;
let metadata: Server;
let bankPort: number;
let metadataPort: number;
let metadataHits = 0;
let rebinds = 0;
const lookups: string[] = [];

async function listen(host: string, onRequest: Parameters<typeof createServer>[1]): Promise<[Server, number]> {
  const server = createServer(onRequest);
  await new Promise<void>((r) => server.listen(0, host, r));
  return [server, (server.address() as { port: number }).port];
}

beforeAll(async () => {
  [bank, bankPort] = await listen('127.0.0.1', (req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
    if (to) return void res.writeHead(302, { location: to }).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Banken</h1>');
  });
  [metadata, metadataPort] = await listen('127.0.0.2', (_req, res) => {
    metadataHits++;
    res.writeHead(200, { 'content-type': 'text/plain' }).end('iam-credentials');
  });
  proxy = await startEgressProxy({
    blocked: (address) => address === '127.0.0.2',
    lookup: async (host) => {
      lookups.push(host);
      if (host === 'bank.example') return ['127.0.0.1'];
      if (host === 'metadata.example') return ['127.0.0.2'];
      if (host === 'both.example') return ['127.0.0.1', '127.0.0.2'];
      // Rebinding: public at the first answer, the metadata address after.
      if (host === 'rebind.example') return rebinds++ === 0 ? ['127.0.0.1'] : ['127.0.0.2'];
      throw new Error('ENOTFOUND');
    },
  });
  browser = await getBrowser();
});

afterAll(async () => {
  await proxy?.close();
  bank?.close();
  metadata?.close();
  await browser?.close();
});

beforeEach(() => {
  metadataHits = 0;
});

async function pageBehindProxy() {
  const context = await browser.newContext({ proxy: { server: proxy.url } });
  return context.newPage();
}

describe('the egress proxy', () => {
  test('lets a run reach an allowed site by name', async () => {
    const page = await pageBehindProxy();
    const response = await page.goto(`http://bank.example:${bankPort}/`);
    expect(response?.status()).toBe(200);
    expect(await page.locator('h1').innerText()).toBe('Banken');
    await page.context().close();
  });

  test('refuses a name that resolves to a blocked address, also when only one of its addresses is', async () => {
    const page = await pageBehindProxy();
    for (const host of ['metadata.example', 'both.example']) {
      const port = host === 'metadata.example' ? metadataPort : bankPort;
      const response = await page.goto(`http://${host}:${port}/latest/meta-data/`);
      expect(response?.status(), host).toBe(403);
      expect(await page.locator('body').innerText()).toContain('Kollega refused the connection');
    }
    expect(metadataHits).toBe(0);
    await page.context().close();
  });

  test('refuses a redirect hop to a blocked address, and an https tunnel to one', async () => {
    const page = await pageBehindProxy();
    const response = await page.goto(`http://bank.example:${bankPort}/?to=${encodeURIComponent(`http://metadata.example:${metadataPort}/`)}`);
    expect(response?.status()).toBe(403);
    await page.goto(`http://bank.example:${bankPort}/`);
    const tunnel = await page.evaluate((url) => fetch(url).then(() => 'reached', () => 'refused'), `https://metadata.example:${metadataPort}/`);
    expect(tunnel).toBe('refused');
    expect(metadataHits).toBe(0);
    await page.context().close();
  });

  test('connects to the address it checked: a DNS answer that changes afterwards (rebinding) reaches nothing', async () => {
    rebinds = 0;
    const first = await pageBehindProxy();
    expect((await first.goto(`http://rebind.example:${metadataPort}/`).catch(() => null))?.status()).not.toBe(200);
    await first.context().close();
    const second = await pageBehindProxy();
    expect((await second.goto(`http://rebind.example:${metadataPort}/`))?.status()).toBe(403);
    await second.context().close();
    expect(lookups.filter((h) => h === 'rebind.example').length).toBeGreaterThanOrEqual(2); // resolved again per connection
    expect(metadataHits).toBe(0);
  });
});
