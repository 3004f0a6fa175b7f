// clientAddress: the address the sign-in limits key on is only what a trusted proxy vouches for, under
// each of the three deployments (docs/api.md "Sign-in limits"). Unit tests: no server needed.
import { Hono } from 'hono';
import { type AppEnv, clientAddress } from '../middleware.ts';
import { assertEquals } from './assert.ts';

const app = new Hono<AppEnv>().get('/', (c) => c.text(String(clientAddress(c))));

async function addressOf(headers: Record<string, string>, env: Record<string, string>, peer = '198.51.100.9') {
  const saved = Object.fromEntries(['CLIENT_IP_HEADER', 'TRUSTED_PROXY_HOPS', 'SUPABASE_URL'].map((k) => [k, Deno.env.get(k)]));
  try {
    for (const key of Object.keys(saved)) Deno.env.delete(key);
    for (const [key, value] of Object.entries(env)) Deno.env.set(key, value);
    const response = await app.request('/', { headers }, { remoteAddr: { hostname: peer } });
    return await response.text();
  } finally {
    for (const [key, value] of Object.entries(saved)) value === undefined ? Deno.env.delete(key) : Deno.env.set(key, value);
  }
}

Deno.test('without a trusted proxy the peer is the address, whatever forwarding headers the client sends', async () => {
  assertEquals(await addressOf({ 'X-Forwarded-For': '203.0.113.1', 'X-Real-IP': '203.0.113.2', 'CF-Connecting-IP': '203.0.113.3' }, {}), '198.51.100.9');
});

Deno.test('TRUSTED_PROXY_HOPS=1: the entry the proxy appended, not the client-chosen first one', async () => {
  assertEquals(await addressOf({ 'X-Forwarded-For': '203.0.113.1, 192.0.2.44' }, { TRUSTED_PROXY_HOPS: '1' }), '192.0.2.44');
  assertEquals(await addressOf({ 'X-Forwarded-For': '192.0.2.44' }, { TRUSTED_PROXY_HOPS: '1' }), '192.0.2.44');
  assertEquals(await addressOf({}, { TRUSTED_PROXY_HOPS: '1' }), '198.51.100.9', 'no header: not through the proxy, the peer');
  assertEquals(await addressOf({ 'X-Forwarded-For': '203.0.113.1, not-an-address' }, { TRUSTED_PROXY_HOPS: '1' }), 'null');
});

Deno.test('TRUSTED_PROXY_HOPS=2: the second entry from the right (the outer proxy appended the client)', async () => {
  assertEquals(await addressOf({ 'X-Forwarded-For': '203.0.113.1, 192.0.2.44, 10.0.0.2' }, { TRUSTED_PROXY_HOPS: '2' }), '192.0.2.44');
});

Deno.test('CLIENT_IP_HEADER: that header only, never X-Forwarded-For or the peer', async () => {
  const env = { CLIENT_IP_HEADER: 'cf-connecting-ip', TRUSTED_PROXY_HOPS: '1' };
  assertEquals(await addressOf({ 'CF-Connecting-IP': '192.0.2.44', 'X-Forwarded-For': '203.0.113.1' }, env), '192.0.2.44');
  assertEquals(await addressOf({ 'CF-Connecting-IP': '2001:db8::1' }, env), '2001:db8::1');
  assertEquals(await addressOf({ 'X-Forwarded-For': '203.0.113.1' }, env), 'null', 'header missing: no address rather than a guessable one');
});

Deno.test('a hosted Supabase project uses cf-connecting-ip unless CLIENT_IP_HEADER says otherwise', async () => {
  const hosted = { SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co' };
  assertEquals(await addressOf({ 'CF-Connecting-IP': '192.0.2.44', 'X-Forwarded-For': '203.0.113.1' }, hosted), '192.0.2.44');
  assertEquals(await addressOf({ 'X-Forwarded-For': '203.0.113.1' }, hosted), 'null');
  assertEquals(await addressOf({ 'X-Real-IP': '192.0.2.45', 'CF-Connecting-IP': '192.0.2.44' }, { ...hosted, CLIENT_IP_HEADER: 'x-real-ip' }), '192.0.2.45');
  assertEquals(await addressOf({ 'CF-Connecting-IP': '192.0.2.44' }, { SUPABASE_URL: 'http://127.0.0.1:54321' }), '198.51.100.9', 'locally: the peer');
});
