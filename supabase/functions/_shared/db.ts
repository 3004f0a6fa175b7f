// Postgres through postgres.js. The pool connects as `postgres`; every query on behalf of a user runs
// through `withUser`, which makes the transaction look like a PostgREST request so that RLS decides.
import postgres from 'postgres';
import type { AccessClaims } from './auth.ts';
import { preparesStatements } from './pool-options.ts';
import { SET_CALLER_CHECKED } from './statements.ts';

export type Sql = postgres.Sql;
export type Tx = postgres.TransactionSql;

let pool: Sql | undefined;
let prepared = false;

/** The shared pool (created on first use). */
export function db(): Sql {
  if (!pool) {
    const url = Deno.env.get('SUPABASE_DB_URL');
    if (!url) throw new Error('SUPABASE_DB_URL is not set');
    prepared = preparesStatements(url, Deno.env.get('DB_PREPARE'));
    pool = postgres(url, {
      prepare: prepared,
      max: Number(Deno.env.get('DB_POOL_MAX') ?? 5),
      idle_timeout: 20,
      connect_timeout: 10,
      connection: { application_name: 'kollega-api' },
      onnotice: () => {},
    });
  }
  return pool;
}

/** Why a signed token no longer opens a transaction: Auth ended its session, or the user was banned or deactivated. */
export class SessionRejected extends Error {
  constructor(readonly state: 'ended' | 'disabled') {
    super(`session ${state}`);
    this.name = 'SessionRejected';
  }
}

/**
 * Runs `fn` in one transaction as the user of `claims`: role `authenticated` and the verified claims in
 * `request.jwt.claims`, both transaction-local, so `auth.uid()` and the RLS policies apply. Like PostgREST
 * it sets both in one statement (`set_config('role', …, true)` is `set local role`).
 *
 * The same statement first checks, still as the pool's role, that the token's session exists in
 * `auth.sessions` and that its user is neither banned nor deactivated; otherwise `fn` never runs and
 * SessionRejected is thrown. So a sign-out or a deactivation takes effect on the next request, at no
 * extra round trip. (Privileges and RLS are settled when the statement starts, before the role changes.)
 */
export function withUser<T>(claims: AccessClaims, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db().begin(async (tx) => {
    const [{ state }] = await tx.unsafe<{ state: 'active' | 'ended' | 'disabled' }[]>(SET_CALLER_CHECKED, [
      claims.session_id,
      claims.sub,
      JSON.stringify(claims),
    ], { prepare: prepared }); // `unsafe` does not prepare unless told
    if (state !== 'active') throw new SessionRejected(state);
    return await fn(tx);
  }) as Promise<T>;
}
