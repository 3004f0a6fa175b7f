// The one way the app talks to the `api` function (SPEC §7, §8): relative /api paths, cookies
// included, JSON bodies, the interface language in Accept-Language. A non-OK response becomes an
// ApiError whose message is `<status>: <body text or status text>`; the server's human message
// (the JSON body's `error`) is kept separately for toasts and alerts. Every response body is read
// or cancelled (an unread body keeps the connection busy), a success that is not JSON (an HTML page
// from a misconfigured host) is an ApiError whose server message says so in the interface language, and every request, body included, ends within a time limit (then a NetworkError).
import { currentLanguage, i18n } from './i18n';

export type ApiErrorBody = { error?: unknown; code?: unknown; fields?: unknown };

export class ApiError extends Error {
  readonly status: number;
  /** The raw response body text ('' when empty). */
  readonly body: string;
  /** The server's message in the request language, when the body is the API's JSON error shape. */
  readonly serverMessage?: string;
  readonly code?: string;
  readonly fields?: Record<string, string>;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const parsed = parseErrorBody(body);
    if (typeof parsed?.error === 'string' && parsed.error) this.serverMessage = parsed.error;
    if (typeof parsed?.code === 'string') this.code = parsed.code;
    if (isStringRecord(parsed?.fields)) this.fields = parsed.fields;
  }
}

/** The request never got a response (offline, DNS, refused connection, CORS). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'NetworkError';
  }
}

/** How long a request (headers and body) may take. */
const TIMEOUT_MS = 30_000;

function parseErrorBody(body: string): ApiErrorBody | null {
  try {
    const value: unknown = JSON.parse(body);
    return value !== null && typeof value === 'object' ? (value as ApiErrorBody) : null;
  } catch {
    return null;
  }
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return value !== null && typeof value === 'object' && Object.values(value).every((v) => typeof v === 'string');
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
};

/**
 * One exchange, body included, within the time limit: a 401 is null when `on401Null` (its body cancelled
 * unread), another failure an ApiError, a success its JSON body (undefined when empty, e.g. 204). A success
 * that is not JSON (an HTML page from a misconfigured host) is an ApiError whose server message, in the
 * interface language, says the answer was unexpected.
 */
async function exchange<T>(path: string, { method = 'GET', body, signal }: RequestOptions, on401Null?: boolean): Promise<T | null> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  // A FormData body (a file upload) is sent as multipart/form-data with the boundary the browser writes.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  try {
    const response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      credentials: 'include',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (response.status === 401 && on401Null) {
      await response.body?.cancel();
      return null;
    }
    const text = await response.text();
    if (!response.ok) throw new ApiError(response.status, response.statusText, text);
    try {
      return text ? JSON.parse(text) : (undefined as T);
    } catch {
      throw new ApiError(response.status, response.statusText, JSON.stringify({ error: i18n.t('common:errors.unexpected_response') }));
    }
  } catch (error) {
    if (signal?.aborted || error instanceof ApiError) throw error;
    // Offline, refused, or no complete answer in time (the cause is then the time limit's TimeoutError).
    throw new NetworkError(error);
  }
}

/** Any call; resolves with the parsed JSON body (undefined when empty, e.g. 204). */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return exchange<T>(path, options) as Promise<T>;
}

type GetOptions = { signal?: AbortSignal };

/**
 * The generic reader: a GET whose 401 either raises like any other failure (the default) or, with
 * `on401: 'null'`, means "nothing" (used for the current user).
 */
export function apiGet<T>(path: string, options: GetOptions & { on401: 'null' }): Promise<T | null>;
export function apiGet<T>(path: string, options?: GetOptions & { on401?: 'throw' }): Promise<T>;
export function apiGet<T>(path: string, options: GetOptions & { on401?: 'null' | 'throw' } = {}): Promise<T | null> {
  return exchange<T>(path, options, options.on401 === 'null');
}

/** A failure as one line for a person: the server's message, or a network notice, or the error text. */
export function describeError(error: unknown, networkMessage: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof NetworkError) return networkMessage;
  if (error instanceof Error) return error.message;
  return String(error);
}
