// A superuser (superuser@kollega.se) may change any workflow of the organisation, a colleague's too, but
// not manage users.
import { expect, test } from '@playwright/test';
import { ADMINS_WORKFLOW, READ_ONLY, REASON, toggleButton, workflowCard } from './support/roles';
import { accounts, signInAs } from './support/session';

test.beforeEach(async ({ page }) => {
  await signInAs(page, accounts.superuser.email, accounts.superuser.password);
});

test("a superuser is offered every change of a colleague's workflow", async ({ page }) => {
  await page.goto('/workflows');
  const card = workflowCard(page, ADMINS_WORKFLOW.name);
  await expect(toggleButton(card, ADMINS_WORKFLOW.name)).toBeEnabled();
  await expect(card.getByRole('button', { name: `Redigera ${ADMINS_WORKFLOW.name}` })).toBeEnabled();
  await expect(card).not.toContainText(REASON);

  await page.goto(`/workflows/${ADMINS_WORKFLOW.id}`);
  await expect(page.getByRole('heading', { level: 1, name: ADMINS_WORKFLOW.name })).toBeVisible();
  await expect(page.getByText(READ_ONLY)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Lägg till steg', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Spara schema' })).toBeEnabled();
});

test('a superuser is refused user management and not offered it in the sidebar', async ({ page }) => {
  await page.goto('/user-management');
  await expect(page.getByText('Åtkomst nekad')).toBeVisible();
  await expect(page.getByRole('link', { name: /Användarhantering/ })).toHaveCount(0);
});
