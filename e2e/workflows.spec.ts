// Workflows over the real stack: create (with the blank-name rule), start, a run refused until the
// workflow has steps, duplicate, delete, edit; a refused run of a draft. (What each role is offered on a
// colleague's workflow: e2e/roles-*.spec.ts; runs that execute: e2e/workflow-editor.spec.ts, e2e/flow-runs.spec.ts.)
import { expect, test } from '@playwright/test';
import { accounts, registerCompany, signInAs, useLanguage } from './support/session';

test('a new company creates its first workflow, starts it, cannot run it without steps, duplicates and deletes it (sv)', async ({ page }) => {
  await registerCompany(page);
  await page.goto('/workflows');
  await expect(page.getByRole('heading', { level: 1, name: 'Arbetsflöden' })).toBeVisible();
  await expect(page.getByText('Inga arbetsflöden än')).toBeVisible();

  await page.getByRole('button', { name: 'Skapa ditt första flöde' }).click();
  const dialog = page.getByRole('dialog', { name: 'Skapa nytt arbetsflöde' });
  await dialog.getByRole('button', { name: 'Skapa arbetsflöde' }).click();
  await expect(dialog.getByText('Namn krävs')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Ange ett namn för ditt arbetsflöde' })).toBeVisible();

  await dialog.getByLabel('Namn').fill('Hyresavier');
  await dialog.getByLabel('Beskrivning').fill('Skickar hyresavier varje månad');
  await dialog.getByLabel('Kategori').selectOption('Fastighetsadministration');
  await dialog.getByLabel('Startmetod').selectOption('scheduled');
  await dialog.getByRole('button', { name: 'Skapa arbetsflöde' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Arbetsflöde skapat' })).toContainText('"Hyresavier" har skapats.');
  await expect(page).toHaveURL(/\/track-trace\?workflowId=[0-9a-f-]{36}$/);

  await page.goto('/workflows');
  const card = page.getByRole('article', { name: 'Hyresavier', exact: true });
  await expect(card).toContainText('Utkast');
  await expect(card).toContainText('Aldrig körd');
  await card.getByRole('button', { name: 'Starta Hyresavier' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Arbetsflöde startat' })).toBeVisible();
  await expect(card).toContainText('Aktiv');

  // A workflow without recorded steps has nothing to run: the server says so and nothing is started.
  await card.getByRole('button', { name: 'Åtgärder för Hyresavier' }).click();
  await page.getByRole('menuitem', { name: 'Kör nu' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'Kunde inte köra arbetsflöde' });
  await expect(refused).toContainText('Arbetsflödet har inga steg. Spela in eller lägg till steg innan det körs.');
  await expect(card).toContainText('Aldrig körd');

  await card.getByRole('button', { name: 'Åtgärder för Hyresavier' }).click();
  await page.getByRole('menuitem', { name: 'Statistik' }).click();
  const stats = page.getByRole('dialog', { name: 'Statistik för Hyresavier' });
  await expect(stats.getByText('Antal körningar')).toBeVisible();
  await expect(stats).toContainText('0');
  await stats.getByRole('button', { name: 'Stäng' }).click();

  await card.getByRole('button', { name: 'Åtgärder för Hyresavier' }).click();
  await page.getByRole('menuitem', { name: 'Duplicera' }).click();
  const copy = page.getByRole('article', { name: 'Hyresavier (kopia)' });
  await expect(copy).toContainText('Utkast');

  await copy.getByRole('button', { name: 'Åtgärder för Hyresavier (kopia)' }).click();
  await page.getByRole('menuitem', { name: 'Ta bort' }).click();
  const confirm = page.getByRole('dialog', { name: 'Ta bort arbetsflöde' });
  await confirm.getByRole('button', { name: 'Ta bort' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Arbetsflöde borttaget' })).toBeVisible();
  await expect(copy).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Sök arbetsflöden' }).fill('finns inte');
  await expect(page.getByText('Inga arbetsflöden matchar sökningen')).toBeVisible();
});

test('in English: edit a workflow, and running a draft is refused with the server message', async ({ page }) => {
  await useLanguage(page, 'en');
  await registerCompany(page);
  await page.goto('/workflows');
  await page.getByRole('button', { name: 'Create new' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create new workflow' });
  await dialog.getByLabel('Name').fill('Invoices');
  await dialog.getByRole('button', { name: 'Create workflow' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Workflow created' })).toBeVisible();
  await expect(page).toHaveURL(/\/track-trace\?workflowId=[0-9a-f-]{36}$/);
  await page.goto('/workflows');

  const card = page.getByRole('article', { name: 'Invoices' });
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit workflow' });
  await expect(edit.getByLabel('Name')).toHaveValue('Invoices');
  await edit.getByLabel('Name').fill('Supplier invoices');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Workflow updated' })).toBeVisible();
  const renamed = page.getByRole('article', { name: 'Supplier invoices' });
  await expect(renamed).toContainText('Draft');

  await renamed.getByRole('button', { name: 'Actions for Supplier invoices' }).click();
  await page.getByRole('menuitem', { name: 'Run now' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Could not run workflow' });
  await expect(toast).toBeVisible();
  await expect(toast).not.toContainText('409');
  await expect(renamed).toContainText('Never run');
});

test('keyboard only: the card menu opens and runs its items, and a dialog closes with Escape', async ({ page }) => {
  await registerCompany(page);
  await page.goto('/workflows');
  await page.getByRole('button', { name: 'Skapa ditt första flöde' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Skapa nytt arbetsflöde' });
  await expect(dialog.getByLabel('Namn')).toBeFocused();
  await page.keyboard.type('Tangentbordsflöde');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/track-trace\?workflowId=[0-9a-f-]{36}$/);

  await page.goto('/workflows');
  const menuButton = page.getByRole('button', { name: 'Åtgärder för Tangentbordsflöde' });
  await menuButton.focus();
  await expect(menuButton).toBeFocused();
  await page.keyboard.press('Enter');
  // Headless UI keeps focus on the menu and marks the active item (aria-activedescendant).
  await expect(page.getByRole('menuitem', { name: 'Redigera' })).toHaveAttribute('data-focus', '');
  // Redigera → Kör nu → Pausa/Starta → Duplicera → Statistik ("Kör i min webbläsare" only where the workflow may
  // run attended; a new one runs on the servers).
  await expect(page.getByRole('menuitem', { name: 'Kör i min webbläsare' })).toHaveCount(0);
  for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Statistik' })).toHaveAttribute('data-focus', '');
  await page.keyboard.press('Enter');
  const stats = page.getByRole('dialog', { name: 'Statistik för Tangentbordsflöde' });
  await expect(stats).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(stats).toBeHidden();
});

test('"Importera mall" leads to the template marketplace', async ({ page }) => {
  await signInAs(page, accounts.user.email, accounts.user.password);
  await page.goto('/workflows');
  await page.getByRole('link', { name: 'Importera mall' }).click();
  await expect(page).toHaveURL(/\/marketplace$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
