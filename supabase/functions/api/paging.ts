// Keyset (cursor) paging of the list endpoints (docs/api.md "Lists and pages"). A page is
// `{ items, nextCursor }`: at most `limit` rows in the list's fixed order, and the cursor of the row after which
// the next page starts (null on the last page). The order always ends in the row's id, so rows that tie on the
// sort key (the same created_at) keep one order across pages, and a page is one index range after the cursor.
//
// A cursor is opaque to clients: `<payload>.<mac>`, both base64url. The payload is the list's name and the last
// row's sort key; the MAC (HMAC-SHA-256 with a key from the function's JWT secret, over the payload, the list's
// filters and the caller's user id) makes a cursor that was changed, made up, taken from another list or filter, or from
// another person a 400 in the caller's language. It positions a page and nothing else: what a page holds is what
// RLS lets the caller read, so no cursor can show another organisation's rows.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import { HttpError } from '../_shared/http.ts';
import { validationMessage } from '../_shared/i18n.ts';
import type { Page } from '../_shared/types/api.ts';
import type { AppEnv } from './middleware.ts';

/** Longer than any cursor the function writes (a list name, two or three key values and the MAC). */
const MAX_CURSOR_LENGTH = 512;

/** The `limit` and `cursor` query parameters of a paged list, to `.extend()` a list's own query schema with. */
export function pageParams(defaultSize: number, maxSize: number) {
  return {
    limit: z.coerce.number({ message: 'limit_invalid' }).int('limit_invalid').min(1, 'limit_invalid').max(maxSize, 'limit_invalid')
      .default(defaultSize),
    cursor: z.string().min(1, 'cursor_invalid').max(MAX_CURSOR_LENGTH, 'cursor_invalid').optional(),
  };
}

/** A row's sort key as the cursor keeps it: strings (timestamps as Postgres' text, ids) and booleans. */
export type Key = (string | boolean)[];

let macKey: string | undefined;

/** A key of its own (the secret with a label), so that no cursor MAC could ever pass for a token signature. */
function cursorKey(): string {
  if (macKey === undefined) {
    const secret = Deno.env.get('KOLLEGA_JWT_SECRET') || Deno.env.get('SUPABASE_JWT_SECRET');
    if (!secret) throw new Error('KOLLEGA_JWT_SECRET (or SUPABASE_JWT_SECRET) is not set');
    macKey = `kollega-page-cursor:${secret}`;
  }
  return macKey;
}

/**
 * HMAC-SHA-256 of a cursor's signed text. Computed synchronously (node:crypto): Web Crypto's `sign` answers on a
 * later turn of the event loop, which cost a paged list about 0.2 ms per request in the function.
 */
function macOf(scope: Scope, payload: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', cursorKey()).update(signed(scope, payload)).digest());
}

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

/** What a list's cursor is bound to: the list, its filters (any JSON-able value; same filters, same string) and the caller. */
export type Scope = { list: string; filters: unknown; userId: string };

/** The scope of a list read by the request's caller. */
export function scopeOf(c: Context<AppEnv>, list: string, filters: unknown): Scope {
  return { list, filters, userId: c.get('session').claims.sub };
}

/** The MAC covers the caller and the filters too (not carried in the cursor, which stays short). */
const signed = (scope: Scope, payload: string) => new TextEncoder().encode(`${scope.userId}\n${JSON.stringify(scope.filters)}\n${payload}`);

const payloadOf = (scope: Scope, key: Key) => base64url(new TextEncoder().encode(JSON.stringify([scope.list, key])));

export function encodeCursor(scope: Scope, key: Key): string {
  const payload = payloadOf(scope, key);
  return `${payload}.${base64url(macOf(scope, payload))}`;
}

/**
 * The sort key of a cursor written by encodeCursor for this scope, checked against `shape`; 400
 * `validation_failed` (field `cursor`, in the request's language) for anything else.
 */
export function decodeCursor<S extends z.ZodType<Key>>(c: Context<AppEnv>, scope: Scope, cursor: string, shape: S): z.output<S> {
  const invalid = () => {
    const message = validationMessage(c.get('lang'), 'cursor_invalid') ?? 'cursor_invalid';
    return new HttpError(400, 'validation_failed', { fields: { cursor: message }, message });
  };
  const [payload, mac, extra] = cursor.split('.');
  const macBytes = mac === undefined || extra !== undefined ? null : fromBase64url(mac);
  if (!payload || !macBytes) throw invalid();
  const expected = macOf(scope, payload);
  if (macBytes.length !== expected.length || !timingSafeEqual(macBytes, expected)) throw invalid();
  let decoded: unknown;
  try {
    decoded = JSON.parse(new TextDecoder().decode(fromBase64url(payload) ?? new Uint8Array()));
  } catch {
    throw invalid();
  }
  // Signed by us for this person, but for another list: the page would not follow the last.
  if (!Array.isArray(decoded) || decoded.length !== 2 || decoded[0] !== scope.list) throw invalid();
  const key = shape.safeParse(decoded[1]);
  if (!key.success) throw invalid();
  return key.data;
}

/** The cursor after the page's last row when rows read with `limit + 1` had one more; null on the last page. */
function nextCursorOf<R>(scope: Scope, rows: R[], limit: number, keyOf: (row: R) => Key): string | null {
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return last === undefined ? null : encodeCursor(scope, keyOf(last));
}

/**
 * A page from rows read with `limit + 1`: the first `limit`, and a cursor after the last of them when there
 * was one more. `strip` removes the columns that only carry the sort key (e.g. a timestamp as text).
 */
export function toPage<R, T>(scope: Scope, rows: R[], limit: number, keyOf: (row: R) => Key, strip: (row: R) => T): Page<T> {
  const items = rows.slice(0, limit);
  return { items: items.map(strip), nextCursor: nextCursorOf(scope, rows, limit, keyOf) };
}

/**
 * The answer with a page (as toPage) of rows whose item Postgres wrote as JSON text (`item`): the page's JSON is put
 * together around those texts instead of parsing each row's columns and serializing them again.
 */
export function jsonPage<R extends { item: string }>(c: Context<AppEnv>, scope: Scope, rows: R[], limit: number, keyOf: (row: R) => Key): Response {
  const items = rows.slice(0, limit);
  const nextCursor = nextCursorOf(scope, rows, limit, keyOf);
  return c.body(`{"items":[${items.map((r) => r.item).join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`, 200, { 'Content-Type': 'application/json' });
}

/**
 * A timestamp in a cursor: Postgres' microseconds in UTC as CURSOR_TIMESTAMP (_shared/statements.ts) writes it, so a
 * page starts exactly after the last row (a JS Date keeps milliseconds). In SQL it must be cast `::text::timestamptz`:
 * for a parameter Postgres types timestamptz, postgres.js goes through a JS Date and drops the microseconds.
 */
export const timestampKey = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
export const idKey = z.uuid();
