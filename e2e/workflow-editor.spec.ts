// The workflow editor over the real stack and the real runner, in Swedish and in English: a Chrome Recorder
// recording of the local test form (runner/test/sites, reachable by the runner on 127.0.0.1) is imported
// from a file, a value is edited and saved as version 2, a test run is followed live to its end (and the
// test page received the edited value), a broken selector makes a test run fail with its error type, and
// after the fix the run is retried from the failed step in flow management until it completes. Along the
// way: axe on the editor, and screenshots of the editor and the run's details for the docs.
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { loadRecording } from '../runner/test/cases';
import { type Sites, startSites } from '../runner/test/sites/server';
import { messages, text } from './support/messages';
import { accounts, signInAs, useLanguage } from './support/session';

const screenshots = join(import.meta.dirname, '../docs/screenshots');
mkdirSync(screenshots, { recursive: true });
const RUN_TIMEOUT = 60_000;


async function settle(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

async function expectNoSevereAxeViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const severe = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(severe, `axe on ${what}`).toEqual([]);
}

let sites: Sites;
test.beforeAll(async () => {
  sites = await startSites();
});
test.afterAll(async () => {
  await sites?.close();
});

for (const language of ['sv', 'en'] as const) {
  test(`import, edit, live test run, failure and retry from the failed step (${language})`, async ({ page }) => {
    test.setTimeout(300_000);
    const wf = messages(language, 'workflows');
    const runs = messages(language, 'flow_runs');
    const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const name = `E2E editor ${language} ${suffix}`;
    const editedName = `Redigerad ${suffix}`;

    await useLanguage(page, language);
    await signInAs(page, accounts.admin.email, accounts.admin.password);
    await page.setViewportSize({ width: 1280, height: 900 });

    // 1. Import: the recording of the form case, with the test sites' real origin, from a file.
    const recording = loadRecording('form', sites.origin);
    recording.title = name;
    const file = join(mkdtempSync(join(tmpdir(), 'kollega-editor-')), `${suffix}.json`);
    writeFileSync(file, JSON.stringify(recording, null, 2));
    await page.goto('/workflows');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: text(wf, 'import.button'), exact: true }).click();
    await (await chooser).setFiles(file);
    await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    const workflowId = page.url().split('/').at(-1)!;
    await expect(page.getByText(text(wf, 'import.success'), { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    const stepList = page.getByRole('list', { name: text(wf, 'editor.steps.list_label') });
    const stepCount = recording.steps.length;
    await expect(stepList.locator(':scope > li')).toHaveCount(stepCount);
    await expect(page.getByText(text(wf, 'editor.steps.count_other', { count: stepCount }), { exact: true })).toBeVisible();
    await expect(page.getByText(text(wf, 'editor.version', { version: 1 }), { exact: true }).first()).toBeVisible();
    // Each step reads as a sentence (the recording's start page among them); its selectors wait under "Avancerat".
    const start = recording.steps.find((s) => s.type === 'navigate') as { url: string };
    await expect(stepList.getByText(text(wf, 'sentence.navigate', { url: start.url }), { exact: true })).toBeVisible();
    await expect(stepList.getByText(text(wf, 'editor.steps.advanced.title'), { exact: true }).first()).toBeVisible();
    // The recording's steps in its order: 1 setViewport, 2 navigate, 3 click #name, 4 change #name, … last: submit.
    const nameClick = recording.steps.findIndex((s) => s.type === 'click');
    const nameChange = recording.steps.findIndex((s) => s.type === 'change');
    expect(nameChange).toBe(nameClick + 1);

    // 2. Edit the name field's value and save: version 2.
    await page.getByRole('button', { name: text(wf, 'editor.steps.edit', { number: nameChange + 1 }) }).click();
    let dialog = page.getByRole('dialog', {
      name: text(wf, 'step_dialog.edit_title', { number: nameChange + 1, type: text(wf, 'step_types.change') }),
    });
    await expect(dialog.getByLabel(text(wf, 'step_dialog.value_label'), { exact: true })).toHaveValue('Anna Lind');
    await dialog.getByLabel(text(wf, 'step_dialog.value_label'), { exact: true }).fill(editedName);
    await dialog.getByRole('button', { name: text(wf, 'step_dialog.done') }).click();
    await expect(dialog).toHaveCount(0);
    await expect(stepList.locator(':scope > li').nth(nameChange)).toContainText(editedName);
    await expect(page.getByText(text(wf, 'editor.unsaved'), { exact: true })).toBeVisible();
    await page.getByRole('button', { name: text(wf, 'editor.save'), exact: true }).click();
    await expect(page.getByText(text(wf, 'editor.toast.saved', { version: 2 }), { exact: true }).first()).toBeVisible();
    await expect(page.getByText(text(wf, 'editor.version', { version: 2 }), { exact: true }).first()).toBeVisible();
    await expect(page.getByText(text(wf, 'editor.unsaved'), { exact: true })).toHaveCount(0);

    await settle(page);
    await expectNoSevereAxeViolations(page, `the editor (${language})`);

    // 3. A test run, watched live in the editor's panel: the steps turn passed one by one, the run completes
    // and the test page received the edited name.
    sites.reset();
    const resultsList = page.getByRole('list', { name: text(wf, 'test_run.steps_label') });
    const passed = text(wf, 'test_run.step_status.passed');
    const started = page.waitForResponse((r) => r.url().endsWith(`/api/workflows/${workflowId}/run`) && r.request().method() === 'POST');
    await page.getByRole('button', { name: text(wf, 'editor.test_run'), exact: true }).click();
    const firstRun = ((await (await started).json()) as { executionId: string }).executionId;
    // Snapshots of how many steps show passed, taken until the run ends.
    const seen: number[] = [];
    await expect
      .poll(
        async () => {
          const rows = await resultsList.locator(':scope > li').allInnerTexts().catch(() => [] as string[]);
          const count = rows.filter((row) => row.includes(passed)).length;
          if (seen.at(-1) !== count) seen.push(count);
          return count;
        },
        { timeout: RUN_TIMEOUT, intervals: [100] },
      )
      .toBe(stepCount);
    expect(seen.some((count) => count > 0 && count < stepCount), `passed counts seen: ${seen.join(', ')}`).toBe(true);
    await expect(page.getByText(text(wf, 'test_run.status.completed'), { exact: true })).toBeVisible({ timeout: RUN_TIMEOUT });
    await expect(page.getByText(text(wf, 'test_run.progress', { completed: stepCount, total: stepCount }), { exact: true })).toBeVisible();
    await expect.poll(() => sites.results('form').at(-1), { timeout: 10_000 }).toMatchObject({ name: editedName, email: 'anna.lind@example.se' });
    await settle(page);
    await page.screenshot({ path: join(screenshots, `workflow-editor-${language}-1280.jpg`), type: 'jpeg', quality: 70 });
    expect(firstRun).toBeTruthy();

    // 4. A click whose only selector matches nothing (2 s timeout): the test run fails on it with its error type.
    await page.getByRole('button', { name: text(wf, 'editor.steps.edit', { number: nameClick + 1 }) }).click();
    dialog = page.getByRole('dialog', {
      name: text(wf, 'step_dialog.edit_title', { number: nameClick + 1, type: text(wf, 'step_types.click') }),
    });
    await dialog.getByText(text(wf, 'step_dialog.advanced'), { exact: true }).click();
    const selectors = recording.steps[nameClick].selectors as string[][];
    for (let i = selectors.length; i > 1; i--) {
      await dialog.getByRole('button', { name: text(wf, 'step_dialog.selectors.remove', { number: i }) }).click();
    }
    await dialog.getByLabel(text(wf, 'step_dialog.selectors.item', { number: 1 }), { exact: true }).fill('#does-not-exist');
    await dialog.getByLabel(text(wf, 'step_dialog.timeout_label'), { exact: true }).fill('2');
    await dialog.getByRole('button', { name: text(wf, 'step_dialog.done') }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: text(wf, 'editor.save'), exact: true }).click();
    await expect(page.getByText(text(wf, 'editor.toast.saved', { version: 3 }), { exact: true }).first()).toBeVisible();

    const failing = page.waitForResponse((r) => r.url().endsWith(`/api/workflows/${workflowId}/run`) && r.request().method() === 'POST');
    await page.getByRole('button', { name: text(wf, 'editor.test_run'), exact: true }).click();
    const runId = ((await (await failing).json()) as { executionId: string }).executionId;
    await expect(page.getByText(text(wf, 'test_run.status.failed'), { exact: true }).first()).toBeVisible({ timeout: RUN_TIMEOUT });
    const failedRow = resultsList.locator(':scope > li').filter({ hasText: text(wf, 'test_run.step', { number: nameClick + 1 }) });
    await expect(failedRow).toContainText(text(wf, 'test_run.step_status.failed'));
    await expect(failedRow).toContainText(text(wf, 'test_run.error_types.element_not_found'));

    // The fix: a working selector again, saved as version 4.
    await page.getByRole('button', { name: text(wf, 'editor.steps.edit', { number: nameClick + 1 }) }).click();
    await dialog.getByText(text(wf, 'step_dialog.advanced'), { exact: true }).click();
    await dialog.getByLabel(text(wf, 'step_dialog.selectors.item', { number: 1 }), { exact: true }).fill('#name');
    await dialog.getByRole('button', { name: text(wf, 'step_dialog.done') }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: text(wf, 'editor.save'), exact: true }).click();
    await expect(page.getByText(text(wf, 'editor.toast.saved', { version: 4 }), { exact: true }).first()).toBeVisible();

    // Retry in flow management from the failed step (the default), on the fixed version: it completes.
    sites.reset();
    await page.goto(`/workflow-execution/${runId}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const facts = page.getByRole('region', { name: text(runs, 'details.facts.label') });
    await expect(facts).toContainText(text(runs, 'status.failed'));
    await page.getByRole('button', { name: text(runs, 'actions.retry'), exact: true }).click();
    const retry = page.getByRole('dialog', { name: text(runs, 'retry.title', { name }) });
    await expect(retry.getByLabel(text(runs, 'retry.step_label'))).toHaveValue(String(nameClick));
    await retry.getByRole('button', { name: text(runs, 'retry.confirm'), exact: true }).click();
    // (The retry's toast may already have given way to the next one: the attempt counter is what counts.)
    await expect(facts).toContainText(`${text(runs, 'details.facts.attempt')}2`);
    const attempt = page.getByRole('list', { name: text(runs, 'details.steps.attempt', { attempt: 2 }) });
    await expect(attempt).toContainText(text(runs, 'details.steps.step', { step: nameClick + 1 }), { timeout: RUN_TIMEOUT });
    await expect(facts).toContainText(text(runs, 'status.completed'), { timeout: RUN_TIMEOUT });
    await expect.poll(() => sites.results('form').at(-1), { timeout: 10_000 }).toMatchObject({ name: editedName });
    await settle(page);
    await page.screenshot({ path: join(screenshots, `run-details-${language}-1280.jpg`), type: 'jpeg', quality: 70 });
  });
}
