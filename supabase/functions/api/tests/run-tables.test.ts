// GET /api/runs/{id}/steps/{stepResultId}/table: an extract_table step's rows as JSON for a batch, or a download
// whose formula-like cells are neutralised; the run's details sum the table up; another organisation sees
// nothing; the run's list shows its inputs with their labels, the step what it used.
import { assertEquals } from './assert.ts';
import { team, withDb } from './helpers.ts';
import { insertRun, insertStep, invoiceDefinition, workflowWithSteps } from './run-fixtures.ts';

Deno.test('an extract_table step\'s rows: summed up in the run, as JSON, CSV (neutralised) and XLSX; only for its organisation', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const workflowId = await workflowWithSteps(a.admin.client, { active: true, definition: invoiceDefinition() });
  const runId = await insertRun(workflowId, { status: 'completed', completedSteps: 4 });
  const stepId = await insertStep(runId, { seq: 0 });
  const columns = ['__proto__', 'Belopp'];
  const rows = [['=HYPERLINK("http://evil.example","x")', '1 200,50'], ['Dahl', '-15900']];
  await withDb(async (sql) => {
    await sql`update public.runs set inputs = ${sql.json({ belopp: '15900', leverantor: 'Dahl' })} where id = ${runId}`;
    await sql`update public.run_steps set used = ${sql.json({ id: 's2', type: 'change', description: '', selectors: ['#lev'], value: 'Dahl' })} where id = ${stepId}`;
    await sql`insert into public.run_tables (run_step_id, organization_id, variable, columns, rows, pages, capped)
              select ${stepId}, organization_id, 'fakturor', ${sql.json(columns)}, ${sql.json(rows)}, 2, true from public.run_steps where id = ${stepId}`;
  });

  const detail = await a.member.client.get(`/runs/${runId}`);
  const step = detail.body.steps.find((s: { id: string }) => s.id === stepId);
  assertEquals(step.table, { variable: 'fakturor', columns, rowCount: 2, pages: 2, capped: true });
  assertEquals(step.used.value, 'Dahl');
  const listed = await a.member.client.get(`/runs?workflowId=${workflowId}`);
  assertEquals(listed.body.items[0].inputsShown, [{ name: 'leverantor', label: 'Leverantör', value: 'Dahl' }, { name: 'belopp', label: 'Belopp', value: '15900' }]);

  const json = await a.member.client.get(`/runs/${runId}/steps/${stepId}/table`);
  assertEquals([json.status, json.body], [200, { columns, rows }]);
  const csv = await a.member.client.get(`/runs/${runId}/steps/${stepId}/table?format=csv`);
  assertEquals(csv.status, 200);
  assertEquals(csv.text, `__proto__;Belopp\r\n"'=HYPERLINK(""http://evil.example"",""x"")";1 200,50\r\nDahl;'-15900\r\n`);
  const xlsx = await a.member.client.get(`/runs/${runId}/steps/${stepId}/table?format=xlsx`);
  assertEquals([xlsx.status, xlsx.headers.get('content-disposition')?.endsWith('-fakturor.xlsx"')], [200, true]);
  assertEquals((await a.member.client.get(`/runs/${runId}/steps/${stepId}/table?format=pdf`)).status, 400);

  assertEquals((await b.admin.client.get(`/runs/${runId}/steps/${stepId}/table`)).status, 404, 'another organisation');
  const other = await insertStep(runId, { seq: 1 });
  assertEquals((await a.member.client.get(`/runs/${runId}/steps/${other}/table`)).status, 404, 'a step without a table');
});
