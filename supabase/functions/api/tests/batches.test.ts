// Batches: POST /api/workflows/:id/batches (a CSV or XLSX file, or JSON rows), GET /api/batches/:id, pause,
// resume, stop, retry-failed and the results file. Files as office staff have them, and every bad file refused
// with the row and column named, nothing created.
import ExcelJS from 'exceljs';
import { assert, assertEquals, assertMatch } from './assert.ts';
import { API_ORIGIN, API_URL, type Client, team, withDb } from './helpers.ts';
import { invoiceDefinition, workflowWithSteps } from './run-fixtures.ts';

type Upload = { name: string; bytes: Uint8Array | string; type?: string };

/** A browser's file upload: multipart/form-data with the session's cookies and the app's Origin. */
async function upload(client: Client, workflowId: string, file: Upload, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const form = new FormData();
  const bytes = typeof file.bytes === 'string' ? new TextEncoder().encode(file.bytes) : file.bytes;
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? '' }));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const response = await fetch(`${API_URL}/workflows/${workflowId}/batches`, {
    method: 'POST',
    body: form,
    headers: {
      Origin: API_ORIGIN,
      'Accept-Language': client.lang,
      'X-Forwarded-For': client.address,
      Cookie: [...client.jar].map(([n, v]) => `${n}=${v}`).join('; '),
      ...headers,
    },
  });
  const text = await response.text();
  return { status: response.status, body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null };
}

/** The results file's bytes. */
async function results(client: Client, batchId: string, format?: 'csv' | 'xlsx') {
  const response = await fetch(`${API_URL}/batches/${batchId}/results${format ? `?format=${format}` : ''}`, {
    headers: { 'Accept-Language': client.lang, 'X-Forwarded-For': client.address, Cookie: [...client.jar].map(([n, v]) => `${n}=${v}`).join('; ') },
  });
  return { status: response.status, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), bytes: new Uint8Array(await response.arrayBuffer()) };
}

function items(batchId: string) {
  return withDb((sql) => sql`select index, reference, status::text, inputs, cells, run_id from public.batch_items where batch_id = ${batchId} order by index`);
}

function batchCount(workflowId: string) {
  return withDb(async (sql) => (await sql`select count(*)::int as n from public.batches where workflow_id = ${workflowId}`)[0].n as number);
}

/** Windows-1252 bytes of a Latin-1 text (å ä ö are single bytes there). */
function windows1252(text: string): Uint8Array {
  return Uint8Array.from([...text].map((ch) => ch.charCodeAt(0)));
}

async function xlsx(rows: unknown[][], edit?: (sheet: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Fakturor');
  for (const row of rows) sheet.addRow(row);
  edit?.(sheet);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

Deno.test('POST /api/workflows/:id/batches reads semicolon and comma CSV, with or without BOM, in UTF-8 or Windows-1252, with decimal commas', async () => {
  const { member } = await team();
  const id = await workflowWithSteps(member.client, { active: true, definition: invoiceDefinition() });
  const files: [string, Uint8Array | string][] = [
    ['semikolon.csv', 'Leverantör;Belopp;forfallo\r\nÅhléns AB;"1 234,50";2026-12-01\r\nDahl;15900;\r\n'],
    ['bom.csv', '\ufeffleverantor,belopp\nÅhléns AB,"1234,5"\nDahl,15900\n'],
    ['excel.csv', windows1252('Leverantör;Belopp\r\nÅhléns AB;1234,5\r\nDahl;15900\r\n')],
  ];
  for (const [name, bytes] of files) {
    const response = await upload(member.client, id, { name, bytes, type: 'text/csv' });
    assertEquals(response.status, 202, `${name}: ${JSON.stringify(response.body)}`);
    const rows = await items(response.body.batchId);
    assertEquals(rows.length, 2, name);
    assertEquals(rows[0].inputs.leverantor, 'Åhléns AB', name);
    assertMatch(rows[0].inputs.belopp, /^1 ?234,50?$/, name);
    assertEquals(rows[1].inputs.belopp, '15900', name);
  }
});

Deno.test('POST /api/workflows/:id/batches previews an XLSX (columns mapped by label, Excel dates, formula results, __proto__ as a plain column) and then starts it', async () => {
  const { member } = await team();
  const id = await workflowWithSteps(member.client, { active: true, definition: invoiceDefinition() });
  const bytes = await xlsx([
    ['Leverantör', 'Belopp', 'Förfallodag', '__proto__', 'reference'],
    ['Ahlsell', 8400, new Date(Date.UTC(2026, 11, 1)), 'polluted?', 'F-1'],
    ['Dahl', { formula: '1000+500', result: 1500 }, null, '=HYPERLINK("x")', 'F-2'],
  ]);
  const preview = await upload(member.client, id, { name: 'fakturor.xlsx', bytes }, { preview: 'true' });
  assertEquals(preview.status, 200, JSON.stringify(preview.body));
  assertEquals([preview.body.format, preview.body.columns, preview.body.rowCount, preview.body.referenceColumn],
    ['xlsx', ['Leverantör', 'Belopp', 'Förfallodag', '__proto__', 'reference'], 2, 'reference']);
  assertEquals(preview.body.mapping, { leverantor: 'Leverantör', belopp: 'Belopp', forfallo: 'Förfallodag' });
  assertEquals(preview.body.sample[0], ['Ahlsell', '8400', '2026-12-01', 'polluted?', 'F-1']);
  assertEquals(preview.body.sample[1][1], '1500', 'a formula gives its saved result, never evaluated');
  assertEquals(await batchCount(id), 0, 'a preview starts nothing');

  const started = await upload(member.client, id, { name: 'fakturor.xlsx', bytes }, { concurrency: '1' });
  assertEquals(started.status, 202);
  const rows = await items(started.body.batchId);
  assertEquals(rows.map((r) => [r.reference, r.status, r.inputs]), [
    ['F-1', 'running', { leverantor: 'Ahlsell', belopp: '8400', forfallo: '2026-12-01', konto: '4010' }],
    ['F-2', 'pending', { leverantor: 'Dahl', belopp: '1500', forfallo: '', konto: '4010' }],
  ]);
  assertEquals(Object.getPrototypeOf(rows[0].cells), Array.prototype);

  const detail = await member.client.get(`/batches/${started.body.batchId}`);
  assertEquals(detail.status, 200);
  assertEquals(detail.body.counts, { total: 2, pending: 1, running: 1, completed: 0, failed: 0, skipped: 0, waiting: 0 });
  assertEquals(detail.body.items.map((i: { index: number; status: string }) => [i.index, i.status]), [[0, 'running'], [1, 'pending']]);
  const list = await member.client.get(`/workflows/${id}/batches`);
  assertEquals(list.body.items.map((b: { id: string }) => b.id), [started.body.batchId]);
});

Deno.test('POST /api/workflows/:id/batches refuses every bad file with a clear error naming the row and column, creating nothing', async () => {
  const { member } = await team();
  const id = await workflowWithSteps(member.client, { active: true, definition: invoiceDefinition() });
  const wide = Array.from({ length: 101 }, (_, i) => `c${i}`).join(';');
  const tall = `leverantor;belopp\n${'Dahl;1\n'.repeat(20_001)}`;
  // A zip whose directory claims a part unpacks to 4 GB: refused before anything is unpacked.
  const bomb = new Uint8Array(22 + 46 + 1);
  const view = new DataView(bomb.buffer);
  view.setUint32(0, 0x02014b50, true);
  view.setUint32(24, 0xfffffff0, true);
  view.setUint16(28, 1, true);
  view.setUint32(47, 0x06054b50, true);
  view.setUint16(47 + 10, 1, true);
  view.setUint32(47 + 16, 0, true);
  const cases: [string, Upload, number, string, string?][] = [
    ['empty', { name: 'tom.csv', bytes: '' }, 400, 'batch_file_empty'],
    ['header only', { name: 'rubrik.csv', bytes: 'leverantor;belopp\n' }, 400, 'batch_file_empty'],
    ['duplicate header', { name: 'dubbel.csv', bytes: 'leverantor;Leverantor\nDahl;1\n' }, 400, 'batch_header_duplicate',
      'The column name "Leverantor" appears more than once in the header row (column B).'],
    ['unnamed column', { name: 'namnlos.csv', bytes: 'leverantor;;belopp\nDahl;x;1\n' }, 400, 'batch_header_missing', 'Column B has no name in the header row.'],
    ['cell beyond the header', { name: 'extra.csv', bytes: 'leverantor;belopp\nDahl;1;extra\n' }, 400, 'batch_header_missing', 'Column C has no name in the header row.'],
    ['too many columns', { name: 'bred.csv', bytes: `${wide}\n${wide}\n` }, 400, 'batch_too_many_columns'],
    ['too many rows', { name: 'lang.csv', bytes: tall }, 400, 'batch_too_many_rows', 'The file has more than 20000 rows. Split it into smaller files.'],
    ['cell too long', { name: 'cell.csv', bytes: `leverantor;belopp\nDahl;1\n${'x'.repeat(2001)};2\n` }, 400, 'batch_cell_too_long',
      'Row 3, column leverantor is longer than 2000 characters.'],
    ['unclosed quote', { name: 'citat.csv', bytes: 'leverantor;belopp\n"Dahl;1\n' }, 400, 'batch_file_unreadable'],
    ['not a workbook', { name: 'fel.xlsx', bytes: 'PK this is not a zip' }, 400, 'batch_file_unreadable'],
    ['zip bomb', { name: 'bomb.xlsx', bytes: bomb }, 413, 'batch_file_too_large'],
    ['over 10 MB', { name: 'stor.csv', bytes: `leverantor;belopp\n${'Dahl;1\n'.repeat(1_600_000)}` }, 413, ''],
    ['a bad number', { name: 'tal.csv', bytes: 'leverantor;belopp\nDahl;15900\nAhlsell;femtio\n' }, 400, 'batch_cell_invalid',
      'Row 3, column belopp: The run input belopp must be a number, such as 1234 or 1 234,50.'],
    ['a missing value', { name: 'saknas.csv', bytes: 'leverantor;belopp\n;15900\n' }, 400, 'batch_cell_invalid',
      'Row 2, column leverantor: The run input leverantor was not given, and it has no default value.'],
    ['a bad date', { name: 'datum.csv', bytes: 'leverantor;belopp;forfallo\nDahl;1;31/12/2026\n' }, 400, 'batch_cell_invalid',
      'Row 2, column forfallo: The run input forfallo must be a date written as YYYY-MM-DD.'],
  ];
  for (const [what, file, status, code, message] of cases) {
    const response = await upload(member.client, id, file);
    assertEquals(response.status, status, `${what}: ${JSON.stringify(response.body)}`);
    if (code) assertEquals(response.body.code, code, what);
    if (message) assertEquals(response.body.error, message, what);
  }
  const swedish = await upload(member.client.clone('sv'), id, { name: 'tal.csv', bytes: 'leverantor;belopp\nDahl;15900\nAhlsell;femtio\n' });
  assertEquals(swedish.body.error, 'Rad 3, kolumn belopp: Indata belopp måste vara ett tal, till exempel 1234 eller 1 234,50.');
  assertEquals(swedish.body.fields, { 'rows.3.belopp': 'Indata belopp måste vara ett tal, till exempel 1234 eller 1 234,50.' });

  const mapping = await upload(member.client, id, { name: 'ok.csv', bytes: 'leverantor;belopp\nDahl;1\n' }, { mapping: '{"belopp":"Summa"}' });
  assertEquals([mapping.status, mapping.body.error], [400, 'The column "Summa" that the input belopp is taken from is not in the file.']);
  const concurrency = await upload(member.client, id, { name: 'ok.csv', bytes: 'leverantor;belopp\nDahl;1\n' }, { concurrency: '9' });
  assertEquals([concurrency.status, concurrency.body.fields?.concurrency], [400, 'Between 1 and 8 rows at a time']);
  const json = await member.client.post(`/workflows/${id}/batches`, { rows: [{ leverantor: 'Dahl', belopp: 1 }, { leverantor: { namn: 'x' }, belopp: 2 }] });
  assertEquals([json.status, json.body.code, Object.keys(json.body.fields ?? {})], [400, 'batch_rows_invalid', ['rows.1.leverantor']]);
  const nothing = await member.client.post(`/workflows/${id}/batches`);
  assertEquals([nothing.status, nothing.body.code], [400, 'batch_file_missing']);

  assertEquals(await batchCount(id), 0, 'no refused file left a batch or a row behind');
  const [{ runs }] = await withDb((sql) => sql`select count(*)::int as runs from public.runs where workflow_id = ${id}`);
  assertEquals(runs, 0);
});

Deno.test('POST /api/workflows/:id/batches needs the app\'s Origin, a session and a workflow of the caller\'s organisation that is active', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const id = await workflowWithSteps(a.member.client, { active: true, definition: invoiceDefinition() });
  const file = { name: 'ok.csv', bytes: 'leverantor;belopp\nDahl;1\n' };
  assertEquals((await upload(a.member.client, id, file, {}, { Origin: 'https://evil.example' })).status, 403);
  assertEquals((await upload(b.admin.client, id, file)).status, 404);
  const draft = await workflowWithSteps(a.member.client, { definition: invoiceDefinition() });
  const inactive = await upload(a.member.client, draft, file);
  assertEquals([inactive.status, inactive.body.code], [409, 'workflow_not_active']);
  const started = await upload(a.member.client, id, file);
  assertEquals((await b.admin.client.get(`/batches/${started.body.batchId}`)).status, 404);
  assertEquals((await b.admin.client.post(`/batches/${started.body.batchId}/stop`)).status, 404);
  assertEquals((await results(b.admin.client, started.body.batchId)).status, 404);
});

Deno.test('batches: pause, resume, stop all, retry-failed of exactly the failed rows, a reference done earlier skipped, and the results file in the same format', async () => {
  const { member } = await team();
  const id = await workflowWithSteps(member.client, { active: true, definition: invoiceDefinition() });
  const csv = 'reference;leverantor;belopp\nF-1;=cmd|calc;1\nF-2;Dahl;2\nF-3;@Beijer;3\n';
  const started = await upload(member.client, id, { name: 'fakturor.csv', bytes: csv }, { concurrency: '3' });
  assertEquals(started.status, 202);
  const batchId = started.body.batchId;
  const [first, second, third] = await items(batchId);
  // The runs end as the runner ends them: two complete (one having extracted a value), one fails.
  await withDb(async (sql) => {
    await sql`update public.runs set status = 'running' where id in ${sql([first.run_id, second.run_id, third.run_id])}`;
    await sql`insert into public.run_steps (organization_id, run_id, attempt, seq, step_index, step_id, step_type, description, status, extracted)
              select organization_id, id, 1, 0, 0, 's2', 'extract', 'Fakturanr', 'passed', '{"fakturanr":"+8400"}' from public.runs where id = ${first.run_id}`;
    await sql`update public.runs set status = 'completed', finished_at = now() where id in ${sql([first.run_id, third.run_id])}`;
    await sql`update public.runs set status = 'failed', error_type = 'element_not_found', error_message = 'no field Leverantör', finished_at = now() where id = ${second.run_id}`;
  });
  const done = await member.client.get(`/batches/${batchId}`);
  assertEquals([done.body.status, done.body.counts.completed, done.body.counts.failed], ['completed', 2, 1]);
  assertEquals(done.body.items[1].error, 'no field Leverantör');

  const file = await results(member.client, batchId);
  assertEquals([file.status, file.type, file.disposition], [200, 'text/csv; charset=utf-8', 'attachment; filename="fakturor-result.csv"']);
  assertEquals(new TextDecoder('utf-8', { ignoreBOM: true }).decode(file.bytes), '\ufeffreference;leverantor;belopp;status;error;output.fakturanr\r\n' +
    "F-1;'=cmd|calc;1;done;;'+8400\r\nF-2;Dahl;2;failed;no field Leverantör;\r\nF-3;'@Beijer;3;done;;\r\n");

  // The failed row's run had saved something on the site before it failed: running it again from the start would
  // send that again, so the retry is refused until it says resend (nothing changes meanwhile).
  await withDb((sql) =>
    sql`insert into public.run_steps (organization_id, run_id, attempt, seq, step_index, step_id, step_type, description, status, sent_data)
        select organization_id, id, 1, 0, 0, 's1', 'click', 'Spara', 'passed', true from public.runs where id = ${second.run_id}`
  );
  const resends = await member.client.clone('sv').post(`/batches/${batchId}/retry-failed`);
  assertEquals([resends.status, resends.body.code], [409, 'batch_retry_resends_data']);
  assertMatch(resends.body.error, /^En av de misslyckade raderna skickade redan data till webbplatsen innan den misslyckades\./);
  assertEquals((await items(batchId))[1].status, 'failed');
  assertEquals((await member.client.post(`/batches/${batchId}/retry-failed`, { resend: 1 })).status, 400);
  const retried = await member.client.post(`/batches/${batchId}/retry-failed`, { resend: true });
  assertEquals([retried.status, retried.body.retried, retried.body.batch.status], [200, 1, 'running']);
  const after = await items(batchId);
  assertEquals(after.map((r) => [r.status, r.run_id === [first, second, third][r.index].run_id]), [['completed', true], ['running', false], ['completed', true]],
    'only the failed row runs again, as a new run');
  assertEquals((await member.client.post(`/batches/${batchId}/retry-failed`)).body.retried, 0, 'nothing failed: nothing retried');

  const workbook = await results(member.client.clone('sv'), batchId, 'xlsx');
  assertEquals(workbook.type, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const read = new ExcelJS.Workbook();
  await read.xlsx.load(workbook.bytes.buffer as ArrayBuffer);
  const sheetRows = read.worksheets[0].getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
  assertEquals(sheetRows[0], ['reference', 'leverantor', 'belopp', 'status', 'fel', 'output.fakturanr']);
  assertEquals(sheetRows[1].slice(0, 4), ['F-1', "'=cmd|calc", '1', 'klar']);
  assertEquals(sheetRows[2].slice(3, 4), ['pågår']);

  // Pause, resume, stop all; a second batch skips the references already done.
  const again = await upload(member.client, id, { name: 'igen.csv', bytes: 'reference;leverantor;belopp\nF-1;Ahlsell;1\nF-4;Dahl;2\nF-5;Beijer;3\n' }, { concurrency: '1' });
  const second2 = await member.client.get(`/batches/${again.body.batchId}`);
  assertEquals(second2.body.items.map((i: { status: string }) => i.status), ['skipped', 'running', 'pending']);
  const paused = await member.client.post(`/batches/${again.body.batchId}/pause`);
  assertEquals([paused.status, paused.body.status], [200, 'paused']);
  assertEquals((await member.client.post(`/batches/${again.body.batchId}/resume`)).body.status, 'running');
  const stopped = await member.client.post(`/batches/${again.body.batchId}/stop`);
  assertEquals([stopped.body.status, stopped.body.counts.skipped, stopped.body.counts.failed], ['stopped', 2, 1]);
  const refused = await member.client.clone('sv').post(`/batches/${again.body.batchId}/resume`);
  assertEquals([refused.status, refused.body.error], [409, 'Körningslistan är redan klar eller stoppad.']);
  assert((await member.client.get(`/batches/${again.body.batchId}`)).body.finishedAt);
});
