// The Auth stand-in's admin API (service role only): users created, read, listed, updated, banned and
// deleted, and generated recovery links.
import {
  ADMIN_ROLES,
  AUD,
  type AuthDeps,
  checkPassword,
  type Ctx,
  type Json,
  mergeMeta,
  NIL_UUID,
  obj,
  parseGoDuration,
  type Reply,
  str,
  userJson,
  UUID_RE,
  validateEmail,
} from './common.ts';
import { ApiError, validationFailed } from './errors.ts';
import type { Recovery } from './recovery.ts';
import type { Sessions } from './sessions.ts';
import { isBcryptHash, type Users } from './users.ts';

export function createAdmin({ sql, pool }: AuthDeps, users: Users, sessions: Sessions, recovery: Recovery) {
  const { loadUser, reload, createUserRows, isUniqueViolation, dbFailure, changePassword, changeEmail, hashNew } = users;
  const { verifyJwt } = sessions;
  const { redirectTo, newRecoveryToken, actionLink } = recovery;

  async function requireAdmin(ctx: Ctx) {
    const claims = await verifyJwt(ctx);
    if (!claims.role || !ADMIN_ROLES.includes(claims.role)) throw new ApiError(403, 'not_admin', 'User not allowed');
  }

  function banUntil(body: Json): Date | null | undefined {
    const raw = str(body, 'ban_duration');
    if (raw === undefined || raw === '') return undefined;
    if (raw === 'none') return null;
    const ms = parseGoDuration(raw);
    return ms === 0 ? null : new Date(Date.now() + ms);
  }

  function adminUserId(id: string) {
    if (!UUID_RE.test(id)) throw new ApiError(404, 'validation_failed', 'user_id must be an UUID');
    return id;
  }

  async function adminCreate(ctx: Ctx): Promise<Reply> {
    await requireAdmin(ctx);
    const { body } = ctx;
    const rawEmail = str(body, 'email');
    const phone = str(body, 'phone');
    const password = str(body, 'password');
    const passwordHash = str(body, 'password_hash');
    const id = str(body, 'id');
    const role = str(body, 'role');
    const userMeta = obj(body, 'user_metadata') ?? {};
    const appMeta = obj(body, 'app_metadata');
    if (id !== undefined && !/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(id)) throw validationFailed('ID must conform to the uuid v4 format');
    if (password !== undefined && passwordHash !== undefined) throw validationFailed('Only a password or a password hash should be provided');
    if (passwordHash !== undefined && !isBcryptHash(passwordHash)) throw validationFailed('Invalid password hash format');
    if (!rawEmail && !phone) throw validationFailed('Unable to validate email address: invalid format');
    const email = rawEmail ? validateEmail(rawEmail.trim()) : undefined;
    if (password !== undefined) checkPassword(password);
    const bannedUntil = banUntil(body);
    if (email && (await loadUser(sql, { email }))) throw new ApiError(422, 'email_exists', 'A user with this email address has already been registered');
    if (id && (await loadUser(sql, { id }))) throw new ApiError(422, 'user_already_exists', 'User already registered');
    try {
      const newId = await pool.begin((tx) =>
        createUserRows(tx, { id, email, phone, password, passwordHash, confirm: body.email_confirm === true, userMeta, appMeta, role, bannedUntil }),
      );
      return { status: 200, body: userJson(await reload(sql, newId)) };
    } catch (e) {
      if (e instanceof ApiError) throw e;
      if (isUniqueViolation(e)) throw new ApiError(422, 'email_exists', 'A user with this email address has already been registered');
      throw dbFailure('Database error creating new user', e);
    }
  }

  async function adminGet(ctx: Ctx, id: string): Promise<Reply> {
    await requireAdmin(ctx);
    return { status: 200, body: userJson(await reload(sql, adminUserId(id))) };
  }

  async function adminList(ctx: Ctx): Promise<Reply> {
    await requireAdmin(ctx);
    const page = Math.max(1, Number(ctx.url.searchParams.get('page')) || 1);
    const perPage = Math.min(1000, Math.max(1, Number(ctx.url.searchParams.get('per_page')) || 50));
    const rows = await sql<{ id: string }[]>`select id from auth.users where instance_id = ${NIL_UUID} and aud = ${AUD} order by created_at desc, id limit ${perPage} offset ${(page - 1) * perPage}`;
    const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from auth.users where instance_id = ${NIL_UUID} and aud = ${AUD}`;
    const users = [];
    for (const r of rows) users.push(userJson(await reload(sql, r.id)));
    return { status: 200, body: { aud: AUD, users }, headers: { 'x-total-count': String(count) } };
  }

  async function adminUpdate(ctx: Ctx, rawId: string): Promise<Reply> {
    await requireAdmin(ctx);
    const id = adminUserId(rawId);
    const { body } = ctx;
    const user = await reload(sql, id);
    const password = str(body, 'password');
    const rawEmail = str(body, 'email');
    const role = str(body, 'role');
    const userMeta = obj(body, 'user_metadata');
    const appMeta = obj(body, 'app_metadata');
    if (password !== undefined) checkPassword(password);
    const bannedUntil = banUntil(body);
    let email: string | undefined;
    if (rawEmail !== undefined && rawEmail.trim().toLowerCase() !== (user.email ?? '')) {
      email = validateEmail(rawEmail.trim());
      const other = await loadUser(sql, { email });
      if (other && other.id !== id) throw new ApiError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    const hash = password !== undefined ? await hashNew(password) : undefined;
    try {
      await pool.begin(async (tx) => {
        if (email) await changeEmail(tx, user, email);
        if (userMeta) {
          const current = (await reload(tx, id)).raw_user_meta_data;
          await tx`update auth.users set raw_user_meta_data = ${JSON.stringify(mergeMeta(current, userMeta))}::text::jsonb, updated_at = now() where id = ${id}`;
        }
        if (appMeta) await tx`update auth.users set raw_app_meta_data = ${JSON.stringify(mergeMeta(user.raw_app_meta_data, appMeta))}::text::jsonb, updated_at = now() where id = ${id}`;
        if (role) await tx`update auth.users set role = ${role}, updated_at = now() where id = ${id}`;
        if (body.email_confirm === true) await tx`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = ${id}`;
        if (bannedUntil !== undefined) await tx`update auth.users set banned_until = ${bannedUntil}, updated_at = now() where id = ${id}`;
        if (hash) await changePassword(tx, id, hash, null);
      });
    } catch (e) {
      if (e instanceof ApiError) throw e;
      if (isUniqueViolation(e)) throw new ApiError(422, 'email_exists', 'A user with this email address has already been registered');
      throw dbFailure('Database error updating user', e);
    }
    return { status: 200, body: userJson(await reload(sql, id)) };
  }

  async function adminDelete(ctx: Ctx, rawId: string): Promise<Reply> {
    await requireAdmin(ctx);
    const id = adminUserId(rawId);
    await reload(sql, id);
    try {
      await sql`delete from auth.users where id = ${id}`;
    } catch (e) {
      throw dbFailure('Database error deleting user', e);
    }
    return { status: 200, body: {} };
  }

  async function generateLink(ctx: Ctx): Promise<Reply> {
    await requireAdmin(ctx);
    const type = str(ctx.body, 'type') ?? '';
    if (!['recovery', 'magiclink'].includes(type)) throw validationFailed('Invalid email action link type requested');
    const email = validateEmail(str(ctx.body, 'email')?.trim());
    const redirect = redirectTo(ctx.url.searchParams.get('redirect_to') ?? str(ctx.body, 'redirect_to'));
    const result = await pool.begin(async (tx) => {
      const user = await loadUser(tx, { email }, true);
      if (!user) throw new ApiError(404, 'user_not_found', 'User with this email not found');
      const { code, hash } = await newRecoveryToken(tx, user);
      return { user: await reload(tx, user.id), code, hash };
    });
    return {
      status: 200,
      body: {
        ...userJson(result.user),
        action_link: actionLink(result.hash, type, redirect),
        email_otp: result.code,
        hashed_token: result.hash,
        verification_type: type,
        redirect_to: redirect,
      },
    };
  }

  return { adminCreate, adminGet, adminList, adminUpdate, adminDelete, generateLink };
}
