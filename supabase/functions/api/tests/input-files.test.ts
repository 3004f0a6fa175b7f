// File inputs (docs/automation.md "File inputs"): a file for "Kör nu" and test runs (multipart), a webhook (base64
// JSON) and batch rows (a zip beside the CSV), stored encrypted with the run or the batch. Tried as a hostile member,
// webhook caller and uploader would: a missing, too big, empty or wrong kind of file, text where a file belongs,
// broken base64, zip bombs, zip-slip names, another organisation's workflow. A refused file starts nothing.
import { SECRETS_KEY as LOCAL_SECRETS_KEY } from '../../../../dev/lib/config.ts';
import { crc32 } from '../zip.ts';
import { assert, assertEquals, assertMatch } from './assert.ts';
import { API_URL, Client, team, withDb } from './helpers.ts';
import { workflowWithSteps } from './run-fixtures.ts';

/** The key the stack gives the api function (dev/lib/stack.ts). */
const SECRETS_KEY = Deno.env.get('KOLLEGA_SECRETS_KEY') ?? LOCAL_SECRETS_KEY;
const MB = 1024 * 1024;
const PDF = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\nFaktura 4711 från Dahl\n\u0000\r\n%%EOF');

function fileDefinition() {
  return {
    version: 1,
    inputs: [
      { name: 'lev', label: 'Leverantör', type: 'text', required: true },
      { name: 'faktura', label: 'Faktura', type: 'file', required: true, accept: ['.pdf', 'application/pdf'] },
    ],
    steps: [
      { id: 's1', type: 'navigate', url: 'https://leverantor.example.se/' },
      { id: 's2', type: 'change', selectors: ['#lev'], value: '{{input.lev}}' },
      { id: 's3', type: 'change', selectors: ['#fil'], value: '{{input.faktura}}' },
    ],
  };
}

/** "Kör nu" as the web app sends it with a file: the JSON in the part `json`, the file in `file.<input>`. */
function runForm(inputs: Record<string, string>, files: Record<string, File>, mode?: 'test'): FormData {
  const form = new FormData();
  form.set('json', JSON.stringify({ inputs, ...(mode && { mode }) }));
  for (const [name, file] of Object.entries(files)) form.set(`file.${name}`, file);
  return form;
}

const pdf = (name = 'faktura.pdf', bytes: Uint8Array = PDF) => new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'application/pdf' });

function runsOf(workflowId: string) {
  return withDb((sql) => sql`select id, inputs from public.runs where workflow_id = ${workflowId} order by created_at`);
}

/** The files stored for a workflow's runs and batches, decrypted with the stack's key. */
function storedFiles(workflowId: string) {
  return withDb((sql) => sql<{ runId: string | null; batchId: string | null; inputName: string | null; fileName: string; contentType: string; size: number; stored: Uint8Array; plain: Uint8Array }[]>`
    select f.run_id as "runId", f.batch_id as "batchId", f.input_name as "inputName", f.file_name as "fileName", f.content_type as "contentType",
           f.size, f.content as stored, extensions.pgp_sym_decrypt_bytea(f.content, ${SECRETS_KEY}) as plain
    from public.input_files f
    left join public.runs r on r.id = f.run_id
    left join public.batches b on b.id = f.batch_id
    where coalesce(r.workflow_id, b.workflow_id) = ${workflowId}
    order by f.file_name collate "C"`);
}

const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);
const contains = (haystack: Uint8Array, needle: Uint8Array) => latin1(haystack).includes(latin1(needle));

Deno.test('POST /api/workflows/:id/run with a file (multipart) starts the run with the file\'s name as the value and the file stored encrypted, byte for byte', async () => {
  const { member } = await team();
  const id = await workflowWithSteps(member.client, { active: true, definition: fileDefinition() });
  const started = await member.client.post(`/workflows/${id}/run`, runForm({ lev: 'Dahl' }, { faktura: pdf('mapp\\faktura 4711.pdf') }));
  assertEquals(started.status, 202, started.text);
  const [run] = await runsOf(id);
  assertEquals(run.id, started.body.executionId);
  assertEquals(run.inputs, { lev: 'Dahl', faktura: 'mapp\\faktura 4711.pdf' });
  const [file] = await storedFiles(id);
  assertEquals([file.runId, file.inputName, file.fileName, file.contentType, file.size], [run.id, 'faktura', 'mapp\\faktura 4711.pdf', 'application/pdf', PDF.length]);
  assertEquals(new Uint8Array(file.plain), PDF, 'the stored file decrypts to exactly the bytes sent');
  assert(!contains(new Uint8Array(file.stored), new TextEncoder().encode('Faktura 4711')), 'the stored content is encrypted');

  const test = await member.client.post(`/workflows/${id}/run`, runForm({ lev: 'Dahl' }, { faktura: pdf() }, 'test'));
  assertEquals(test.status, 202, 'a test run takes files the same way');
  assertEquals((await storedFiles(id)).length, 2);
});

Deno.test('POST /api/workflows/:id/run refuses a missing, too big, empty or wrong kind of file, in Swedish and English, and starts nothing', async () => {
  const { member, organizationId } = await team();
  const id = await workflowWithSteps(member.client, { active: true, definition: fileDefinition() });
  const cases: [string, FormData | unknown, number, string, RegExp, RegExp][] = [
    ['no file', runForm({ lev: 'Dahl' }, {}), 400, 'input_file_missing', /Filen för indata faktura saknas/, /The file for the run input faktura is missing/],
    ['the name as text instead of a file', { inputs: { lev: 'Dahl', faktura: 'faktura.pdf' } }, 400, 'input_file_missing', /faktura saknas/, /faktura is missing/],
    ['an empty file', runForm({ lev: 'Dahl' }, { faktura: pdf('tom.pdf', new Uint8Array()) }), 400, 'input_file_empty', /faktura är tom/, /faktura is empty/],
    ['a file of the wrong kind', runForm({ lev: 'Dahl' }, { faktura: new File(['MZ'], 'faktura.pdf.exe', { type: 'application/x-msdownload' }) }), 400, 'input_file_type', /inte av en sort/, /not a kind of file/],
    ['a file over 10 MB', runForm({ lev: 'Dahl' }, { faktura: pdf('stor.pdf', new Uint8Array(10 * MB + 1)) }), 413, 'input_file_too_large', /större än 10 MB/, /larger than 10 MB/],
    ['files over 20 MB together', runForm({ lev: 'Dahl' }, { faktura: pdf('stor.pdf', new Uint8Array(21 * MB)) }), 413, 'payload_too_large', /./, /./],
  ];
  for (const [label, body, status, code, sv, en] of cases) {
    for (const [client, words] of [[member.client.clone('sv'), sv], [member.client.clone('en'), en]] as const) {
      const response = await client.post(`/workflows/${id}/run`, body);
      assertEquals([response.status, response.body?.code], [status, code], `${label} (${client.lang}): ${response.text.slice(0, 200)}`);
      assertMatch(response.body.error, words, `${label} (${client.lang})`);
      if (code.startsWith('input_')) assertEquals(Object.keys(response.body.fields ?? {}), ['inputs.faktura'], label);
    }
  }
  assertEquals((await runsOf(id)).length, 0, 'no run was started');
  const [{ n }] = await withDb((sql) => sql`select count(*)::int as n from public.input_files where organization_id = ${organizationId}`);
  assertEquals(n, 0, 'no file was stored');
});

Deno.test('POST /api/workflows/:id/run with a file for another organisation\'s workflow is a 404 and stores nothing; a file for a name that is no file input is dropped', async () => {
  const { member } = await team();
  const other = await team();
  const id = await workflowWithSteps(member.client, { active: true, definition: fileDefinition() });
  const intruder = await other.admin.client.post(`/workflows/${id}/run`, runForm({ lev: 'Dahl' }, { faktura: pdf() }));
  assertEquals([intruder.status, intruder.body.code], [404, 'not_found']);
  assertEquals((await storedFiles(id)).length, 0);

  const extra = await member.client.post(`/workflows/${id}/run`, runForm({ lev: 'Dahl' }, { faktura: pdf(), lev: pdf('lev.pdf'), okand: pdf('okand.pdf') }));
  assertEquals(extra.status, 202, extra.text);
  assertEquals((await storedFiles(id)).map((f) => [f.inputName, f.fileName]), [['faktura', 'faktura.pdf']]);
  assertEquals((await runsOf(id))[0].inputs, { lev: 'Dahl', faktura: 'faktura.pdf' });
});

/** A webhook call with the token in Authorization: Bearer. */
async function callHook(token: string, body: string) {
  const response = await fetch(`${API_URL}/hooks`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'X-Forwarded-For': new Client().address, 'Accept-Language': 'sv' },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

Deno.test('POST /api/hooks takes a file as base64 JSON, stores it with the run, and refuses text, broken base64, a wrong kind and too much', async () => {
  const { admin } = await team();
  const id = await workflowWithSteps(admin.client, { active: true, definition: fileDefinition() });
  const { body: hook } = await admin.client.post(`/workflows/${id}/webhook`);
  const refused: [string, unknown, number, string][] = [
    ['text where a file belongs', 'faktura.pdf', 400, 'input_not_file'],
    ['a list', ['x'], 400, 'input_not_file'],
    ['no content', { fileName: 'faktura.pdf' }, 400, 'input_not_file'],
    ['broken base64', { fileName: 'faktura.pdf', base64: 'JVBER*i0=' }, 400, 'input_not_file'],
    ['a wrong kind', { fileName: 'faktura.exe', contentType: 'application/x-msdownload', base64: base64(PDF) }, 400, 'input_file_type'],
    ['an empty file', { fileName: 'faktura.pdf', base64: '' }, 400, 'input_file_empty'],
    ['nothing', null, 400, 'input_file_missing'],
  ];
  for (const [label, faktura, status, code] of refused) {
    const response = await callHook(hook.token, JSON.stringify({ lev: 'Dahl', faktura }));
    assertEquals([response.status, response.body.code], [status, code], label);
    if (code !== 'input_file_missing') assertMatch(response.body.error, /faktura/, label);
  }
  const big = await callHook(hook.token, JSON.stringify({ lev: 'Dahl', faktura: { fileName: 'stor.pdf', base64: 'A'.repeat(Math.ceil((11 * MB) / 3) * 4) } }));
  assertEquals([big.status, big.body.code], [413, 'input_file_too_large'], 'a file over 10 MB');
  assertEquals((await runsOf(id)).length, 0, 'no refused call started a run');

  const accepted = await callHook(hook.token, JSON.stringify({ lev: 'Dahl', faktura: { fileName: 'faktura.pdf', contentType: 'application/pdf', base64: base64(PDF) } }));
  assertEquals(accepted.status, 202, JSON.stringify(accepted.body));
  const [run] = await runsOf(id);
  assertEquals(run.inputs, { lev: 'Dahl', faktura: 'faktura.pdf' });
  const [file] = await storedFiles(id);
  assertEquals([file.runId, file.inputName, file.size], [run.id, 'faktura', PDF.length]);
  assertEquals(new Uint8Array(file.plain), PDF);
});

Deno.test('POST /api/hooks keeps the 64 KB limit for a workflow without file inputs', async () => {
  const { admin } = await team();
  const id = await workflowWithSteps(admin.client, { active: true });
  const { body: hook } = await admin.client.post(`/workflows/${id}/webhook`);
  const response = await callHook(hook.token, JSON.stringify({ note: 'x'.repeat(70 * 1024) }));
  assertEquals([response.status, response.body.code], [413, 'payload_too_large']);
});

type ZipFile = { name: string; bytes: Uint8Array; deflate?: boolean; declaredSize?: number; encrypted?: boolean };

/** A zip as any zip tool writes one: local headers and data, the central directory, its end record. */
async function zip(files: ZipFile[]): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const file of files) {
    const name = new TextEncoder().encode(file.name);
    const data = file.deflate
      ? new Uint8Array(await new Response(new Blob([file.bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer())
      : file.bytes;
    const header = (size: number, start: number) => {
      const bytes = new Uint8Array(size + name.length);
      const view = new DataView(bytes.buffer);
      const at = start === 30 ? 0 : 2;
      view.setUint32(0, start === 30 ? 0x04034b50 : 0x02014b50, true);
      view.setUint16(6 + at, 0x800 | (file.encrypted ? 1 : 0), true);
      view.setUint16(8 + at, file.deflate ? 8 : 0, true);
      view.setUint32(14 + at, crc32(file.bytes), true);
      view.setUint32(18 + at, data.length, true);
      view.setUint32(22 + at, file.declaredSize ?? file.bytes.length, true);
      view.setUint16(26 + at, name.length, true);
      if (start === 46) view.setUint32(42, offset, true);
      bytes.set(name, start);
      return bytes;
    };
    parts.push(header(30, 30), data);
    central.push(header(46, 46));
    offset += 30 + name.length + data.length;
  }
  const end = new Uint8Array(22);
  const view = new DataView(end.buffer);
  view.setUint32(0, 0x06054b50, true);
  view.setUint16(8, files.length, true);
  view.setUint16(10, files.length, true);
  view.setUint32(12, central.reduce((n, c) => n + c.length, 0), true);
  view.setUint32(16, offset, true);
  const all = [...parts, ...central, end];
  const out = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of all) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A batch upload: the CSV in `file`, the zip in `files`. */
function batchForm(csv: string, zipBytes?: Uint8Array): FormData {
  const form = new FormData();
  form.set('file', new File([csv], 'fakturor.csv', { type: 'text/csv' }));
  if (zipBytes) form.set('files', new File([zipBytes as Uint8Array<ArrayBuffer>], 'fakturor.zip', { type: 'application/zip' }));
  return form;
}

Deno.test('POST /api/workflows/:id/batches with a zip: each row\'s run gets the file its column names, stored once, encrypted; a zip-slip name is only a name', async () => {
  const { member } = await team();
  const id = await workflowWithSteps(member.client, { active: true, definition: fileDefinition() });
  const other = new TextEncoder().encode('%PDF-1.4 Ahlsell');
  const files = await zip([
    { name: 'dahl.pdf', bytes: PDF, deflate: true },
    { name: '../../etc/ahlsell.pdf', bytes: other },
    { name: 'mapp/', bytes: new Uint8Array() },
    { name: 'oanvand.pdf', bytes: PDF },
  ]);
  const response = await member.client.post(`/workflows/${id}/batches`, batchForm('lev;faktura\nDahl;dahl.pdf\nAhlsell;../../etc/ahlsell.pdf\nDahl igen;dahl.pdf\n', files));
  assertEquals(response.status, 202, response.text);
  const stored = await storedFiles(id);
  assertEquals(stored.map((f) => [f.batchId, f.fileName, f.contentType, f.size]), [
    [response.body.batchId, '../../etc/ahlsell.pdf', 'application/pdf', other.length],
    [response.body.batchId, 'dahl.pdf', 'application/pdf', PDF.length],
  ], 'only the files the rows name, each once, under its name in the zip');
  assertEquals(new Uint8Array(stored[1].plain), PDF, 'a deflated entry unpacks to exactly its bytes');
  assertEquals(new Uint8Array(stored[0].plain), other);
  const [{ inputs }] = await withDb((sql) => sql`select inputs from public.batch_items where batch_id = ${response.body.batchId} and index = 1`);
  assertEquals(inputs, { lev: 'Ahlsell', faktura: '../../etc/ahlsell.pdf' });
});

Deno.test('POST /api/workflows/:id/batches refuses a missing zip, a file not in it, zip bombs, a file over 10 MB, an empty file, a wrong kind and broken zips, naming row and column, and creates nothing', async () => {
  const { member } = await team();
  const id = await workflowWithSteps(member.client, { active: true, definition: fileDefinition() });
  const csv = 'lev;faktura\nDahl;dahl.pdf\nAhlsell;ahlsell.pdf\n';
  const good = { name: 'dahl.pdf', bytes: PDF };
  const zeros = new Uint8Array(12 * MB);
  const cases: [string, Uint8Array | undefined, number, string, RegExp][] = [
    ['no zip', undefined, 400, 'batch_zip_missing', /ingen zip-fil/],
    ['a file the zip lacks', await zip([good]), 400, 'batch_zip_file_missing', /Rad 3, kolumn faktura: filen "ahlsell.pdf" finns inte/],
    ['a bomb that declares less than it unpacks to', await zip([good, { name: 'ahlsell.pdf', bytes: zeros, deflate: true, declaredSize: 1000 }]), 400, 'batch_zip_unreadable', /mer än den anger|more than it declares/],
    ['a file over 10 MB', await zip([good, { name: 'ahlsell.pdf', bytes: zeros, deflate: true }]), 413, 'batch_cell_invalid', /Rad 3, kolumn faktura: .*större än 10 MB/],
    ['entries declaring over 200 MB', await zip([good, ...Array.from({ length: 21 }, (_, i) => ({ name: `stor-${i}.pdf`, bytes: PDF, declaredSize: 10 * MB }))]), 413, 'batch_zip_too_large', /zip/i],
    ['an encrypted entry', await zip([good, { name: 'ahlsell.pdf', bytes: PDF, encrypted: true }]), 400, 'batch_zip_unreadable', /krypterad|encrypted/],
    ['a damaged entry', await zip([good, { name: 'ahlsell.pdf', bytes: PDF, declaredSize: PDF.length + 1 }]), 400, 'batch_zip_unreadable', /skadad|damaged/],
    ['an empty file', await zip([good, { name: 'ahlsell.pdf', bytes: new Uint8Array() }]), 400, 'batch_cell_invalid', /Rad 3, kolumn faktura: .*tom/],
    ['not a zip', new TextEncoder().encode('inte en zip'), 400, 'batch_zip_unreadable', /zip/],
  ];
  const sv = member.client.clone('sv');
  for (const [label, files, status, code, words] of cases) {
    const response = await sv.post(`/workflows/${id}/batches`, batchForm(csv, files));
    assertEquals([response.status, response.body?.code], [status, code], `${label}: ${response.text.slice(0, 300)}`);
    assertMatch(response.body.error, words, label);
  }
  const wrongKind = await sv.post(`/workflows/${id}/batches`, batchForm('lev;faktura\nDahl;dahl.exe\n', await zip([{ name: 'dahl.exe', bytes: PDF }])));
  assertEquals([wrongKind.status, wrongKind.body.code], [400, 'batch_cell_invalid']);
  assertMatch(wrongKind.body.error, /Rad 2, kolumn faktura: Filen för indata faktura är inte av en sort/);
  const [{ n }] = await withDb((sql) => sql`select count(*)::int as n from public.batches where workflow_id = ${id}`);
  assertEquals(n, 0, 'no batch was created');
  assertEquals((await storedFiles(id)).length, 0, 'no file was stored');
});

Deno.test('a file input takes no value from a schedule, and a recorded file chooser becomes a file input when the definition is saved', async () => {
  const { admin } = await team();
  const id = await workflowWithSteps(admin.client, { active: true, definition: fileDefinition() });
  const schedule = await admin.client.put(`/workflows/${id}/schedule`, { cron: '0 8 * * 1', inputs: { lev: 'Dahl', faktura: 'faktura.pdf' } });
  assertEquals([schedule.status, schedule.body.code], [400, 'input_file_missing']);

  const recorded = {
    version: 1,
    steps: [
      { id: 's1', type: 'navigate', url: 'https://leverantor.example.se/' },
      { id: 's2', type: 'change', selectors: ['#fil'], value: 'C:\\fakepath\\faktura.pdf' },
    ],
  };
  const saved = await admin.client.put(`/workflows/${id}/definition`, { definition: recorded });
  assertEquals(saved.status, 200, saved.text);
  const { body: workflow } = await admin.client.get(`/workflows/${id}`);
  assertEquals(workflow.definition.steps[1].value, '{{input.fil}}');
  assertEquals(workflow.definition.inputs, [{ name: 'fil', label: '', type: 'file', required: true }]);
});
