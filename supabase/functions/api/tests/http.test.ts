// Behaviour every endpoint shares: the error shape, 404/405, CSRF, malformed and oversize bodies, language.
import { assert, assertEquals, assertMatch } from './assert.ts';
import { API_URL, APP_URL, Client, registerUser } from './helpers.ts';

Deno.test('an unknown /api path answers 404 in the JSON error shape', async () => {
  const response = await new Client('en').get('/no-such-thing');
  assertEquals(response.status, 404);
  assertEquals(response.body, { error: 'Not found', code: 'not_found' });
});

Deno.test('GET /api/login answers 405 with an Allow header', async () => {
  const response = await new Client().get('/login');
  assertEquals(response.status, 405);
  assertEquals(response.headers.get('allow'), 'POST');
  assertEquals(response.body.code, 'method_not_allowed');
});

Deno.test('DELETE /api/user answers 405 with an Allow header listing GET', async () => {
  const response = await new Client().request('DELETE', '/user');
  assertEquals(response.status, 405);
  assertMatch(response.headers.get('allow') ?? '', /\bGET\b/);
});

Deno.test('POST /api/login refuses a request without an Origin header with 403', async () => {
  const response = await new Client().post('/login', { email: 'a@b.se', password: 'x' }, { noOrigin: true });
  assertEquals(response.status, 403);
  assertEquals(response.body.code, 'csrf_rejected');
});

Deno.test('POST /api/login refuses a cross-site Origin with 403', async () => {
  const response = await new Client().post('/login', { email: 'a@b.se', password: 'x' }, {
    headers: { Origin: 'https://evil.example' },
  });
  assertEquals(response.status, 403);
  assertEquals(response.body.code, 'csrf_rejected');
});

Deno.test("POST /api/login refuses a text/plain body from the app's own origin with 403", async () => {
  const response = await new Client().post('/login', '{"email":"a@b.se","password":"x"}', {
    headers: { 'Content-Type': 'text/plain' },
  });
  assertEquals(response.status, 403);
  assertEquals(response.body.code, 'csrf_rejected');
});

Deno.test('POST /api/logout refuses a cross-site Origin with 403 even without a body', async () => {
  const response = await new Client().post('/logout', undefined, { headers: { Origin: 'https://evil.example' } });
  assertEquals(response.status, 403);
  assertEquals(response.body.code, 'csrf_rejected');
});

Deno.test("POST /api/login accepts the web app's own origin (SITE_URL), as sent through its /api proxy", async () => {
  const response = await new Client().post('/login', { email: 'nobody@example.se', password: 'x' }, {
    headers: { Origin: APP_URL },
  });
  assertEquals(response.status, 401);
});

Deno.test('session cookies are Secure when the app is not served from localhost', async () => {
  const { payload } = await registerUser();
  const response = await new Client().post('/login', { email: payload.email, password: payload.password }, {
    headers: { Origin: 'https://app.kollega.example', 'X-Forwarded-Host': 'app.kollega.example' },
  });
  assertEquals(response.status, 200);
  for (const cookie of response.setCookies.values()) assertMatch(cookie.attributes, /;\s*Secure/i);
});

Deno.test('session cookies are not Secure on localhost, where the app runs over plain http', async () => {
  const { payload } = await registerUser();
  const response = await new Client().post('/login', { email: payload.email, password: payload.password });
  assertEquals(response.status, 200);
  for (const cookie of response.setCookies.values()) assert(!/;\s*Secure/i.test(cookie.attributes));
});

Deno.test('POST /api/login answers 400 to malformed JSON', async () => {
  const response = await new Client('en').post('/login', '{"email": "a@b.se",');
  assertEquals(response.status, 400);
  assertEquals(response.body, { error: 'The request body is not valid JSON', code: 'invalid_json' });
});

Deno.test('POST /api/login answers 400 to a JSON body that is not an object', async () => {
  const response = await new Client('en').post('/login', '[1, 2]');
  assertEquals(response.status, 400);
  assertEquals(response.body.code, 'validation_failed');
});

Deno.test('POST /api/register answers 413 to a body over 64 KB', async () => {
  const response = await new Client('en').post('/register', { email: 'a@b.se', padding: 'x'.repeat(70 * 1024) });
  assertEquals(response.status, 413);
  assertEquals(response.body.code, 'payload_too_large');
});

Deno.test('POST /api/register answers 413 to an oversize body sent without Content-Length', async () => {
  const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ < 6) controller.enqueue(chunk);
      else controller.close();
    },
  });
  const response = await fetch(`${API_URL}/register`, {
    method: 'POST',
    headers: { Origin: new URL(API_URL).origin, 'Content-Type': 'application/json' },
    body: stream,
  });
  assertEquals(response.status, 413);
  assertEquals((await response.json()).code, 'payload_too_large');
});

Deno.test('error messages follow Accept-Language and default to Swedish', async () => {
  const english = await new Client('en').get('/user');
  assertEquals(english.body.error, 'You are not signed in');
  const swedish = await new Client('sv').get('/user');
  assertEquals(swedish.body.error, 'Du är inte inloggad');
  const other = await new Client().get('/user', { headers: { 'Accept-Language': 'de-DE,en;q=0.8' } });
  assertEquals(other.body.error, 'Du är inte inloggad');
  const regional = await new Client().get('/user', { headers: { 'Accept-Language': 'en-GB,sv;q=0.8' } });
  assertEquals(regional.body.error, 'You are not signed in');
});

Deno.test('responses are never cached', async () => {
  const response = await new Client().get('/user');
  assert(response.headers.get('cache-control')?.includes('no-store'));
});
