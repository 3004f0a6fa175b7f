// A batch from an Excel file over the real stack and the real runner, in Swedish and in English: an XLSX made
// here with exceljs (four rows, one naming a field the test form does not have) is uploaded in the step editor,
// previewed and mapped to the workflow's input, started; the counters reach "3 klara · 1 fel", retry-failed
// runs the failed row again, and the results file comes back as an XLSX with a status column.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { type Sites, startSites } from '../runner/test/sites/server';
import { type Lang, messages, text as messageText } from './support/messages';
import { callApi, registerCompany, useLanguage } from './support/session';

/** A text of the workflows screens in the test's language. */
const text = (language: Lang, key: string, values: Record<string, string | number> = {}) => messageText(messages(language, 'workflows'), key, values);

let sites: Sites;
test.beforeAll(async () => {
  sites = await startSites();
});
test.afterAll(async () => {
  await sites?.close();
});

for (const language of ['sv', 'en'] as const) {
  test(`upload an XLSX as a batch, watch the counters, retry the failed row, download the results (${language})`, async ({ page }) => {
    test.setTimeout(240_000);
    await useLanguage(page, language);
    await registerCompany(page);
    const created = await callApi(page, 'POST', '/api/workflows', { name: `Fältkoll ${language}` });
    const { id } = (await created.json()) as { id: string };
    const definition = {
      version: 1,
      inputs: [{ name: 'falt', label: 'Fält', type: 'text', required: true }],
      steps: [
        { id: 'open', type: 'navigate', description: 'Öppna formuläret', url: `${sites.origin}/form/` },
        { id: 'field', type: 'waitForElement', description: 'Fältet finns', selectors: ['aria/{{input.falt}}'], timeout: 1500 },
      ],
    };
    expect((await callApi(page, 'PUT', `/api/workflows/${id}/definition`, { definition })).status()).toBe(200);
    expect((await callApi(page, 'PUT', `/api/workflows/${id}`, { status: 'active' })).status()).toBe(200);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Fält');
    for (const row of [['Fält', 'reference'], ['Namn', 'R1'], ['E-post', 'R2'], ['Finns inte', 'R3'], ['Meddelande', 'R4']]) sheet.addRow(row);
    const file = join(mkdtempSync(join(tmpdir(), 'kollega-batch-')), 'falt.xlsx');
    writeFileSync(file, new Uint8Array(await workbook.xlsx.writeBuffer()));

    await page.goto(`/workflows/${id}`);
    await page.getByRole('button', { name: text(language, 'batches.run_file') }).click();
    const dialog = page.getByRole('dialog', { name: text(language, 'batches.upload.title') });
    await dialog.getByLabel(text(language, 'batches.upload.file_label')).setInputFiles(file);
    await expect(dialog.getByText(text(language, 'batches.upload.summary', { count: 4, columns: 2 }))).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Fält' })).toHaveValue('Fält');
    await expect(dialog.getByRole('cell', { name: 'Finns inte' })).toBeVisible();
    await dialog.getByRole('button', { name: text(language, 'batches.upload.start', { count: 4 }) }).click();
    await expect(dialog).toHaveCount(0);

    const row = page.getByRole('listitem', { name: 'falt.xlsx' });
    await expect(row.getByText(text(language, 'batches.counts', { completed: 3, failed: 1, waiting: 0 }))).toBeVisible({ timeout: 120_000 });
    await expect(row.getByText(text(language, 'batches.status.completed'), { exact: true })).toBeVisible();

    const batchOf = async () => ((await (await callApi(page, 'GET', `/api/workflows/${id}/batches`)).json()) as { items: Array<{ id: string }> }).items[0]!.id;
    const failedRunOf = async (batchId: string) => {
      const detail = (await (await callApi(page, 'GET', `/api/batches/${batchId}`)).json()) as { status: string; items: Array<{ index: number; status: string; runId: string | null }> };
      return { status: detail.status, item: detail.items.find((item) => item.index === 2)! };
    };
    const batchId = await batchOf();
    const before = await failedRunOf(batchId);
    const retried = page.waitForResponse((r) => r.url().endsWith('/retry-failed') && r.request().method() === 'POST');
    await row.getByRole('button', { name: text(language, 'batches.actions.retry_failed', { count: 1 }) }).click();
    expect(await (await retried).json()).toMatchObject({ retried: 1 });
    // The retried row has run again (a new run) and failed again; the batch is done.
    await expect
      .poll(async () => {
        const now = await failedRunOf(batchId);
        return now.item.runId !== before.item.runId && now.item.status === 'failed' && now.status === 'completed';
      }, { timeout: 90_000 })
      .toBe(true);
    await expect(row.getByText(text(language, 'batches.counts', { completed: 3, failed: 1, waiting: 0 }))).toBeVisible({ timeout: 60_000 });

    const download = page.waitForEvent('download');
    await row.getByRole('link', { name: text(language, 'batches.actions.download') }).click();
    const saved = join(mkdtempSync(join(tmpdir(), 'kollega-batch-result-')), 'result.xlsx');
    await (await download).saveAs(saved);
    const result = new ExcelJS.Workbook();
    await result.xlsx.readFile(saved);
    const values = result.worksheets[0].getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1, 4));
    expect(values[0]).toEqual(['Fält', 'reference', 'status']);
    expect(values.slice(1).map((r) => r[2])).toEqual(language === 'sv' ? ['klar', 'klar', 'fel', 'klar'] : ['done', 'done', 'failed', 'done']);
  });
}
