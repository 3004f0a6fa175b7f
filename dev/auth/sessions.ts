// The Auth stand-in's tokens and sessions: access tokens, sessions and refresh-token rotation, the bearer
// check, and the endpoints built on them (signup, the password and refresh grants, /user, logout).
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import {
  AUD,
  type AmrEntry,
  type AuthDeps,
  checkPassword,
  type Claims,
  type Ctx,
  type Db,
  DEFAULT_ROLE,
  isBanned,
  type Json,
  mergeMeta,
  obj,
  refreshTokenString,
  type Reply,
  str,
  type User,
  userJson,
  UUID_RE,
  validateEmail,
} from './common.ts';
import { ApiError, MIN_PASSWORD_LENGTH, validationFailed } from './errors.ts';
import { type Users, verifyPassword } from './users.ts';

export function createSessions({ sql, pool, key, jwtExp, reuseInterval, externalUrl, sessionAmr }: AuthDeps, users: Users) {
  const { loadUser, reload, createUserRows, isUniqueViolation, dbFailure, changePassword, changeEmail, hashNew } = users;

  async function accessToken(u: User, sessionId: string, amr: AmrEntry[]) {
    const iat = Math.floor(Date.now() / 1000);
    const exp = iat + jwtExp;
    const claims = {
      aud: u.aud ?? AUD,
      exp,
      iat,
      iss: externalUrl,
      sub: u.id,
      email: u.email ?? '',
      phone: u.phone ?? '',
      app_metadata: u.raw_app_meta_data ?? {},
      user_metadata: u.raw_user_meta_data ?? {},
      role: u.role ?? DEFAULT_ROLE,
      aal: 'aal1',
      amr,
      session_id: sessionId,
      is_anonymous: u.is_anonymous,
    };
    const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
    return { token, exp, iat };
  }

  async function sessionBody(u: User, sessionId: string, refreshToken: string, extra: Json = {}) {
    const amr = sessionAmr.get(sessionId) ?? [{ method: 'token_refresh', timestamp: Math.floor(Date.now() / 1000) }];
    const { token, exp, iat } = await accessToken(u, sessionId, amr);
    return { access_token: token, token_type: 'bearer', expires_in: exp - iat, expires_at: exp, refresh_token: refreshToken, user: userJson(u), ...extra };
  }

  /** New auth.sessions row + first refresh token; updates last_sign_in_at. */
  async function newSession(db: Db, userId: string, method: string, ctx: Ctx): Promise<{ sessionId: string; refreshToken: string }> {
    const sessionId = randomUUID();
    const refreshToken = refreshTokenString();
    const userAgent = ctx.req.headers['user-agent'] ?? null;
    await db`insert into auth.sessions (id, user_id, aal, user_agent, ip, created_at, updated_at) values (${sessionId}, ${userId}, 'aal1', ${userAgent}, ${ctx.ip}, now(), now())`;
    await db`insert into auth.refresh_tokens (token, user_id, revoked, session_id, created_at, updated_at) values (${refreshToken}, ${userId}, false, ${sessionId}, now(), now())`;
    await db`update auth.users set last_sign_in_at = now(), updated_at = now() where id = ${userId}`;
    await db`update auth.identities set last_sign_in_at = now() where user_id = ${userId}`;
    sessionAmr.set(sessionId, [{ method, timestamp: Math.floor(Date.now() / 1000) }]);
    return { sessionId, refreshToken };
  }

  async function issue(db: Db, userId: string, method: string, ctx: Ctx, extra: Json = {}) {
    const { sessionId, refreshToken } = await newSession(db, userId, method, ctx);
    return sessionBody(await reload(db, userId), sessionId, refreshToken, extra);
  }

  async function verifyJwt(ctx: Ctx): Promise<Claims> {
    const header = ctx.req.headers.authorization ?? '';
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) throw new ApiError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    try {
      const { payload } = await jwtVerify(m[1], key, { algorithms: ['HS256'] });
      return payload as Claims;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ApiError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
    }
  }

  /** requireAuthentication: the bearer's user (and session) must exist; banned users are refused. */
  async function authenticate(ctx: Ctx): Promise<{ user: User; sessionId: string | null }> {
    const claims = await verifyJwt(ctx);
    if (!claims.sub) throw new ApiError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    if (!UUID_RE.test(claims.sub)) throw new ApiError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
    const user = await loadUser(sql, { id: claims.sub });
    if (!user) throw new ApiError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    let sessionId: string | null = null;
    if (claims.session_id) {
      if (!UUID_RE.test(claims.session_id)) throw new ApiError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
      const rows = await sql`select id from auth.sessions where id = ${claims.session_id} and user_id = ${user.id}`;
      if (!rows.length) throw new ApiError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      sessionId = claims.session_id;
    }
    if (isBanned(user)) throw new ApiError(403, 'user_banned', 'User is banned');
    return { user, sessionId };
  }

  async function signup(ctx: Ctx): Promise<Reply> {
    const { body } = ctx;
    const password = str(body, 'password') ?? '';
    const rawEmail = str(body, 'email');
    const phone = str(body, 'phone');
    const data = obj(body, 'data') ?? {};
    if (!password) throw validationFailed('Signup requires a valid password');
    checkPassword(password);
    if (rawEmail && phone) throw validationFailed('Only an email address or phone number should be provided on signup.');
    if (!rawEmail) throw validationFailed(phone ? 'Phone signups are disabled' : 'To signup, please provide your email');
    const email = validateEmail(rawEmail.trim());
    if (await loadUser(sql, { email })) throw new ApiError(422, 'user_already_exists', 'User already registered');
    try {
      return {
        status: 200,
        body: await pool.begin(async (tx) => {
          const id = await createUserRows(tx, { email, password, confirm: true, userMeta: data });
          return issue(tx, id, 'password', ctx);
        }),
      };
    } catch (e) {
      if (e instanceof ApiError) throw e;
      if (isUniqueViolation(e) && /users_email/.test(String((e as { constraint_name?: string }).constraint_name))) {
        throw new ApiError(422, 'user_already_exists', 'User already registered');
      }
      throw dbFailure('Database error saving new user', e);
    }
  }

  async function passwordGrant(ctx: Ctx): Promise<Reply> {
    const email = str(ctx.body, 'email');
    const password = str(ctx.body, 'password');
    const invalid = () => new ApiError(400, 'invalid_credentials', 'Invalid login credentials');
    const user = email ? await loadUser(sql, { email: email.trim() }) : undefined;
    if (!user || !password) throw invalid();
    if (isBanned(user)) throw new ApiError(400, 'user_banned', 'User is banned');
    if (!(await verifyPassword(password, user.encrypted_password))) throw invalid();
    if (!user.email_confirmed_at) throw new ApiError(400, 'email_not_confirmed', 'Email not confirmed');
    const extra = [...password].length < MIN_PASSWORD_LENGTH
      ? { weak_password: { reasons: ['length'], message: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.` } }
      : {};
    return { status: 200, body: await pool.begin((tx) => issue(tx, user.id, 'password', ctx, extra)) };
  }

  async function refreshGrant(ctx: Ctx): Promise<Reply> {
    const token = str(ctx.body, 'refresh_token');
    if (!token) throw validationFailed('refresh_token required');
    const notFound = () => new ApiError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    type TokenRow = { id: string; token: string; user_id: string; revoked: boolean; updated_at: Date; parent: string | null; session_id: string | null };
    const outcome = await pool.begin(async (tx) => {
      const [row] = await tx<TokenRow[]>`select * from auth.refresh_tokens where token = ${token} for update`;
      if (!row || !row.session_id || !UUID_RE.test(row.user_id)) return { error: notFound() };
      const [session] = await tx`select id from auth.sessions where id = ${row.session_id} for update`;
      if (!session) return { error: notFound() };
      const user = await loadUser(tx, { id: row.user_id });
      if (!user) return { error: notFound() };
      if (isBanned(user)) return { error: new ApiError(400, 'user_banned', 'Invalid Refresh Token: User Banned') };
      if (row.revoked) {
        const [active] = await tx<TokenRow[]>`select * from auth.refresh_tokens where session_id = ${row.session_id} and revoked = false order by id desc limit 1`;
        const withinReuse = Date.now() - row.updated_at.getTime() < reuseInterval * 1000;
        // A client retrying right after a refresh whose answer it lost gets the current token again.
        if (active && active.parent === row.token && withinReuse) return { body: await sessionBody(user, row.session_id, active.token) };
        await tx`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = ${row.session_id} and revoked = false`;
        return { error: new ApiError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
      }
      const next = refreshTokenString();
      await tx`update auth.refresh_tokens set revoked = true, updated_at = now() where id = ${row.id}`;
      await tx`insert into auth.refresh_tokens (token, user_id, revoked, parent, session_id, created_at, updated_at) values (${next}, ${row.user_id}, false, ${row.token}, ${row.session_id}, now(), now())`;
      await tx`update auth.sessions set refreshed_at = now(), updated_at = now() where id = ${row.session_id}`;
      return { body: await sessionBody(user, row.session_id, next) };
    });
    if (outcome.error) throw outcome.error;
    return { status: 200, body: outcome.body };
  }

  async function getUser(ctx: Ctx): Promise<Reply> {
    const { user } = await authenticate(ctx);
    return { status: 200, body: userJson(user) };
  }

  async function putUser(ctx: Ctx): Promise<Reply> {
    const { user, sessionId } = await authenticate(ctx);
    const { body } = ctx;
    if (body.app_metadata !== undefined) throw new ApiError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
    const password = str(body, 'password');
    const rawEmail = str(body, 'email');
    const data = obj(body, 'data');
    let email: string | undefined;
    if (rawEmail !== undefined && rawEmail.trim().toLowerCase() !== (user.email ?? '')) {
      email = validateEmail(rawEmail.trim());
      const other = await loadUser(sql, { email });
      if (other && other.id !== user.id) throw new ApiError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    let hash: string | undefined;
    if (password !== undefined) {
      checkPassword(password);
      if (await verifyPassword(password, user.encrypted_password)) {
        throw new ApiError(422, 'same_password', 'New password should be different from the old password.');
      }
      hash = await hashNew(password);
    }
    await pool.begin(async (tx) => {
      if (data) await tx`update auth.users set raw_user_meta_data = ${JSON.stringify(mergeMeta(user.raw_user_meta_data, data))}::text::jsonb, updated_at = now() where id = ${user.id}`;
      if (email) await changeEmail(tx, user, email);
      if (hash) await changePassword(tx, user.id, hash, sessionId);
    });
    return { status: 200, body: userJson(await reload(sql, user.id)) };
  }

  async function logout(ctx: Ctx): Promise<Reply> {
    const { user, sessionId } = await authenticate(ctx);
    const scope = ctx.url.searchParams.get('scope') || 'global';
    if (!['global', 'local', 'others'].includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
    if (scope === 'local' && sessionId) await sql`delete from auth.sessions where id = ${sessionId}`;
    else if (scope === 'others') await sql`delete from auth.sessions where user_id = ${user.id} and id is distinct from ${sessionId}`;
    else if (scope === 'global') await sql`delete from auth.sessions where user_id = ${user.id}`;
    return { status: 204 };
  }

  return { issue, verifyJwt, signup, passwordGrant, refreshGrant, getUser, putUser, logout };
}

export type Sessions = ReturnType<typeof createSessions>;
