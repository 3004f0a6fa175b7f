// User administration (SPEC §2 user management, §6): admins list, invite, edit, deactivate and activate
// the users of their organisation. RLS and the profile triggers enforce the rules (not one's own role,
// not oneself deactivated, the last active admin stays); Auth holds the e-mail address and the password.
import type { AuthError } from '@supabase/supabase-js';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Context } from 'hono';
import { anonClient, authUnavailable, serviceClient } from '../../_shared/auth.ts';
import { db, type Tx } from '../../_shared/db.ts';
import { HttpError } from '../../_shared/http.ts';
import { t } from '../../_shared/i18n.ts';
import { inviteUserSchema, updateUserSchema } from '../../_shared/schemas/users.ts';
import type { Page, UserRow, UserStats } from '../../_shared/types/api.ts';
import { CURSOR_TIMESTAMP } from '../../_shared/statements.ts';
import { decodeCursor, idKey, pageParams, scopeOf, timestampKey, toPage } from '../paging.ts';
import { type AppEnv, readJson, requireSession } from '../middleware.ts';
import { asCaller, deniedOrMissing, likePattern, pathId, readQuery, requirePermission } from '../resource.ts';

export const USER_PAGE_SIZE = 50;
export const USER_PAGE_MAX = 200;

const listQuerySchema = z.strictObject({
  /** Name, e-mail address or username contains (case-insensitive). */
  q: z.string().trim().max(200, 'too_long').optional(),
  ...pageParams(USER_PAGE_SIZE, USER_PAGE_MAX),
});
const userKey = z.tuple([timestampKey, idKey]);

const USER_COLUMNS = `id, full_name as "fullName", email, username, role, is_active as "isActive", created_at as "createdAt"`;

async function selectUser(tx: Tx, id: string): Promise<UserRow> {
  const [user] = await tx<UserRow[]>`select ${tx.unsafe(USER_COLUMNS)} from public.profiles where id = ${id}`;
  if (!user) throw new HttpError(404, 'not_found');
  return user;
}

/** Another account (any organisation) already uses the address: Auth would refuse it. */
async function emailTaken(email: string, exceptId: string | null): Promise<boolean> {
  const [row] = await db()`select 1 from auth.users where lower(email) = ${email} and id is distinct from ${exceptId}`;
  return !!row;
}

function emailExists(c: Context<AppEnv>): HttpError {
  return new HttpError(409, 'email_exists', { fields: { email: t(c.get('lang'), 'email_exists') } });
}

function fromAuthFailure(c: Context<AppEnv>, error: AuthError): HttpError {
  if (error.code === 'email_exists' || error.code === 'user_already_exists') return emailExists(c);
  if (authUnavailable(error)) return new HttpError(503, 'auth_unavailable', { cause: error });
  return new HttpError(400, 'invalid_data', { cause: error });
}

function siteUrl(c: Context<AppEnv>): string {
  return (Deno.env.get('SITE_URL') ?? c.req.header('origin') ?? '').replace(/\/+$/, '');
}

/** Sets `is_active` of a user of the caller's organisation (admins only; triggers refuse self and the last admin). */
function setActive(c: Context<AppEnv>, isActive: boolean) {
  const id = pathId(c, 'userId');
  return asCaller(c, async (tx) => {
    await selectUser(tx, id);
    await requirePermission(tx, 'user.manage');
    // Also when nothing changes (idempotent; the triggers audit changes only), so that a row must come back:
    // none means the caller stopped being an admin in the meantime.
    const [row] = await tx<UserRow[]>`
      update public.profiles set is_active = ${isActive} where id = ${id}
      returning ${tx.unsafe(USER_COLUMNS)}`;
    return row ?? deniedOrMissing(tx, 'public.profiles', id, new HttpError(403, 'admin_only'));
  });
}

export const userRoutes = new Hono<AppEnv>();

// A page of the organisation's users, oldest first (admins), through (organization_id, created_at, id).
userRoutes.get('/users', requireSession, async (c) => {
  const { q, limit, cursor } = readQuery(c, listQuerySchema);
  const scope = scopeOf(c, 'users', q ?? '');
  const after = cursor ? decodeCursor(c, scope, cursor, userKey) : null;
  const rows = await asCaller(c, async (tx) => {
    await requirePermission(tx, 'user.manage');
    const pattern = q ? likePattern(q) : null;
    return tx<(UserRow & { cursorAt: string })[]>`
      select ${tx.unsafe(USER_COLUMNS)}, ${tx.unsafe(CURSOR_TIMESTAMP('created_at'))} as "cursorAt" from public.profiles
      where ${pattern ? tx`(full_name ilike ${pattern} or email ilike ${pattern} or username ilike ${pattern})` : tx`true`}
        and ${after ? tx`(created_at, id) > (${after[0]}::text::timestamptz, ${after[1]}::uuid)` : tx`true`}
      order by created_at, id
      limit ${limit + 1}`;
  });
  const page: Page<UserRow> = toPage(scope, rows, limit, (u) => [u.cursorAt, u.id], ({ cursorAt: _, ...u }) => u);
  return c.json(page);
});

// The figures above the list (admins): counted over every user of the organisation, not a page.
userRoutes.get('/users/stats', requireSession, async (c) => {
  const [row] = await asCaller(c, async (tx) => {
    await requirePermission(tx, 'user.manage');
    return tx<UserStats[]>`
      select count(*)::int as total, (count(*) filter (where is_active))::int as active,
             (count(*) filter (where role = 'admin'))::int as admins, (count(*) filter (where role = 'superuser'))::int as superusers
      from public.profiles`;
  });
  return c.json(row);
});

userRoutes.post('/users', requireSession, async (c) => {
  const input = await readJson(c, inviteUserSchema);
  const organizationId = await asCaller(c, async (tx) => {
    await requirePermission(tx, 'user.manage');
    const [row] = await tx<{ organizationId: string }[]>`
      select organization_id as "organizationId" from public.profiles where id = (select auth.uid())`;
    return row.organizationId;
  });
  if (await emailTaken(input.email, null)) throw emailExists(c);

  // app_metadata (writable by the service role only) places the profile: see docs/database.md "Registration".
  const { data, error } = await serviceClient().auth.admin.createUser({
    email: input.email,
    email_confirm: true,
    user_metadata: { full_name: input.fullName, invitation: true },
    app_metadata: { organization_id: organizationId, role: input.role },
  });
  if (error || !data.user) throw error ? fromAuthFailure(c, error) : new Error('Auth created no user');

  // The colleague chooses a password through the reset-password screen, like a password recovery.
  const mail = await anonClient().auth.resetPasswordForEmail(input.email, { redirectTo: `${siteUrl(c)}/reset-password` });
  if (mail.error) {
    await serviceClient().auth.admin.deleteUser(data.user.id);
    throw new HttpError(503, 'invite_failed', { cause: mail.error });
  }
  const user = await asCaller(c, (tx) => selectUser(tx, data.user.id));
  return c.json(user, 201);
});

userRoutes.put('/users/:userId', requireSession, async (c) => {
  const id = pathId(c, 'userId');
  const input = await readJson(c, updateUserSchema);
  const before = await asCaller(c, async (tx) => {
    const user = await selectUser(tx, id);
    await requirePermission(tx, 'user.manage');
    return user;
  });
  const emailChanged = input.email !== before.email.toLowerCase();
  if (emailChanged && (await emailTaken(input.email, id))) throw emailExists(c);

  // Name, role and the profile's copy of the e-mail under RLS and the profile triggers (one audit row, by the admin).
  // No row back: the caller stopped being an admin (or the user left) since the check above.
  const updated = await asCaller(c, async (tx) => {
    const [row] = await tx<UserRow[]>`
      update public.profiles set full_name = ${input.fullName}, role = ${input.role}, email = ${input.email}
      where id = ${id}
      returning ${tx.unsafe(USER_COLUMNS)}`;
    return row ?? deniedOrMissing(tx, 'public.profiles', id, new HttpError(403, 'admin_only'));
  });
  if (emailChanged) {
    const { error } = await serviceClient().auth.admin.updateUserById(id, { email: input.email, email_confirm: true });
    if (error) {
      // Keep the profile equal to Auth: put the previous address back.
      await asCaller(c, (tx) => tx`update public.profiles set email = ${before.email} where id = ${id}`);
      throw fromAuthFailure(c, error);
    }
  }
  return c.json(updated);
});

userRoutes.post('/users/:userId/deactivate', requireSession, async (c) => c.json(await setActive(c, false)));

userRoutes.post('/users/:userId/activate', requireSession, async (c) => c.json(await setActive(c, true)));
