// File inputs over the real stack and the real runner, in Swedish and in English: a workflow that attaches an invoice
// on the supplier portal test page (runner/test/sites/upload, which posts the name, type and bytes it received).
// 1. "Kör nu" asks for the file; the page receives exactly that file (name and every byte), and the run's details
//    show the file the run used (by name) in its inputs and in the step's sentence, not what was recorded.
// 2. A batch: a CSV (sv) or an XLSX (en) whose rows name files, with a zip of the files beside it; every row's run
//    uploads its own file, once, byte for byte.
// Screenshots of the input form with its file chosen and of the run's details, for docs/automation.md.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { type Sites, startSites } from '../runner/test/sites/server';
import { type Lang, messages, text as messageText } from './support/messages';
import { callApi, registerCompany, useLanguage } from './support/session';
import { zipOf } from './support/zip';

const text = (language: Lang, namespace: 'workflows' | 'flow_runs', key: string, values: Record<string, string | number> = {}) =>
  messageText(messages(language, namespace), key, values);

/** What the upload page posts for each file it is given. */
type Received = { count: number; name: string; type: string; size: number; base64: string };

/** A small PDF whose bytes differ per file (and hold CR LF, NUL and high bytes, so an encoding slip would show). */
const pdf = (label: string) => Buffer.concat([Buffer.from(`%PDF-1.4\r\n% ${label}\r\n`), Buffer.from([0, 13, 10, 0xe5, 0xe4, 0xf6, 0xff]), Buffer.from(`\n%%EOF ${label}\n`)]);

const screenshots = join(import.meta.dirname, '../docs/screenshots');
mkdirSync(screenshots, { recursive: true });

let sites: Sites;
test.beforeAll(async () => {
  sites = await startSites();
});
test.afterAll(async () => {
  await sites?.close();
});

/** An active workflow that opens the portal, attaches the run's file and waits until the portal says it got that file. */
async function invoiceWorkflow(page: Page, name: string): Promise<string> {
  const created = await callApi(page, 'POST', '/api/workflows', { name });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const definition = {
    version: 1,
    inputs: [{ name: 'faktura', label: 'Faktura', type: 'file', required: true, accept: ['.pdf'] }],
    steps: [
      { id: 'open', type: 'navigate', description: 'Öppna leverantörsportalen', url: `${sites.origin}/upload/` },
      {
        id: 'attach',
        type: 'change',
        description: 'Bifoga fakturan',
        selectors: ['aria/Bifoga faktura', '#faktura'],
        fingerprint: { tag: 'input', name: 'Bifoga faktura', attrs: { type: 'file' } },
        value: '{{input.faktura}}',
      },
      { id: 'received', type: 'waitForElement', description: 'Portalen har tagit emot fakturan', selectors: ['text/Mottagen: {{input.faktura}}'], timeout: 10_000 },
    ],
  };
  const saved = await callApi(page, 'PUT', `/api/workflows/${id}/definition`, { definition });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await callApi(page, 'PUT', `/api/workflows/${id}`, { status: 'active' })).status()).toBe(200);
  return id;
}

/** What the portal received of the files named `names` (in the order it received them). */
const received = (names: string[]) => (sites.results('upload') as Received[]).filter((r) => names.includes(r.name));

for (const language of ['sv', 'en'] as const) {
  test(`"Kör nu" with a file: the portal receives exactly that file, and the run's details name it (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    await useLanguage(page, language);
    await registerCompany(page);
    const name = language === 'sv' ? 'Bifoga leverantörsfaktura' : 'Attach supplier invoice';
    const id = await invoiceWorkflow(page, name);
    const file = { name: `faktura 4711 ${language}.pdf`, mimeType: 'application/pdf', buffer: pdf(`kör nu ${language}`) };

    await page.goto('/workflows');
    const card = page.getByRole('article', { name, exact: true });
    await card.getByRole('button', { name: text(language, 'workflows', 'card.menu', { name }) }).click();
    await page.getByRole('menuitem', { name: text(language, 'workflows', 'menu.run') }).click();
    const dialog = page.getByRole('dialog', { name: text(language, 'workflows', 'run_inputs.run_title', { name }) });
    await dialog.getByLabel(text(language, 'workflows', 'run_inputs.required_label', { label: 'Faktura' })).setInputFiles(file);
    await expect(dialog.getByText(new RegExp(`^${file.name} \\(`))).toBeVisible();
    await page.screenshot({ path: join(screenshots, `file-input-dialog-${language}-1280.jpg`), type: 'jpeg', quality: 70 });
    const started = page.waitForResponse((r) => r.url().endsWith(`/api/workflows/${id}/run`) && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: text(language, 'workflows', 'run_inputs.start') }).click();
    const answer = await started;
    expect(answer.status(), await answer.text()).toBe(202);
    expect(answer.request().headers()['content-type']).toContain('multipart/form-data');
    const { executionId } = (await answer.json()) as { executionId: string };
    await expect(dialog).toHaveCount(0);

    await expect
      .poll(async () => ((await (await callApi(page, 'GET', `/api/runs/${executionId}`)).json()) as { status: string }).status, { timeout: 90_000 })
      .toBe('completed');
    // Exactly the file: once, its own name, its type and every byte.
    expect(received([file.name])).toEqual([{ count: 1, name: file.name, type: 'application/pdf', size: file.buffer.length, base64: file.buffer.toString('base64') }]);

    // The run's details say which file this run used: in its inputs and in the step that attached it.
    await page.goto(`/workflow-execution/${executionId}`);
    const facts = page.getByRole('region', { name: text(language, 'flow_runs', 'details.facts.label') });
    await expect(facts.getByText('Faktura', { exact: true })).toBeVisible();
    await expect(facts.getByText(file.name, { exact: true })).toBeVisible();
    const steps = page.getByRole('list', { name: text(language, 'flow_runs', 'details.steps.attempt', { attempt: 1 }) }).getByRole('listitem');
    await expect(steps.nth(1)).toContainText(
      text(language, 'workflows', 'sentence.upload', {
        file: text(language, 'workflows', 'sentence.quoted', { text: file.name }),
        field: text(language, 'workflows', 'sentence.quoted', { text: 'Bifoga faktura' }),
      }),
    );
    await page.screenshot({ path: join(screenshots, `file-input-run-${language}-1280.jpg`), type: 'jpeg', quality: 70, fullPage: true });
  });

  test(`a batch whose rows name files in a zip: each row's run uploads its own file (${language})`, async ({ page }) => {
    test.setTimeout(240_000);
    await useLanguage(page, language);
    await registerCompany(page);
    const id = await invoiceWorkflow(page, language === 'sv' ? 'Fakturor från lista' : 'Invoices from a list');
    const rows = [
      ['Ahlsell', `ahlsell-8400-${language}.pdf`],
      ['Dahl', `dahl-15900-${language}.pdf`],
      ['Rexel', `rexel-2210-${language}.pdf`],
    ];
    const files = rows.map(([supplier, name]) => ({ name: name!, bytes: pdf(`${supplier} ${language}`) }));
    const folder = mkdtempSync(join(tmpdir(), 'kollega-file-batch-'));
    // An extra file in the zip that no row names is left alone.
    const zip = join(folder, 'fakturor.zip');
    writeFileSync(zip, zipOf([...files, { name: 'ingen-rad.pdf', bytes: pdf('ingen rad') }]));
    let list: string;
    if (language === 'sv') {
      list = join(folder, 'fakturor.csv');
      writeFileSync(list, `Leverantör;Faktura\r\n${rows.map((r) => r.join(';')).join('\r\n')}\r\n`);
    } else {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Invoices');
      for (const row of [['Leverantör', 'Faktura'], ...rows]) sheet.addRow(row);
      list = join(folder, 'fakturor.xlsx');
      writeFileSync(list, new Uint8Array(await workbook.xlsx.writeBuffer()));
    }
    const listName = list.split('/').pop()!;

    await page.goto(`/workflows/${id}`);
    await page.getByRole('button', { name: text(language, 'workflows', 'batches.run_file') }).click();
    const dialog = page.getByRole('dialog', { name: text(language, 'workflows', 'batches.upload.title') });
    await dialog.getByLabel(text(language, 'workflows', 'batches.upload.file_label')).setInputFiles(list);
    await expect(dialog.getByText(text(language, 'workflows', 'batches.upload.summary', { count: 3, columns: 2 }))).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Faktura' })).toHaveValue('Faktura');
    await dialog.getByLabel(text(language, 'workflows', 'batches.zip_label')).setInputFiles(zip);
    const created = page.waitForResponse((r) => r.url().endsWith(`/api/workflows/${id}/batches`) && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: text(language, 'workflows', 'batches.upload.start', { count: 3 }) }).click();
    const answer = await created;
    expect(answer.status(), await answer.text()).toBe(202);
    const { batchId } = (await answer.json()) as { batchId: string };
    await expect(dialog).toHaveCount(0);

    const batch = page.getByRole('listitem', { name: listName });
    await expect(batch.getByText(text(language, 'workflows', 'batches.counts', { completed: 3, failed: 0, waiting: 0 }))).toBeVisible({ timeout: 180_000 });

    // Each file reached the portal once, byte for byte; the one no row names never did.
    const got = received([...files.map((f) => f.name), 'ingen-rad.pdf']);
    expect(got.map((r) => r.name).sort()).toEqual(files.map((f) => f.name).sort());
    for (const file of files) {
      expect(got.find((r) => r.name === file.name)).toEqual({ count: 1, name: file.name, type: 'application/pdf', size: file.bytes.length, base64: file.bytes.toString('base64') });
    }
    // Each row's run used the file its row names (its last step waited for the portal to show that name).
    const detail = (await (await callApi(page, 'GET', `/api/batches/${batchId}`)).json()) as { items: Array<{ index: number; status: string; runId: string }> };
    expect(detail.items.map((item) => item.status)).toEqual(['completed', 'completed', 'completed']);
    for (const item of detail.items) {
      const run = (await (await callApi(page, 'GET', `/api/runs/${item.runId}`)).json()) as { status: string; inputs: Record<string, string> };
      expect(run).toMatchObject({ status: 'completed', inputs: { faktura: rows[item.index]![1] } });
    }
  });
}
