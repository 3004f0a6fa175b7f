// A database that goes away under a transaction (a restart, a failover) must not end the runner's process.
// postgres.js 3.4.9 wrote a queued statement to the connection's socket after it had closed, from a setImmediate,
// and the TypeError took the process down (the fault suite saw a runner exit this way on a Postgres restart, CI
// 2026-11-27). patches/postgres+3.4.9.patch rejects the waiting statements instead; this test ends a transaction's
// backend from outside, in a child process of its own, and checks that the process lives and its pool works.
import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';

const DB_URL = process.env.DB_URL;

const SCRIPT = `
import postgres from 'postgres';
const url = process.argv.at(-1);
const sql = postgres(url, { max: 2, prepare: false, onnotice: () => {} });
const admin = postgres(url, { max: 1, onnotice: () => {} });
let outcome = 'no error';
try {
  await sql.begin(async (tx) => {
    const [{ pid }] = await tx\`select pg_backend_pid() as pid\`;
    await admin\`select pg_terminate_backend(\${pid})\`;
    await new Promise((resolve) => setTimeout(resolve, 200));
    await tx\`select 1\`;
  });
} catch (error) {
  outcome = 'rejected ' + (error.code ?? error.message);
}
await new Promise((resolve) => setTimeout(resolve, 500));
const [{ one }] = await sql\`select 1 as one\`;
console.log(JSON.stringify({ outcome, afterwards: one }));
await sql.end({ timeout: 5 });
await admin.end({ timeout: 5 });
`;

test.skipIf(!DB_URL)('a transaction whose database connection is ended from outside fails with CONNECTION_CLOSED, and the process and its pool go on', () => {
  // Run from the repository so that `postgres` resolves to its node_modules (patched at install).
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT, DB_URL!], { encoding: 'utf8', timeout: 30_000, cwd: process.cwd() });
  expect(child.stderr).not.toMatch(/Cannot read properties of null/);
  expect(child.status, child.stderr).toBe(0);
  const last = JSON.parse(child.stdout.trim().split('\n').at(-1)!);
  expect(last).toEqual({ outcome: 'rejected CONNECTION_CLOSED', afterwards: 1 });
});
