// How the api function's Postgres pool is set up, where that is a choice. No imports: Deno (the function, _shared/db.ts)
// and Node (bench/api.ts, whose SQL floor must send its statements the same way) both load this file.

/**
 * Whether the pool prepares its statements (named, kept per connection). A statement with parameters that is not
 * prepared costs two round trips, because postgres.js first asks Postgres for its parameter types; a prepared one
 * costs one from its second use on a connection. A transaction-mode pooler cannot keep prepared statements
 * (Supabase's on port 6543, PgBouncer in transaction mode): `DB_PREPARE=false` there, and a URL on port 6543 is
 * taken as one. Direct and session-mode connections prepare (docs/deploy.md).
 */
export function preparesStatements(url: string, setting: string | undefined): boolean {
  if (setting !== undefined && setting.trim() !== '') {
    const value = setting.trim().toLowerCase();
    if (value === 'true') return true;
    if (value === 'false') return false;
    throw new Error(`DB_PREPARE must be true or false, not ${JSON.stringify(setting)}`);
  }
  try {
    return new URL(url).port !== '6543';
  } catch {
    return false;
  }
}
