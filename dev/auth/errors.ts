// GoTrue's HTTPError and its two JSON shapes (docs/local-stack.md, "Errors").
import type { IncomingMessage, ServerResponse } from 'node:http';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new ApiError(400, code, message);
export const validationFailed = (message: string) => new ApiError(400, 'validation_failed', message);

export const MIN_PASSWORD_LENGTH = 6;

export function weakPassword(): ApiError {
  const message = `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`;
  return new ApiError(422, 'weak_password', message, { weak_password: { reasons: ['length'] } });
}

const API_VERSION = '2024-01-01';

/** True when the client asked for the 2024-01-01 error shape (supabase-js always does). */
export function wantsNewShape(req: IncomingMessage): boolean {
  const raw = req.headers['x-supabase-api-version'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(date) && date >= Date.parse(`${API_VERSION}T00:00:00Z`);
}

export function sendError(req: IncomingMessage, res: ServerResponse, error: ApiError) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (error.code) headers['x-sb-error-code'] = error.code;
  let body: Record<string, unknown>;
  if (wantsNewShape(req)) {
    headers['X-Supabase-Api-Version'] = API_VERSION;
    body = { code: error.code, message: error.message, ...error.extra };
  } else {
    body = { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  }
  res.writeHead(error.status, headers).end(JSON.stringify(body));
}
