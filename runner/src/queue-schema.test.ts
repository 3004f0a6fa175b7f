// The job queue's schema is vendored as a migration (so the api can enqueue in the transaction that
// creates a run). It must be exactly what the pinned pg-boss would create, or pg-boss and the
// database disagree: this fails when pg-boss is upgraded without a migration.
import { readFileSync } from 'node:fs';
import PgBoss from 'pg-boss';
import { expect, it } from 'vitest';

const migration = readFileSync(new URL('../../supabase/migrations/20261123000400_create_job_queue.sql', import.meta.url), 'utf8');

it('the job-queue migration holds the pinned pg-boss construction plan, without its own transaction and lock', () => {
  const vendored = migration.split('-- pg-boss schema begin\n')[1]?.split('-- pg-boss schema end')[0];
  expect(vendored).toBeDefined();
  const plan = PgBoss.getConstructionPlans('pgboss');
  const body = plan
    .replace(/^\s*BEGIN;\s*SET LOCAL lock_timeout = '30s';\s*SET LOCAL idle_in_transaction_session_timeout = '30s';\s*SELECT pg_advisory_xact_lock\([\s\S]*?\);\s*/, '')
    .replace(/\s*COMMIT;\s*$/, '\n');
  expect(body).not.toBe(plan);
  expect(vendored!.trim()).toBe(body.trim());
});
