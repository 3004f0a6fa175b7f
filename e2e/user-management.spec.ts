// User management over the real stack: the admin-only guard, adding a colleague (who gets a mail),
// editing, (de)activating; the server refusing an admin's own role change and a taken e-mail.
import { expect, test } from '@playwright/test';
import { accounts, registerCompany, signInAs, useLanguage } from './support/session';

test('members and superusers see access denied (sv)', async ({ page }) => {
  for (const account of [accounts.user, accounts.superuser]) {
    await signInAs(page, account.email, account.password);
    await page.goto('/user-management');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Åtkomst nekad');
    await expect(alert).toContainText('Du har inte behörighet att visa denna sida.');
    await expect(page.getByRole('table')).toHaveCount(0);
  }
});

test('an admin adds, edits, deactivates and activates a colleague (sv)', async ({ page }) => {
  const company = await registerCompany(page);
  await page.goto('/user-management');
  const table = page.getByRole('table', { name: 'Användare' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('button', { name: `Inaktivera ${company.fullName}` })).toBeDisabled();
  const figures = page.getByLabel('Användare i siffror');
  await expect(figures).toContainText('Totalt antal användare1');
  await expect(figures).toContainText('Administratörer1');

  await page.getByRole('button', { name: 'Lägg till användare', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Lägg till användare' });
  await add.getByRole('button', { name: 'Lägg till' }).click();
  await expect(add.getByText('Fullständigt namn krävs')).toBeVisible();
  const colleagueEmail = `kollega.${company.email}`;
  await add.getByLabel('Fullständigt namn').fill('Bo Berg');
  await add.getByLabel('E-post').fill(colleagueEmail);
  await add.getByRole('button', { name: 'Lägg till' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Användare tillagd' })).toContainText(colleagueEmail);
  const row = table.getByRole('row').filter({ hasText: 'Bo Berg' });
  await expect(row).toContainText('Användare');
  await expect(row).toContainText('Aktiv');

  await row.getByRole('button', { name: 'Redigera Bo Berg' }).click();
  const edit = page.getByRole('dialog', { name: 'Redigera användare' });
  await edit.getByLabel('Roll').selectOption('superuser');
  await edit.getByRole('button', { name: 'Spara' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Användare uppdaterad' })).toContainText('Användarens information har sparats.');
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Superanvändare');
  await expect(figures).toContainText('Superanvändare1');

  await row.getByRole('button', { name: 'Inaktivera Bo Berg' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Användare inaktiverad' })).toContainText('Användaren har inaktiverats.');
  await expect(row).toContainText('Inaktiv');
  await row.getByRole('button', { name: 'Aktivera Bo Berg' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Användare aktiverad' })).toContainText('Användaren har aktiverats.');
  await expect(row.getByRole('button', { name: 'Inaktivera Bo Berg' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Sök användare' }).fill('BO BERG');
  await expect(table.getByRole('row')).toHaveCount(2);
});

test('in English the server refuses an own role change and a taken e-mail, with its message', async ({ page }) => {
  await useLanguage(page, 'en');
  const company = await registerCompany(page);
  await page.goto('/user-management');
  await page.getByRole('button', { name: `Edit ${company.fullName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit user' });
  await edit.getByLabel('Role').selectOption('user');
  await edit.getByRole('button', { name: 'Save' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Error' });
  await expect(refusal).toBeVisible();
  await expect(refusal).not.toContainText('409');
  await expect(edit).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('row').filter({ hasText: company.fullName })).toContainText('Administrator');

  await page.getByRole('button', { name: 'Add user', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Add user' });
  await add.getByLabel('Full name').fill('Someone Else');
  await add.getByLabel('Email').fill(accounts.user.email);
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toBeVisible();
  await expect(add).toBeVisible();
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
});

test('in English an admin adds a colleague and deactivates them; a member is denied', async ({ page }) => {
  await useLanguage(page, 'en');
  const company = await registerCompany(page);
  await page.goto('/user-management');
  await page.getByRole('button', { name: 'Add user', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Add user' });
  await add.getByLabel('Full name').fill('Dan Dahl');
  await add.getByLabel('Email').fill(`dan.${company.email}`);
  await add.getByLabel('Role').selectOption('admin');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'User added' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Dan Dahl' });
  await expect(row).toContainText('Administrator');
  await row.getByRole('button', { name: 'Deactivate Dan Dahl' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'User deactivated' })).toContainText('The user has been deactivated.');
  await expect(row).toContainText('Inactive');
  await expect(page.getByLabel('Users in figures')).toContainText('Active1');

  await signInAs(page, accounts.user.email, accounts.user.password);
  await page.goto('/user-management');
  await expect(page.getByRole('alert')).toContainText('Access denied');
  await expect(page.getByRole('alert')).toContainText('You do not have permission to view this page.');
});
