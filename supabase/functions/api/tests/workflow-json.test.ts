// The workflow list's rows come as JSON text written by Postgres (WORKFLOW_JSON), the single workflow's as columns
// read by postgres.js and written by JSON.stringify (WORKFLOW_COLUMNS). Both must give the same text for the same
// row: the same keys in the same order and the same values (nulls, a success rate with decimals, timestamps,
// booleans). A column added to one and not the other fails here. Everything is rolled back.
import { WORKFLOW_COLUMNS, WORKFLOW_JSON } from '../../_shared/statements.ts';
import { assertEquals } from './assert.ts';
import { registerUser, withDb } from './helpers.ts';

Deno.test('a workflow as the list writes it (Postgres JSON) is the same text as the single workflow (columns, JSON.stringify)', async () => {
  const { user } = await registerUser();
  const compared = await withDb((sql) =>
    sql.begin(async (tx) => {
      await tx`
        insert into public.workflows (organization_id, created_by, name, description, status, last_run_at, run_count, success_rate, manual_seconds, created_at)
        values (${user.organizationId}::uuid, ${user.id}::uuid, 'Fakturor "Q1" / ÅÄÖ \\ 😀', e'två\\nrader\\t', 'active', now() - interval '3 hours', 7, 66.67, 95, now() - interval '2 days'),
               (${user.organizationId}::uuid, null, 'Aldrig körd', '', 'draft', null, 0, null, null, now()),
               (${user.organizationId}::uuid, null, 'Alltid', '', 'active', now(), 12, 100, 1, now() - interval '1 second')`;
      const ids = (await tx<{ id: string }[]>`select id from public.workflows where organization_id = ${user.organizationId}::uuid order by created_at`).map((r) => r.id);
      const out: Array<[string, string]> = [];
      for (const id of ids) {
        const [asColumns] = await tx.unsafe(`select ${WORKFLOW_COLUMNS} from public.workflows where id = $1`, [id]);
        const [asJson] = await tx.unsafe<{ item: string }[]>(`select ${WORKFLOW_JSON} as item from public.workflows where id = $1`, [id]);
        out.push([JSON.stringify(asColumns), asJson!.item]);
      }
      throw Object.assign(new Error('rollback'), { out });
    }).catch((error: { out?: Array<[string, string]> }) => {
      if (!error.out) throw error;
      return error.out;
    })
  );
  assertEquals(compared.length >= 3, true);
  for (const [fromColumns, fromPostgres] of compared) assertEquals(fromPostgres, fromColumns);
});
