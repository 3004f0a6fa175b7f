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

  it('describes a failure by the server message first, else the error text', () => {
    expect(describeError(new ApiError(409, 'Conflict', '{"error":"Finns redan"}'), 'offline')).toBe('Finns redan');
    expect(describeError(new ApiError(500, 'Internal Server Error', ''), 'offline')).toBe('500: Internal Server Error');
  });
});
