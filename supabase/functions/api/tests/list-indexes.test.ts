// The hot list reads, as the routes send them (the shared statements of _shared/statements.ts, which
// bench/api.ts measures too), are served by indexes under RLS with a few thousand rows of two
// organisations present: the planner's own choice, no enable_seqscan tricks. Everything is rolled back.
import { ACTIVITY_LIST, WORKFLOW_LIST, WORKFLOW_PERFORMANCE } from '../../_shared/statements.ts';
import { assert, assertMatch } from './assert.ts';
import { registerUser, withDb } from './helpers.ts';

/** The plans of `queries` (text and parameters) as the member of a seeded organisation, in one rolled-back transaction. */
async function plans(queries: Array<[string, unknown[]]>): Promise<string[]> {
  const [{ user: mine }, { user: theirs }] = [await registerUser(), await registerUser()];
  return await withDb((sql) =>
    sql.begin(async (tx) => {
      await tx`
        insert into public.workflows (organization_id, created_by, name, status, last_run_at, run_count, created_at)
        select case when i % 2 = 0 then ${mine.organizationId}::uuid else ${theirs.organizationId}::uuid end, null, 'Flöde ' || i, 'active',
               case when i % 3 > 0 then now() - make_interval(mins => i) end, i, now() - make_interval(secs => i)
        from generate_series(1, 6000) i`;
      await tx`
        insert into public.audit_activities (organization_id, user_id, action, details, created_at)
        select case when i % 2 = 0 then ${mine.organizationId}::uuid else ${theirs.organizationId}::uuid end,
               case when i % 5 = 0 then ${mine.id}::uuid else ${theirs.id}::uuid end,
               (array['workflow_executed', 'workflow_updated', 'error_resolved', 'user_updated'])[i % 4 + 1], 'Rad ' || i,
               now() - make_interval(secs => i)
        from generate_series(1, 8000) i`;
      await tx`analyze public.workflows`;
      await tx`analyze public.audit_activities`;
      await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${JSON.stringify({ sub: mine.id, role: 'authenticated' })}, true)`;
      const out: string[] = [];
      for (const [text, params] of queries) {
        const rows = await tx.unsafe<{ 'QUERY PLAN': string }[]>(`explain ${text}`, params as never[]);
        out.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      throw Object.assign(new Error('rollback'), { out });
    }).catch((error: { out?: string[] }) => {
      if (!error.out) throw error;
      return error.out;
    })
  );
}

Deno.test('the audit trail, workflow list and performance list are read through their indexes under RLS', async () => {
  const hour = new Date(Date.now() - 3_600_000).toISOString();
  const [newest, byUser, byAction, laterPage, workflows, performance] = await plans([
    [`${ACTIVITY_LIST.select} where true ${ACTIVITY_LIST.order} limit $1`, [50]],
    [`${ACTIVITY_LIST.select} where true and a.user_id = $1 ${ACTIVITY_LIST.order} limit $2`, ['00000000-0000-4000-8000-000000000001', 50]],
    [`${ACTIVITY_LIST.select} where true and a.action = $1 ${ACTIVITY_LIST.order} limit $2`, ['error_resolved', 50]],
    [`${ACTIVITY_LIST.select} where true and a.created_at <= $1::timestamptz and (a.created_at, a.id) < ($2::timestamptz, $3::uuid) ${ACTIVITY_LIST.order} limit $4`,
      [hour, hour, crypto.randomUUID(), 50]],
    [`${WORKFLOW_LIST.select} where true ${WORKFLOW_LIST.order} limit $1`, [500]],
    [`${WORKFLOW_PERFORMANCE.select} ${WORKFLOW_PERFORMANCE.order} limit $1`, [10]],
  ]);
  assertMatch(newest, /Index Scan using audit_activities_organization_id_created_at_idx/, 'recent activity, newest first');
  assertMatch(byUser, /audit_activities_organization_id_user_id_created_at_idx/, 'the audit trail filtered by user');
  assertMatch(byAction, /audit_activities_organization_id_action_created_at_idx/, 'the audit trail filtered by action');
  assertMatch(laterPage, /Index Cond: \(\(organization_id = .*\) AND \(created_at <= /, 'a later page starts in the index at its keyset position');
  // How the workflow lists use their organisation's range depends on how many organisations earlier tests
  // made (an index scan in order, or a bitmap scan and a sort of the range): either way one organisation's
  // index range, never the whole table.
  for (const [plan, what] of [[workflows, 'the workflow list'], [performance, 'the performance list']]) {
    assertMatch(plan, /Index Cond: \(organization_id = /, `${what} reads one organisation's index range`);
    assert(!/Seq Scan on workflows/.test(plan), `${what} does not scan the table:\n${plan}`);
  }
});
