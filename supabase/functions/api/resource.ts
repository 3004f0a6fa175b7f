// Helpers shared by the data-API routes: path ids, query strings, running a query as the caller with
// database errors mapped to HTTP, the caller's role, json parameters and download file names.
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AccessClaims } from '../_shared/auth.ts';
import { type Tx, withUser } from '../_shared/db.ts';
import { fromDbError } from '../_shared/db-errors.ts';
import { fieldErrors, HttpError } from '../_shared/http.ts';
import { type Action, type CreatorAction, hasRole, PERMISSIONS } from '../_shared/permissions.ts';
import type { Role } from '../_shared/types/api.ts';
import type { AppEnv } from './middleware.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid path parameter; anything else is a row that does not exist (404, never a 500). */
export function pathId(c: Context<AppEnv>, name = 'id'): string {
  const value = c.req.param(name);
  if (!value || !UUID.test(value)) throw new HttpError(404, 'not_found');
  return value.toLowerCase();
}

/** The query string validated by a strict schema; 400 with field errors otherwise (a repeated parameter too). */
export function readQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.output<S> {
  const params = new URL(c.req.url).searchParams;
  const input: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    input[key] = values.length === 1 ? values[0] : values;
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { '': root, ...fields } = fieldErrors(result.error.issues, input, c.get('lang'));
  throw new HttpError(400, 'validation_failed', { fields, message: Object.values(fields)[0] ?? root });
}

/** `withUser` for the session of the request, with the database errors a client can cause mapped to 4xx. */
export async function asCaller<T>(c: Context<AppEnv>, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const claims: AccessClaims = c.get('session').claims;
  try {
    return await withUser(claims, fn);
  } catch (error) {
    throw fromDbError(error);
  }
}

/** The caller's role, read under RLS (null when the profile is no longer active). */
export async function callerRole(tx: Tx): Promise<Role | null> {
  const [row] = await tx<{ role: Role }[]>`select role from public.profiles where id = (select auth.uid())`;
  return row?.role ?? null;
}

/** 403 unless the caller has at least `role`. */
export async function requireRole(tx: Tx, role: 'superuser' | 'admin'): Promise<void> {
  const current = await callerRole(tx);
  if (current === null || !hasRole({ id: '', role: current }, role)) {
    throw new HttpError(403, role === 'admin' ? 'admin_only' : 'superuser_only');
  }
}

/** 403 unless the caller's role may take `action` of the shared permission table (an action no creator may take). */
export function requirePermission(tx: Tx, action: Exclude<Action, CreatorAction>): Promise<void> {
  const { role } = PERMISSIONS[action];
  return role === 'user' ? Promise.resolve() : requireRole(tx, role);
}

/**
 * After an update or delete under RLS changed nothing: 403 when the caller can see the row (so it is
 * theirs to read but not to change), else 404 (no hint that it exists in another organisation).
 */
export async function deniedOrMissing(tx: Tx, table: string, id: string, forbidden: HttpError): Promise<never> {
  const [row] = await tx`select 1 from ${tx(table)} where id = ${id}`;
  throw row ? forbidden : new HttpError(404, 'not_found');
}

/** A value (a definition, run inputs) as a json parameter; zod's output types do not fit postgres.js's JSONValue. */
export function jsonParam(tx: Tx, value: unknown) {
  return tx.json(value as Parameters<Tx['json']>[0]);
}

/** `%` and `_` taken literally in an ILIKE pattern. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** A file name from a name: `Hyresavier – månad` → `hyresavier-manad` (ASCII, at most 80 characters). */
export function slug(name: string, fallback: string): string {
  return name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '').slice(0, 80).replace(/-+$/, '') || fallback;
}

/** Headers of a JSON file download. */
export function jsonAttachment(filename: string): Record<string, string> {
  return { 'Content-Type': 'application/json; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"` };
}
