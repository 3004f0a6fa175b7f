// The pool's choice to prepare statements (_shared/pool-options.ts): on for direct and session-mode connections, off for a
// transaction-mode pooler, which cannot keep them between transactions.
import { assertEquals, assertMatch } from './assert.ts';
import { preparesStatements } from '../../_shared/pool-options.ts';

Deno.test('statements are prepared on a direct or session-mode connection and not through the transaction pooler', () => {
  assertEquals(preparesStatements('postgresql://postgres:pw@127.0.0.1:54322/postgres', undefined), true);
  assertEquals(preparesStatements('postgresql://postgres:pw@db.abcd.supabase.co:5432/postgres', undefined), true);
  assertEquals(preparesStatements('postgresql://postgres.abcd:pw@aws-0-eu-north-1.pooler.supabase.com:5432/postgres', ''), true);
  assertEquals(preparesStatements('postgresql://postgres.abcd:pw@aws-0-eu-north-1.pooler.supabase.com:6543/postgres', undefined), false);
  assertEquals(preparesStatements('not a url', undefined), false);
});

Deno.test('DB_PREPARE decides when it is set, and anything but true or false stops the function from starting', () => {
  assertEquals(preparesStatements('postgresql://postgres:pw@127.0.0.1:54322/postgres', 'false'), false);
  assertEquals(preparesStatements('postgresql://postgres:pw@pgbouncer.internal:6432/postgres', ' FALSE '), false);
  assertEquals(preparesStatements('postgresql://postgres.abcd:pw@aws-0-eu-north-1.pooler.supabase.com:6543/postgres', 'true'), true);
  let refused = '';
  try {
    preparesStatements('postgresql://postgres:pw@127.0.0.1:54322/postgres', 'yes');
  } catch (error) {
    refused = (error as Error).message;
  }
  assertMatch(refused, /^DB_PREPARE must be true or false/);
});
