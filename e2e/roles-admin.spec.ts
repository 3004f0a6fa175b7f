// An admin (admin@kollega.se) may change any workflow of the organisation, one a plain user created too,
// and manage users.
import { expect, test } from '@playwright/test';
import { READ_ONLY, REASON, toggleButton, USERS_WORKFLOW, workflowCard } from './support/roles';
import { accounts, signInAs } from './support/session';

test.beforeEach(async ({ page }) => {
  await signInAs(page, accounts.admin.email, accounts.admin.password);
});

test("an admin is offered every change of a colleague's workflow", async ({ page }) => {
  await page.goto('/workflows');
  const card = workflowCard(page, USERS_WORKFLOW.name);
  await expect(toggleButton(card, USERS_WORKFLOW.name)).toBeEnabled();
  await expect(card.getByRole('button', { name: `Redigera ${USERS_WORKFLOW.name}` })).toBeEnabled();
  await card.getByRole('button', { name: `Åtgärder för ${USERS_WORKFLOW.name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Ta bort' })).not.toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');
  await expect(card).not.toContainText(REASON);

  await page.goto(`/workflows/${USERS_WORKFLOW.id}`);
  await expect(page.getByRole('heading', { level: 1, name: USERS_WORKFLOW.name })).toBeVisible();
  await expect(page.getByText(READ_ONLY)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Redigera uppgifter' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Spara schema' })).toBeEnabled();
});

test('an admin manages users from the sidebar', async ({ page }) => {
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /Användarhantering/ }).first().click();
  await expect(page).toHaveURL(/\/user-management$/);
  await expect(page.getByText('Åtkomst nekad')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Lägg till användare' })).toBeVisible();
});
