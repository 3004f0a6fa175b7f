import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/api-mock';
import { ApiError, apiGet, apiRequest, describeError, NetworkError } from './api-client';
import { i18n } from './i18n';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

describe('api client', () => {
  it('raises "<status>: <body text>" with the server message kept apart', async () => {
    mockApi({ 'POST /api/login': () => json(401, { error: 'Fel e-postadress eller lösenord', code: 'invalid_credentials' }) });
    const failure = await apiRequest('/api/login', { method: 'POST', body: { email: 'a@b.se', password: 'x' } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    const error = failure as ApiError;
    expect(error.message).toBe('401: {"error":"Fel e-postadress eller lösenord","code":"invalid_credentials"}');
    expect(error.status).toBe(401);
    expect(error.serverMessage).toBe('Fel e-postadress eller lösenord');
    expect(error.code).toBe('invalid_credentials');
  });

  it('uses the status text when the body is empty ("401: Unauthorized")', async () => {
    mockApi({ 'GET /api/workflows': () => new Response(null, { status: 401, statusText: 'Unauthorized' }) });
    await expect(apiGet('/api/workflows')).rejects.toThrow(/^401: Unauthorized$/);
  });

  it('keeps a plain-text body as the message and has no server message', async () => {
    mockApi({ 'GET /api/workflows': () => new Response('upstream timed out', { status: 504, statusText: 'Gateway Timeout' }) });
    const error = (await apiGet('/api/workflows').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('504: upstream timed out');
    expect(error.serverMessage).toBeUndefined();
  });

  it('carries field errors of a 400', async () => {
    mockApi({
      'POST /api/register': () =>
        json(400, { error: 'Ogiltiga uppgifter', code: 'validation_failed', fields: { 'organizationData.phone': 'Telefonnummer krävs' } }),
    });
    const error = (await apiRequest('/api/register', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.fields).toEqual({ 'organizationData.phone': 'Telefonnummer krävs' });
  });

  it('reads a 401 of the current-user call as nobody when asked to, and raises by default', async () => {
    mockApi({ 'GET /api/user': () => new Response(null, { status: 401, statusText: 'Unauthorized' }) });
    await expect(apiGet('/api/user', { on401: 'null' })).resolves.toBeNull();
    await expect(apiGet('/api/user')).rejects.toThrow('401: Unauthorized');
  });

  it('still raises other failures of the current-user call', async () => {
    mockApi({ 'GET /api/user': () => new Response('', { status: 502, statusText: 'Bad Gateway' }) });
    await expect(apiGet('/api/user', { on401: 'null' })).rejects.toThrow('502: Bad Gateway');
  });

  it('sends cookies, JSON and the interface language', async () => {
    await i18n.changeLanguage('en');
    const { calls, fetchMock } = mockApi({ 'POST /api/login': () => json(200, { id: '1' }) });
    await expect(apiRequest('/api/login', { method: 'POST', body: { email: 'a@b.se', password: 'pw' } })).resolves.toEqual({ id: '1' });
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'include', method: 'POST' });
    expect(calls[0].headers['content-type']).toBe('application/json');
    expect(calls[0].headers['accept-language']).toBe('en');
    expect(calls[0].body).toEqual({ email: 'a@b.se', password: 'pw' });
  });

  it('resolves undefined for an empty success body (204)', async () => {
    mockApi({ 'POST /api/logout': () => new Response(null, { status: 204 }) });
    await expect(apiRequest('/api/logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('turns an unreachable server into a NetworkError', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await apiGet('/api/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(describeError(error, 'offline')).toBe('offline');
  });

  it('cancels the unread body of a 401 from the current-user call', async () => {
    const cancel = vi.fn();
    const body = new ReadableStream({ cancel });
    mockApi({ 'GET /api/user': () => new Response(body, { status: 401, statusText: 'Unauthorized' }) });
    await expect(apiGet('/api/user', { on401: 'null' })).resolves.toBeNull();
    expect(cancel).toHaveBeenCalledOnce();
  });

  it('reads every other body to its end, success and failure alike', async () => {
    const bodies: Response[] = [];
    const keep = (response: Response) => (bodies.push(response), response);
    mockApi({
      'GET /api/workflows': () => keep(json(200, [])),
      'GET /api/runs': () => keep(json(500, { error: 'Fel' })),
      'POST /api/logout': () => keep(new Response(null, { status: 204 })),
    });
    await apiGet('/api/workflows');
    await apiGet('/api/runs').catch(() => undefined);
    await apiRequest('/api/logout', { method: 'POST' });
    expect(bodies.map((r) => r.bodyUsed || r.body === null)).toEqual([true, true, true]);
  });

  it('turns a 2xx that is not JSON (an HTML page) into a clear error in the interface language', async () => {
    mockApi({ 'GET /api/workflows': () => new Response('<!doctype html><html></html>', { status: 200, headers: { 'Content-Type': 'text/html' } }) });
    const error = (await apiGet('/api/workflows').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(200);
    expect(error.serverMessage).toBe('Servern svarade inte som väntat. Försök igen om en stund.');
    expect(error.message).not.toMatch(/Unexpected token/);
    await i18n.changeLanguage('en');
    const english = await apiRequest('/api/workflows').catch((e: unknown) => e);
    expect(describeError(english, 'offline')).toBe('The server did not respond as expected. Please try again in a moment.');
  });

  describe('time limit', () => {
    /** A fetch that never answers but honours its signal, like the browser's. */
    const hanging = () =>
      vi.stubGlobal('fetch', vi.fn((_input: unknown, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)))));

    /** The 30 s limit, shortened to 50 ms for the test. */
    const shortLimit = () => {
      const timeout = AbortSignal.timeout.bind(AbortSignal);
      return vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => timeout(50));
    };

    it('gives every request 30 s and ends one without an answer as an unreachable server', async () => {
      const limit = shortLimit();
      hanging();
      const error = await apiRequest('/api/workflows').catch((e: unknown) => e);
      expect(limit).toHaveBeenCalledWith(30_000);
      // Shown like any unreachable server: the caller's network message, in the interface language.
      expect(error).toBeInstanceOf(NetworkError);
      expect(((error as NetworkError).cause as Error).name).toBe('TimeoutError');
      expect(describeError(error, 'Det gick inte att nå servern.')).toBe('Det gick inte att nå servern.');
    });

    it('also limits a body that stops arriving', async () => {
      vi.stubGlobal('fetch', vi.fn((_input: unknown, init: RequestInit) => {
        const body = new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('[{"id":'));
            init.signal?.addEventListener('abort', () => controller.error(init.signal?.reason));
          },
        });
        return Promise.resolve(new Response(body, { status: 200 }));
      }));
      shortLimit();
      const error = await apiRequest('/api/workflows').catch((e: unknown) => e);
      expect(((error as NetworkError).cause as Error).name).toBe('TimeoutError');
    });

    it('leaves a cancellation by the caller as it is (no timeout, no network error)', async () => {
      hanging();
      const controller = new AbortController();
      const pending = apiGet('/api/workflows', { signal: controller.signal }).catch((e: unknown) => e);
      controller.abort();
      expect(await pending).not.toBeInstanceOf(NetworkError);
    });
  });

  it('describes a failure by the server message first, else the error text', () => {
    expect(describeError(new ApiError(409, 'Conflict', '{"error":"Finns redan"}'), 'offline')).toBe('Finns redan');
    expect(describeError(new ApiError(500, 'Internal Server Error', ''), 'offline')).toBe('500: Internal Server Error');
  });
});
