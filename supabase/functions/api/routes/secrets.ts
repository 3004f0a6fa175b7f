// Organisation secrets ({{secret.NAME}} in a workflow; AUTOMATION "The runner"): write-only. Every member
// sees the names; superusers and admins set and delete them. A value goes to app.set_secret with the
// encryption key from this function's environment (KOLLEGA_SECRETS_KEY), is encrypted there with pgcrypto,
// and never comes back: not in a response, an error or a log line.
import { Hono } from 'hono';
import { fromDbError } from '../../_shared/db-errors.ts';
import { HttpError } from '../../_shared/http.ts';
import { SECRET_NAME } from '../../_shared/schemas/definition.ts';
import { secretOriginsSchema, secretSchema } from '../../_shared/schemas/secrets.ts';
import type { SecretInfo } from '../../_shared/types/api.ts';
import { type AppEnv, readJson, requireSession } from '../middleware.ts';
import { asCaller, requireRole } from '../resource.ts';

export const SECRET_LIST_LIMIT = 500;

const SECRET_COLUMNS = `name, origins, created_at as "createdAt", updated_at as "updatedAt"`;

/**
 * A database error without the statement's parameters (the value and the key): postgres.js keeps them on
 * its errors, so only the SQLSTATE and message travel on, as an HttpError or a plain Error.
 */
function withoutParameters(error: unknown): unknown {
  const mapped = fromDbError(error);
  if (mapped instanceof HttpError) return new HttpError(mapped.status, mapped.code);
  const { code, message } = error as { code?: string; message?: string };
  return new Error(`app.set_secret failed: ${code ?? 'unknown'} ${message ?? ''}`);
}

export const secretRoutes = new Hono<AppEnv>();

secretRoutes.get('/secrets', requireSession, async (c) => {
  const rows = await asCaller(
    c,
    (tx) => tx<SecretInfo[]>`select ${tx.unsafe(SECRET_COLUMNS)} from public.secrets order by name limit ${SECRET_LIST_LIMIT}`,
  );
  return c.json(rows);
});

secretRoutes.post('/secrets', requireSession, async (c) => {
  const input = await readJson(c, secretSchema);
  const key = Deno.env.get('KOLLEGA_SECRETS_KEY');
  if (!key) throw new HttpError(503, 'secrets_unavailable');
  const row = await asCaller(c, async (tx) => {
    await requireRole(tx, 'superuser');
    try {
      const [secret] = await tx<SecretInfo[]>`
        select ${tx.unsafe(SECRET_COLUMNS)} from app.set_secret(${input.name}, ${input.value}, ${key}, ${input.origins})`;
      return secret;
    } catch (error) {
      throw withoutParameters(error);
    }
  });
  return c.json(row, 201);
});

// Names the sites of an existing secret (a migrated secret has none and cannot be used until it has).
secretRoutes.patch('/secrets/:name', requireSession, async (c) => {
  const name = c.req.param('name');
  const input = await readJson(c, secretOriginsSchema);
  const row = await asCaller(c, async (tx) => {
    await requireRole(tx, 'superuser');
    if (!SECRET_NAME.test(name)) return undefined;
    const [secret] = await tx<SecretInfo[]>`select ${tx.unsafe(SECRET_COLUMNS)} from app.set_secret_origins(${name}, ${input.origins})`;
    return secret;
  });
  if (!row) throw new HttpError(404, 'not_found');
  return c.json(row);
});

secretRoutes.delete('/secrets/:name', requireSession, async (c) => {
  const name = c.req.param('name');
  const deleted = await asCaller(c, async (tx) => {
    await requireRole(tx, 'superuser');
    if (!SECRET_NAME.test(name)) return false;
    const [row] = await tx<{ deleted: boolean }[]>`select app.delete_secret(${name}) as deleted`;
    return row.deleted;
  });
  if (!deleted) throw new HttpError(404, 'not_found');
  return c.body(null, 204);
});
