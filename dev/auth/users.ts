// The Auth stand-in's user rows: loading (with GoTrue's NULL-token refusal), creating in GoTrue's order,
// changing password and e-mail, and the password hashes (bcrypt `$2a$`, cost 10, as GoTrue's Go library
// writes them, or the cost the stand-in is told for tests; bcryptjs computes them, so the stand-in needs no
// privilege on pgcrypto's schema).
import { randomBytes, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { AUD, type AuthDeps, type Db, DEFAULT_ROLE, type IdentityRow, type Json, mergeMeta, NIL_UUID, type User, type UserRow } from './common.ts';
import { ApiError } from './errors.ts';

const BCRYPT_HASH = /^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/;

/** GoTrue's bcrypt cost (bcrypt.DefaultCost). */
export const DEFAULT_HASH_COST = 10;

/** A `$2a$10$…` hash like Go's bcrypt.GenerateFromPassword (bcryptjs writes `$2b$`, the same hash for passwords of at most 72 bytes). */
export async function hashPassword(password: string, cost = DEFAULT_HASH_COST): Promise<string> {
  return (await bcrypt.hash(password, cost)).replace(/^\$2b\$/, '$2a$');
}

/** True when `password` matches a `$2a$`/`$2b$`/`$2y$` hash (pgcrypto's `crypt(pw, gen_salt('bf'))` included). */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  return !!hash && BCRYPT_HASH.test(hash) && bcrypt.compare(password, hash);
}

export const isBcryptHash = (value: string) => BCRYPT_HASH.test(value);

export function createUsers({ log, opts }: AuthDeps) {
  /** A new password's hash at the stand-in's cost (AuthServerOptions.passwordHashCost). */
  const hashNew = (password: string) => hashPassword(password, opts.passwordHashCost);

  async function loadUser(db: Db, where: { id?: string; email?: string; recoveryToken?: string; confirmationToken?: string }, lock = false): Promise<User | undefined> {
    const cond = where.id
      ? db`id = ${where.id}`
      : where.email !== undefined
        ? db`lower(email) = ${where.email.toLowerCase()} and instance_id = ${NIL_UUID} and aud = ${AUD} and is_sso_user = false`
        : where.recoveryToken !== undefined
          ? db`recovery_token = ${where.recoveryToken} and recovery_token <> ''`
          : db`confirmation_token = ${where.confirmationToken ?? ''} and confirmation_token <> ''`;
    const rows = lock
      ? await db<UserRow[]>`select * from auth.users where ${cond} limit 1 for update`
      : await db<UserRow[]>`select * from auth.users where ${cond} limit 1`;
    const row = rows[0];
    if (!row) return undefined;
    // GoTrue scans these into Go strings: a NULL fails every flow that loads the user (contract §3).
    if ([row.confirmation_token, row.recovery_token, row.email_change_token_new, row.email_change].some((v) => v === null)) {
      log(`auth stand-in: auth.users ${row.id} has NULL token columns (confirmation_token, recovery_token, email_change_token_new, email_change must be '')`);
      throw new ApiError(500, 'unexpected_failure', 'Database error querying schema');
    }
    const identities = await db<IdentityRow[]>`select * from auth.identities where user_id = ${row.id} order by created_at, id`;
    return { ...row, identities };
  }

  async function reload(db: Db, id: string): Promise<User> {
    const u = await loadUser(db, { id });
    if (!u) throw new ApiError(404, 'user_not_found', 'User not found');
    return u;
  }

  /**
   * Creates the user in GoTrue's order, so triggers on auth.users see what they would see under GoTrue:
   * the INSERT carries email, password, aud, `data`/user_metadata and app_metadata {provider, providers}
   * only (role '' and email unconfirmed); role, the admin's app_metadata, confirmation and ban follow
   * as UPDATEs in the same transaction (signup.go signupNewUser, admin.go adminUserCreate).
   */
  async function createUserRows(
    db: Db,
    p: { id?: string; email?: string; phone?: string; password?: string; passwordHash?: string; confirm: boolean; userMeta: Json; appMeta?: Json; role?: string; bannedUntil?: Date | null },
  ): Promise<string> {
    const id = p.id ?? randomUUID();
    // An admin-created user without a password gets a random one, as in GoTrue.
    const hash = p.passwordHash ?? (await hashNew(p.password ?? randomBytes(48).toString('base64url')));
    await db`
      insert into auth.users (instance_id, id, aud, role, email, encrypted_password, phone,
        raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
        confirmation_token, recovery_token, email_change_token_new, email_change)
      values (${NIL_UUID}, ${id}, ${AUD}, '', ${p.email ?? null}, ${hash}, ${p.phone || null},
        ${JSON.stringify({ provider: 'email', providers: ['email'] })}::text::jsonb, ${JSON.stringify(p.userMeta)}::text::jsonb, now(), now(),
        '', '', '', '')`;
    if (p.email) {
      const identityData: Json = { sub: id, email: p.email, email_verified: false, phone_verified: false };
      await db`insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at, last_sign_in_at)
               values (${id}, ${id}, ${JSON.stringify(identityData)}::text::jsonb, 'email', now(), now(), now())`;
      await db`update auth.users set raw_user_meta_data = raw_user_meta_data || ${JSON.stringify(identityData)}::text::jsonb where id = ${id}`;
    }
    await db`update auth.users set role = ${p.role ?? DEFAULT_ROLE} where id = ${id}`;
    if (p.appMeta) {
      await db`update auth.users set raw_app_meta_data = ${JSON.stringify(mergeMeta({ provider: 'email', providers: ['email'] }, p.appMeta))}::text::jsonb where id = ${id}`;
    }
    if (p.confirm) {
      await db`update auth.users set email_confirmed_at = now(), raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}'::jsonb where id = ${id}`;
      await db`update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb where user_id = ${id} and provider = 'email'`;
    }
    if (p.bannedUntil !== undefined) await db`update auth.users set banned_until = ${p.bannedUntil} where id = ${id}`;
    return id;
  }

  const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === '23505';

  function dbFailure(what: string, e: unknown): ApiError {
    log(`auth stand-in: ${what}: ${e instanceof Error ? e.message : String(e)}`);
    return new ApiError(500, 'unexpected_failure', what);
  }

  /** UpdatePassword(tx, keepSession): new hash, pending recovery cleared, every other session ended. */
  async function changePassword(db: Db, userId: string, hash: string, keepSession: string | null) {
    await db`update auth.users set encrypted_password = ${hash}, recovery_token = '', updated_at = now() where id = ${userId}`;
    await db`delete from auth.one_time_tokens where user_id = ${userId} and token_type = 'recovery_token'`;
    if (keepSession) await db`delete from auth.sessions where user_id = ${userId} and id <> ${keepSession}`;
    else await db`delete from auth.sessions where user_id = ${userId}`;
  }

  /** With autoconfirm on, GoTrue changes the address at once; the email identity follows. */
  async function changeEmail(db: Db, user: User, email: string) {
    const meta = { ...(user.raw_user_meta_data ?? {}) };
    if ('email' in meta) meta.email = email;
    await db`update auth.users set email = ${email}, raw_user_meta_data = ${JSON.stringify(meta)}::text::jsonb, updated_at = now() where id = ${user.id}`;
    await db`update auth.identities set identity_data = identity_data || jsonb_build_object('email', ${email}::text), updated_at = now() where user_id = ${user.id} and provider = 'email'`;
  }

  return { loadUser, reload, createUserRows, isUniqueViolation, dbFailure, changePassword, changeEmail, hashNew };
}

export type Users = ReturnType<typeof createUsers>;
