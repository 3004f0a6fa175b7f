// File inputs in a run in the person's own browser, through the api, the stack's runner and its relay, with the
// stand-in of the extension (fake-extension.ts): "Kör i min webbläsare" sends the invoice PDF with the run
// (multipart, as the web app does); the runner sets it in the person's tab over the relayed CDP session, exactly its
// bytes, name and type, on a plain file field and through a button that opens the browser's file chooser. The bytes
// travel inside the relayed commands (Playwright's file payloads, put into the page as File objects): the runner
// gives the person's browser no path of its own machine (DOM.setFileInputFiles is never relayed) and writes the file
// nowhere on disk (no file under the temporary directory holds the bytes afterwards).
// Needs a running stack with a runner and its relay (npm test starts them): API_URL.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AttendedConnection } from '../../supabase/functions/_shared/types/api.ts';
import { API_URL, Session } from './api-session.ts';
import { FakeExtension } from './fake-extension.ts';
import { startSites, type Sites } from './sites/server.ts';

const session = new Session();
let sites: Sites;
let person: FakeExtension;

beforeAll(async () => {
  [sites, person] = await Promise.all([startSites(), FakeExtension.launch(), session.registerCompany('Filer hos mig')]).then(([s, p]) => [s, p] as const);
});

afterAll(async () => {
  await person?.close();
  await sites?.close();
});

/** Files under `dir` changed since `since` (at most 4 levels down, each under 4 MB) whose bytes contain `needle`. */
function filesHolding(dir: string, needle: Buffer, since: number, skip: string, depth = 0): string[] {
  if (depth > 4 || dir === skip) return [];
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return []; // another user's directory
  }
  const found: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesHolding(path, needle, since, skip, depth + 1));
    else if (entry.isFile()) {
      try {
        const stat = statSync(path);
        if (stat.mtimeMs >= since && stat.size < 4 * 1024 * 1024 && readFileSync(path).includes(needle)) found.push(path);
      } catch {
        // gone meanwhile, or not ours to read
      }
    }
  }
  return found;
}

it('"Kör i min webbläsare" with an invoice PDF sets exactly its bytes in the person\'s tab, on a file field and through a file chooser, and writes them nowhere', async () => {
  const since = Date.now() - 1000;
  // A marker no other file has: the search for the bytes on disk looks for it.
  const marker = Buffer.from(`kollega-${randomBytes(12).toString('hex')}`);
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\r\n%âãÏÓ\r\n'), marker, Buffer.from(Array.from({ length: 256 }, (_, i) => 255 - i))]);
  const attachment = Buffer.concat([Buffer.from('%PDF-1.4 bilaga '), marker]);

  const created = await session.request<{ id: string }>('POST', '/workflows', { name: 'Ladda upp faktura hos mig' });
  const saved = await session.request('PUT', `/workflows/${created.body.id}/definition`, {
    definition: {
      version: 1,
      inputs: [
        { name: 'faktura', label: 'Faktura', type: 'file', required: true },
        { name: 'bilaga', label: 'Bilaga', type: 'file', required: true },
      ],
      steps: [
        { id: 'open', type: 'navigate', url: `${sites.origin}/upload/` },
        { id: 'attach', type: 'change', selectors: ['#faktura'], value: '{{input.faktura}}' },
        { id: 'received', type: 'waitForElement', selectors: ['text/Mottagen: faktura 4711.pdf'], timeout: 10_000 },
        { id: 'choose', type: 'change', selectors: ['aria/Välj bilaga[role="button"]'], value: '{{input.bilaga}}' },
        { id: 'done', type: 'waitForElement', selectors: ['text/Mottagen: bilaga.pdf'], timeout: 10_000 },
      ],
    },
  });
  expect(saved.status).toBe(200);
  expect((await session.request('PUT', `/workflows/${created.body.id}`, { status: 'active', runLocation: 'both' })).status).toBe(200);

  // As the web app sends it: the JSON in the part `json`, each file in `file.<input>`.
  const form = new FormData();
  form.set('json', JSON.stringify({ inputs: {} }));
  form.set('file.faktura', new File([pdf], 'faktura 4711.pdf', { type: 'application/pdf' }));
  form.set('file.bilaga', new File([attachment], 'bilaga.pdf', { type: 'application/pdf' }));
  const response = await fetch(`${API_URL}/workflows/${created.body.id}/attended-runs`, {
    method: 'POST',
    headers: { Origin: new URL(API_URL).origin, Cookie: session.cookieHeader(), 'Accept-Language': 'sv' },
    body: form,
  });
  expect(response.status).toBe(201);
  const started = (await response.json()) as AttendedConnection;

  const tab = await person.openTab('about:blank');
  expect(await person.connect(started.relayUrl, started.token, tab)).toBe('accepted');
  const run = await session.runToEnd(started.runId, 60_000);
  expect({ status: run.status, error: run.errorMessage }).toEqual({ status: 'completed', error: null });

  const received = (name: string, bytes: Buffer) => ({ count: 1, name, type: 'application/pdf', size: bytes.length, base64: bytes.toString('base64') });
  expect(sites.results('upload')).toEqual([received('faktura 4711.pdf', pdf)]);
  expect(sites.results('upload-chooser')).toEqual([received('bilaga.pdf', attachment)]);
  expect(await person.url(tab), 'in the person\'s own tab').toContain('/upload/');
  expect(person.commands.filter((c) => c.method === 'DOM.setFileInputFiles'), 'no path of the runner\'s machine was handed to the person\'s browser').toEqual([]);
  expect(filesHolding(tmpdir(), marker, since, person.profileDir), 'no file under the temporary directory holds the bytes').toEqual([]);

  // Another organisation cannot start a run with the files of this workflow, nor see it.
  const other = new Session();
  await other.registerCompany('Annan byrå');
  expect((await other.request('POST', `/workflows/${created.body.id}/attended-runs`, {})).status).toBe(404);
});

it('refuses a file the input does not take and starts nothing', async () => {
  const created = await session.request<{ id: string }>('POST', '/workflows', { name: 'Bara PDF' });
  expect((await session.request('PUT', `/workflows/${created.body.id}/definition`, {
    definition: {
      version: 1,
      inputs: [{ name: 'faktura', label: 'Faktura', type: 'file', required: true, accept: ['.pdf'] }],
      steps: [{ id: 'open', type: 'navigate', url: `${sites.origin}/upload/` }, { id: 'attach', type: 'change', selectors: ['#faktura'], value: '{{input.faktura}}' }],
    },
  })).status).toBe(200);
  expect((await session.request('PUT', `/workflows/${created.body.id}`, { status: 'active', runLocation: 'attended' })).status).toBe(200);
  const form = new FormData();
  form.set('json', JSON.stringify({ inputs: {} }));
  form.set('file.faktura', new File(['inte en pdf'], 'kvitto.png', { type: 'image/png' }));
  const response = await fetch(`${API_URL}/workflows/${created.body.id}/attended-runs`, {
    method: 'POST',
    headers: { Origin: new URL(API_URL).origin, Cookie: session.cookieHeader(), 'Accept-Language': 'sv' },
    body: form,
  });
  expect(response.status).toBe(400);
  expect(((await response.json()) as { code: string }).code).toBe('input_file_type');
  const runs = await session.request<{ items: { workflowId: string }[] }>('GET', `/runs?workflowId=${created.body.id}`);
  expect(runs.body.items, 'no run was started').toEqual([]);
});
