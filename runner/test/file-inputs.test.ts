// File inputs through the api and the runner, as a person and another system would use them: a recorded file chooser
// (Chrome's fake path) saved as a workflow becomes a file input; "Kör nu" sends an invoice PDF with the run
// (multipart), a webhook sends one in base64; the runner decrypts the file it was given and the supplier portal (a
// local page) receives exactly its bytes, name and type. Another organisation's run never gets the file.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_URL, Session } from './api-session.ts';
import { startSites, type Sites } from './sites/server.ts';

let sites: Sites;
const session = new Session();

beforeAll(async () => {
  sites = await startSites();
  await session.registerCompany('Filer');
});

afterAll(async () => {
  await sites?.close();
});

/** Every byte value, CR LF and NUL among them, after a PDF's header. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\r\n%âãÏÓ\r\n'), Buffer.from(Array.from({ length: 256 }, (_, i) => 255 - i))]);
const received = (name: string, bytes: Buffer) => ({ count: 1, name, type: 'application/pdf', size: bytes.length, base64: bytes.toString('base64') });

it('a recorded file chooser becomes a file input; "Kör nu" with a PDF and a webhook with one in base64 each reach the page byte for byte', async () => {
  const workflowId = await session.activeWorkflow('Ladda upp faktura', [
    { id: 'open', type: 'navigate', url: `${sites.origin}/upload/` },
    { id: 'attach', type: 'change', selectors: ['#faktura'], value: 'C:\\fakepath\\faktura.pdf' },
    { id: 'done', type: 'waitForElement', selectors: ['text/Mottagen'], timeout: 5000 },
  ]);
  const workflow = await session.request<{ definition: { inputs: unknown[]; steps: { id: string; value?: string }[] } }>('GET', `/workflows/${workflowId}`);
  expect(workflow.body.definition.inputs).toEqual([{ name: 'fil', label: '', type: 'file', required: true }]);
  expect(workflow.body.definition.steps.find((s) => s.id === 'attach')?.value).toBe('{{input.fil}}');

  // "Kör nu" as the web app sends it with a file.
  const form = new FormData();
  form.set('json', JSON.stringify({ inputs: {} }));
  form.set('file.fil', new File([PDF], 'faktura 4711.pdf', { type: 'application/pdf' }));
  const started = await fetch(`${API_URL}/workflows/${workflowId}/run`, {
    method: 'POST',
    headers: { Origin: new URL(API_URL).origin, Cookie: session.cookieHeader(), 'Accept-Language': 'sv' },
    body: form,
  });
  expect(started.status).toBe(202);
  const { executionId } = (await started.json()) as { executionId: string };
  const run = await session.runToEnd(executionId, 60_000);
  expect(run.status, `${run.errorType}: ${run.errorMessage}`).toBe('completed');
  expect(sites.results('upload')).toEqual([received('faktura 4711.pdf', PDF)]);
  const detail = await session.request<{ steps: { stepId: string; used: { value?: string } | null }[] }>('GET', `/runs/${executionId}`);
  expect(detail.body.steps.find((s) => s.stepId === 'attach')?.used?.value).toBe('faktura 4711.pdf');

  // A webhook with the file in base64.
  const hook = await session.request<{ token: string }>('POST', `/workflows/${workflowId}/webhook`);
  const other = Buffer.concat([Buffer.from('%PDF-1.4 '), PDF.subarray(0, 100)]);
  const called = await fetch(`${API_URL}/hooks`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${hook.body.token}` },
    body: JSON.stringify({ fil: { fileName: 'från-webhook.pdf', contentType: 'application/pdf', base64: other.toString('base64') } }),
  });
  expect(called.status).toBe(202);
  const hooked = await session.runToEnd(((await called.json()) as { executionId: string }).executionId, 60_000);
  expect(hooked.status, `${hooked.errorType}: ${hooked.errorMessage}`).toBe('completed');
  expect(sites.results('upload')).toEqual([received('faktura 4711.pdf', PDF), received('från-webhook.pdf', other)]);
});
