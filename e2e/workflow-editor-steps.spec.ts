// Building and fixing steps without seeing a selector (issue 24), over the real stack in both languages: the
// steps read as sentences, a step moves by keyboard (its move button, with the move announced) and by
// dragging it with the mouse, Ctrl+Z undoes the last move, the new order is saved as version 2, and the
// version history restores version 1 (saved again as version 3) with who saved it and what changed.
import { expect, type Page, test } from '@playwright/test';
import { messages, text } from './support/messages';
import { accounts, callApi, signInAs, useLanguage } from './support/session';


const DEFINITION = {
  version: 1,
  steps: [
    { id: 'open', type: 'navigate', description: '', url: 'https://portal.example.se/leverantorer' },
    { id: 'name', type: 'change', description: '', selectors: ['aria/Leverantörsnamn[role="textbox"]', '#name'], value: 'Byggbolaget AB' },
    {
      id: 'terms',
      type: 'change',
      description: '',
      selectors: ['#terms'],
      fingerprint: { tag: 'select', name: 'Betalningsvillkor' },
      control: 'select',
      value: '30',
      choices: [
        { value: '10', label: '10 dagar' },
        { value: '30', label: '30 dagar' },
      ],
    },
    { id: 'save', type: 'click', description: '', selectors: ['aria/Spara leverantör[role="button"]', 'form > button'] },
    { id: 'saved', type: 'waitForElement', description: '', selectors: ['text/Sparat'] },
  ],
};

async function sentences(page: Page, listLabel: string): Promise<string[]> {
  return page
    .getByRole('list', { name: listLabel })
    .locator(':scope > li')
    .evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent ?? ''));
}

for (const language of ['sv', 'en'] as const) {
  test(`steps as sentences; reorder by keyboard and mouse, undo, save, restore a version (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    const wf = messages(language, 'workflows');
    const listLabel = text(wf, 'editor.steps.list_label');
    await useLanguage(page, language);
    await signInAs(page, accounts.admin.email, accounts.admin.password);
    const created = await callApi(page, 'POST', '/api/workflows', { name: `E2E steg ${language} ${Date.now().toString(36)}` });
    const workflowId = ((await created.json()) as { id: string }).id;
    expect((await callApi(page, 'PUT', `/api/workflows/${workflowId}/definition`, { definition: DEFINITION })).status()).toBe(200);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/workflows/${workflowId}`);
    const q = (s: string) => text(wf, 'sentence.quoted', { text: s });
    const original = [
      text(wf, 'sentence.navigate', { url: 'https://portal.example.se/leverantorer' }),
      text(wf, 'sentence.fill', { field: q('Leverantörsnamn'), value: q('Byggbolaget AB') }),
      text(wf, 'sentence.select', { option: q('30 dagar'), field: q('Betalningsvillkor') }),
      text(wf, 'sentence.click', { target: text(wf, 'sentence.button', { name: q('Spara leverantör') }) }),
      text(wf, 'sentence.wait_visible', { target: q('Sparat') }),
    ];
    await expect.poll(() => sentences(page, listLabel)).toEqual(original);
    // No selector in sight until "Avancerat" is opened.
    await expect(page.getByText('aria/Leverantörsnamn[role="textbox"]')).toBeHidden();

    // Keyboard: step 4 up, with the focus kept on the moved step's button and the move announced.
    await page.getByRole('button', { name: text(wf, 'editor.steps.move_up', { number: 4 }) }).focus();
    await page.keyboard.press('Enter');
    const afterKeyboard = [original[0], original[1], original[3], original[2], original[4]];
    await expect.poll(() => sentences(page, listLabel)).toEqual(afterKeyboard);
    await expect(page.getByRole('button', { name: text(wf, 'editor.steps.move_up', { number: 3 }) })).toBeFocused();
    await expect(page.getByText(text(wf, 'editor.steps.moved', { from: 4, to: 3 }), { exact: true })).toBeAttached();

    // Mouse: drag the first step onto the last.
    const rows = page.getByRole('list', { name: listLabel }).locator(':scope > li');
    await rows.nth(0).dragTo(rows.nth(4));
    const afterDrag = [afterKeyboard[1], afterKeyboard[2], afterKeyboard[3], afterKeyboard[4], afterKeyboard[0]];
    await expect.poll(() => sentences(page, listLabel)).toEqual(afterDrag);

    // Ctrl+Z undoes the drag (focus on the page, not in a field).
    await page.locator('h1').click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => sentences(page, listLabel)).toEqual(afterKeyboard);

    await page.getByRole('button', { name: text(wf, 'editor.save'), exact: true }).click();
    await expect(page.getByText(text(wf, 'editor.toast.saved', { version: 2 }), { exact: true }).first()).toBeVisible();

    // Version history: version 1 restored as version 3.
    const history = page.getByRole('list', { name: text(wf, 'history.list_label') });
    await expect(history.locator(':scope > li')).toHaveCount(2);
    await expect(history.locator(':scope > li').first()).toContainText(text(wf, 'history.reordered'));
    await page.getByRole('button', { name: text(wf, 'history.restore_label', { version: 1 }) }).click();
    const confirm = page.getByRole('dialog', { name: text(wf, 'history.restore_dialog.title', { version: 1 }) });
    await confirm.getByRole('button', { name: text(wf, 'history.restore_dialog.confirm'), exact: true }).click();
    await expect(page.getByText(text(wf, 'history.toast.restored', { restored: 1, version: 3 }), { exact: true }).first()).toBeVisible();
    await expect.poll(() => sentences(page, listLabel)).toEqual(original);
    await expect(history.locator(':scope > li')).toHaveCount(3);
    await expect(page.getByText(text(wf, 'editor.version', { version: 3 }), { exact: true }).first()).toBeVisible();
  });
}
