// The one way the app talks to the `api` function (SPEC §7, §8): relative /api paths, cookies
// included, JSON bodies, the interface language in Accept-Language. A non-OK response becomes an
// ApiError whose message is `<status>: <body text or status text>`; the server's human message
// (the JSON body's `error`) is kept separately for toasts and alerts. Every response body is read
// or cancelled (an unread body keeps the connection busy), a success that is not JSON (an HTML page
// from a misconfigured host) is a ResponseFormatError with a message in the interface language, and
// every request, body included, ends within a time limit (RequestTimeoutError, a NetworkError).
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

/** The server answered 2xx with a body that is not JSON (e.g. an HTML page from a misconfigured host). */
export class ResponseFormatError extends Error {
  constructor(readonly contentType: string) {
    super(i18n.t('common:errors.unexpected_response'));
    this.name = 'ResponseFormatError';
  }
}

/** No complete response within the request's time limit: to a person, the server could not be reached. */
export class RequestTimeoutError extends NetworkError {
  constructor(timeoutMs: number) {
    super(`no response within ${timeoutMs} ms`);
    this.name = 'RequestTimeoutError';
  }
}

/** How long a request (headers and body) may take unless the call says otherwise. */
export const DEFAULT_TIMEOUT_MS = 30_000;

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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RequestOptions = {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  /** Milliseconds for the whole exchange, body included (default DEFAULT_TIMEOUT_MS). */
  timeoutMs?: number;
};

/**
 * One exchange: sends the request and hands the response to `read`, which must consume or cancel its
 * body. The caller's signal and the time limit both abort it, while waiting for headers or the body.
 */
async function exchange<T>(
  path: string,
  { method = 'GET', body, signal, timeoutMs = DEFAULT_TIMEOUT_MS }: RequestOptions,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = setTimeout(abort, timeoutMs);
  signal?.addEventListener('abort', abort);
  if (signal?.aborted) abort();
  try {
    const response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal: controller.signal,
    });
    return await read(response);
  } catch (error) {
    if (signal?.aborted) throw error;
    // Aborted, but not by the caller: the time limit.
    if (controller.signal.aborted) throw new RequestTimeoutError(timeoutMs);
    throw error instanceof ApiError || error instanceof ResponseFormatError ? error : new NetworkError(error);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

/** A success's JSON body (undefined when empty, e.g. 204); anything else is a ResponseFormatError. */
async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ResponseFormatError(response.headers.get('content-type') ?? '');
  }
}

async function readResult<T>(response: Response): Promise<T> {
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  return readJson<T>(response);
}

/** Any call; resolves with the parsed JSON body (undefined when empty, e.g. 204). */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return exchange(path, options, readResult<T>);
}

type GetOptions = { signal?: AbortSignal; timeoutMs?: number };

/**
 * The generic reader: a GET whose 401 either raises like any other failure (the default) or, with
 * `on401: 'null'`, means "nothing" (used for the current user; its body is cancelled unread).
 */
export function apiGet<T>(path: string, options: GetOptions & { on401: 'null' }): Promise<T | null>;
export function apiGet<T>(path: string, options?: GetOptions & { on401?: 'throw' }): Promise<T>;
export function apiGet<T>(path: string, options: GetOptions & { on401?: 'null' | 'throw' } = {}): Promise<T | null> {
  return exchange(path, { signal: options.signal, timeoutMs: options.timeoutMs }, async (response) => {
    if (response.status === 401 && options.on401 === 'null') {
      await response.body?.cancel();
      return null;
    }
    return readResult<T>(response);
  });
}

/** A failure as one line for a person: the server's message, or a network notice, or the error text. */
export function describeError(error: unknown, networkMessage: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof NetworkError) return networkMessage;
  // ResponseFormatError carries its message in the interface language.
  if (error instanceof Error) return error.message;
  return String(error);
}
