// The one way the app talks to the `api` function (SPEC §7, §8): relative /api paths, cookies
// included, JSON bodies, the interface language in Accept-Language. A non-OK response becomes an
// ApiError whose message is `<status>: <body text or status text>`; the server's human message
// (the JSON body's `error`) is kept separately for toasts and alerts.
import { currentLanguage } from './i18n';

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
};

async function send(path: string, { method = 'GET', body, signal }: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError(error);
  }
}

async function readBody<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Any call; resolves with the parsed JSON body (undefined when empty, e.g. 204). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  return readBody<T>(response);
}

/**
 * The generic reader: a GET whose 401 either raises like any other failure (the default) or, with
 * `on401: 'null'`, means "nothing" (used for the current user).
 */
export async function apiGet<T>(path: string, options: { on401: 'null'; signal?: AbortSignal }): Promise<T | null>;
export async function apiGet<T>(path: string, options?: { on401?: 'throw'; signal?: AbortSignal }): Promise<T>;
export async function apiGet<T>(path: string, options: { on401?: 'null' | 'throw'; signal?: AbortSignal } = {}): Promise<T | null> {
  const response = await send(path, { signal: options.signal });
  if (response.status === 401 && options.on401 === 'null') return null;
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  return readBody<T>(response);
}

/** A failure as one line for a person: the server's message, or a network notice, or the error text. */
export function describeError(error: unknown, networkMessage: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof NetworkError) return networkMessage;
  if (error instanceof Error) return error.message;
  return String(error);
}
