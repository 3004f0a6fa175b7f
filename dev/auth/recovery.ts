// The Auth stand-in's password recovery: recovery tokens and mails (the project's template), the
// allowed redirects, and /verify by token hash or e-mail + code, by POST or by the mail link (GET).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AuthDeps, type Ctx, type Db, isBanned, isObject, otp, type Reply, repoRoot, sha224Hex, str, type User, validateEmail } from './common.ts';
import { ApiError, validationFailed } from './errors.ts';
import type { Sessions } from './sessions.ts';
import type { Users } from './users.ts';

export function recoverySubjectFromConfig(): string {
  try {
    const toml = readFileSync(join(repoRoot, 'supabase/config.toml'), 'utf8');
    const section = /\[auth\.email\.template\.recovery\]([\s\S]*?)(?:\n\[|$)/.exec(toml)?.[1] ?? '';
    const subject = /^\s*subject\s*=\s*"((?:[^"\\]|\\.)*)"/m.exec(section)?.[1];
    if (subject) return subject.replace(/\\"/g, '"').replace(/\\\\/g, '\\');
  } catch {
    // no config: GoTrue's default subject
  }
  return 'Reset Your Password';
}

const DEFAULT_TEMPLATE = '<h2>Reset Password</h2>\n<p>Follow this link to reset the password for your user:</p>\n<p><a href="{{ .ConfirmationURL }}">Reset Password</a></p>';

/** The Go-template subset Supabase mail templates use: `{{ .Name }}` and `{{ .Data.key }}`, HTML-escaped. */
export function renderTemplate(template: string, vars: Record<string, unknown>): string {
  const escape = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' })[c]!);
  return template.replace(/\{\{-?\s*\.([A-Za-z]\w*)(?:\.([A-Za-z_]\w*))?\s*-?\}\}/g, (_m, name: string, key?: string) => {
    const value = vars[name];
    if (key) return escape(isObject(value) ? value[key] : '');
    return escape(isObject(value) ? JSON.stringify(value) : value);
  });
}

export function createRecovery({ opts, pool, otpExp, maxFrequency, templatePath, subject, externalUrl, outbox }: AuthDeps, users: Users, sessions: Sessions) {
  const { loadUser } = users;
  const { issue } = sessions;

  function redirectTo(raw: string | null | undefined): string {
    if (!raw) return opts.siteUrl;
    for (const base of [opts.siteUrl, ...(opts.additionalRedirectUrls ?? [])]) {
      if (base.includes('*')) {
        const pattern = base.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*\*/g, '\u0000').replace(/\*/g, '[^/]*').replace(/\u0000/g, '.*');
        if (new RegExp(`^${pattern}$`).test(raw)) return raw;
        continue;
      }
      const b = base.replace(/\/+$/, '');
      if (raw === b || raw === `${b}/` || ['/', '?', '#'].some((sep) => raw.startsWith(b + sep))) return raw;
    }
    return opts.siteUrl;
  }

  /** Stores a fresh recovery token (users.recovery_token + auth.one_time_tokens); returns OTP and hash. */
  async function newRecoveryToken(db: Db, u: User) {
    const code = otp();
    const hash = sha224Hex((u.email ?? '') + code);
    await db`update auth.users set recovery_token = ${hash}, recovery_sent_at = now(), updated_at = now() where id = ${u.id}`;
    await db`insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to)
             values (${u.id}, 'recovery_token', ${hash}, ${u.email ?? ''})
             on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`;
    return { code, hash };
  }

  const actionLink = (hash: string, type: string, redirect: string) =>
    `${externalUrl}/verify?token=${encodeURIComponent(hash)}&type=${encodeURIComponent(type)}&redirect_to=${encodeURIComponent(redirect)}`;

  async function recover(ctx: Ctx): Promise<Reply> {
    const rawEmail = str(ctx.body, 'email');
    if (!rawEmail) throw validationFailed('Password recovery requires an email');
    const email = validateEmail(rawEmail.trim());
    const redirect = redirectTo(ctx.url.searchParams.get('redirect_to'));
    await pool.begin(async (tx) => {
      const user = await loadUser(tx, { email }, true);
      if (!user) return;
      if (user.recovery_sent_at) {
        const wait = user.recovery_sent_at.getTime() + maxFrequency * 1000 - Date.now();
        if (wait > 0) throw new ApiError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${Math.ceil(wait / 1000)} seconds.`);
      }
      const { code, hash } = await newRecoveryToken(tx, user);
      const template = existsSync(templatePath) ? readFileSync(templatePath, 'utf8') : DEFAULT_TEMPLATE;
      const html = renderTemplate(template, {
        ConfirmationURL: actionLink(hash, 'recovery', redirect),
        Token: code,
        TokenHash: hash,
        SiteURL: opts.siteUrl,
        RedirectTo: redirect,
        Email: user.email,
        Data: user.raw_user_meta_data ?? {},
      });
      outbox.add({ to: user.email ?? email, subject, html });
    });
    return { status: 200, body: {} };
  }

  /** The token_hash (or email + OTP) verification shared by POST and GET /verify. */
  async function verifyToken(ctx: Ctx, p: { type: string; tokenHash?: string; token?: string; email?: string }) {
    const types = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email', 'sms', 'phone_change'];
    if (!types.includes(p.type)) throw validationFailed('Verify requires a verification type');
    const expired = () => new ApiError(403, 'otp_expired', 'Email link is invalid or has expired');
    let hash = p.tokenHash;
    if (hash === undefined) {
      if (!p.email) throw validationFailed('Only an email address or phone number should be provided on verify');
      hash = sha224Hex(validateEmail(p.email.trim()) + (p.token ?? ''));
    }
    return pool.begin(async (tx) => {
      let user: User | undefined;
      let sentAt: Date | null = null;
      if (['recovery', 'magiclink', 'email'].includes(p.type)) {
        user = await loadUser(tx, { recoveryToken: hash }, true);
        sentAt = user?.recovery_sent_at ?? null;
      }
      if (!user && ['signup', 'invite', 'email'].includes(p.type)) {
        user = await loadUser(tx, { confirmationToken: hash }, true);
        sentAt = user?.confirmation_sent_at ?? null;
      }
      if (!user || !sentAt || sentAt.getTime() + otpExp * 1000 < Date.now()) throw expired();
      if (isBanned(user)) throw new ApiError(403, 'user_banned', 'User is banned');
      await tx`update auth.users set recovery_token = case when recovery_token = ${hash} then '' else recovery_token end,
                 confirmation_token = case when confirmation_token = ${hash} then '' else confirmation_token end,
                 email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
               where id = ${user.id}`;
      await tx`delete from auth.one_time_tokens where user_id = ${user.id} and token_hash = ${hash}`;
      return issue(tx, user.id, 'otp', ctx);
    });
  }

  async function verifyPost(ctx: Ctx): Promise<Reply> {
    const { body } = ctx;
    const type = str(body, 'type') ?? '';
    const tokenHash = str(body, 'token_hash');
    const token = str(body, 'token');
    if (tokenHash && token) throw validationFailed('Verify requires either a token or a token hash, but not both');
    if (!tokenHash && !token) throw validationFailed('Verify requires either a token or a token hash');
    if (tokenHash && (body.email !== undefined || body.phone !== undefined || body.redirect_to !== undefined)) {
      throw validationFailed('Only the token_hash and type should be provided');
    }
    return { status: 200, body: await verifyToken(ctx, { type, tokenHash, token, email: str(body, 'email') }) };
  }

  /** The mail link: 303 to redirect_to with the session (or the error) in the fragment, implicit flow. */
  async function verifyGet(ctx: Ctx): Promise<Reply> {
    const q = ctx.url.searchParams;
    const type = q.get('type') ?? '';
    const target = redirectTo(q.get('redirect_to'));
    try {
      const s = await verifyToken(ctx, { type, tokenHash: q.get('token') ?? '' });
      const fragment = new URLSearchParams({
        access_token: s.access_token,
        expires_at: String(s.expires_at),
        expires_in: String(s.expires_in),
        refresh_token: s.refresh_token,
        token_type: 'bearer',
        type,
      });
      return { status: 303, headers: { Location: `${target}#${fragment}` } };
    } catch (e) {
      if (!(e instanceof ApiError) || e.status >= 500) throw e;
      const fragment = new URLSearchParams({ error: e.status === 403 ? 'access_denied' : 'invalid_request', error_code: e.code, error_description: e.message });
      return { status: 303, headers: { Location: `${target}#${fragment}` } };
    }
  }

  return { redirectTo, newRecoveryToken, actionLink, recover, verifyPost, verifyGet };
}

export type Recovery = ReturnType<typeof createRecovery>;
