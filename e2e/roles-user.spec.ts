// A plain user (user@kollega.se) is not offered changes to a colleague's workflow: pause/start, details,
// delete, steps, schedule and webhook are disabled with the reason, while running and test-running stay;
// their own workflow is theirs to change; user management is refused and not in the sidebar.
import { expect, test } from '@playwright/test';
import { ADMINS_WORKFLOW, READ_ONLY, REASON, toggleButton, USERS_WORKFLOW, workflowCard } from './support/roles';
import { accounts, signInAs } from './support/session';

test.beforeEach(async ({ page }) => {
  await signInAs(page, accounts.user.email, accounts.user.password);
});

test("a user sees a colleague's workflow card with its changes disabled and the reason, and their own enabled", async ({ page }) => {
  await page.goto('/workflows');
  const card = workflowCard(page, ADMINS_WORKFLOW.name);
  await expect(toggleButton(card, ADMINS_WORKFLOW.name)).toBeDisabled();
  await expect(toggleButton(card, ADMINS_WORKFLOW.name)).toHaveAccessibleDescription(REASON);
  await expect(card.getByRole('button', { name: `Redigera ${ADMINS_WORKFLOW.name}` })).toBeDisabled();
  await expect(card).toContainText(REASON);

  await card.getByRole('button', { name: `Åtgärder för ${ADMINS_WORKFLOW.name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Ta bort' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('menuitem', { name: 'Redigera' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('menuitem', { name: 'Kör nu' })).not.toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');

  const own = workflowCard(page, USERS_WORKFLOW.name);
  await expect(toggleButton(own, USERS_WORKFLOW.name)).toBeEnabled();
  await expect(own).not.toContainText(REASON);
});

test("a user opens a colleague's workflow read-only: no saving, schedule or webhook, but a test run", async ({ page }) => {
  await page.goto(`/workflows/${ADMINS_WORKFLOW.id}`);
  await expect(page.getByRole('heading', { level: 1, name: ADMINS_WORKFLOW.name })).toBeVisible();
  await expect(page.getByText(READ_ONLY)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Redigera uppgifter' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Spara', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Lägg till steg', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Redigera steg 1' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Spara schema' })).toBeDisabled();
  const webhookButtons = page.getByRole('button', { name: /webhook/i });
  await expect(webhookButtons.first()).toBeVisible();
  for (const button of await webhookButtons.all()) await expect(button).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Testkör' })).toBeEnabled();
});

test('a user is refused user management and not offered it in the sidebar', async ({ page }) => {
  await page.goto('/user-management');
  await expect(page.getByText('Åtkomst nekad')).toBeVisible();
  await expect(page.getByRole('link', { name: /Användarhantering/ })).toHaveCount(0);
});
