// Postgres through postgres.js. The pool connects as `postgres`; every query on behalf of a user runs
// through `withUser`, which makes the transaction look like a PostgREST request so that RLS decides.
import postgres from 'postgres';
import type { AccessClaims } from './auth.ts';

export type Sql = postgres.Sql;
export type Tx = postgres.TransactionSql;

let pool: Sql | undefined;

/** The shared pool (created on first use). `prepare: false` keeps it usable behind a transaction-mode pooler. */
export function db(): Sql {
  if (!pool) {
    const url = Deno.env.get('SUPABASE_DB_URL');
    if (!url) throw new Error('SUPABASE_DB_URL is not set');
    pool = postgres(url, {
      prepare: false,
      max: Number(Deno.env.get('DB_POOL_MAX') ?? 5),
      idle_timeout: 20,
      connect_timeout: 10,
      connection: { application_name: 'kollega-api' },
      onnotice: () => {},
    });
  }
  return pool;
}

/**
 * Runs `fn` in one transaction as the user of `claims`: role `authenticated` and the verified claims in
 * `request.jwt.claims`, both transaction-local, so `auth.uid()` and the RLS policies apply. Like PostgREST
 * it sets both in one statement (`set_config('role', …, true)` is `set local role`): one round trip.
 */
export function withUser<T>(claims: AccessClaims, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db().begin(async (tx) => {
    await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${JSON.stringify(claims)}, true)`;
    return await fn(tx);
  }) as Promise<T>;
}
