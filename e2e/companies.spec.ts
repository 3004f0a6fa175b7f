// Companies over the real stack: a new company's admin edits its details (SPEC §5 messages under
// the fields); a member has no edit button and the server refuses the change through the API.
import { expect, test } from '@playwright/test';
import { accounts, callApi, registerCompany, signInAs, useLanguage } from './support/session';

test('an admin edits the company; the messages show under the fields first (sv)', async ({ page }) => {
  const company = await registerCompany(page);
  await page.goto('/companies');
  const card = page.getByRole('article', { name: company.name });
  await expect(card).toContainText(company.organizationNumber);
  await expect(card).toContainText('Sverige');

  await card.getByRole('button', { name: `Redigera ${company.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Redigera företag' });
  await expect(dialog.getByLabel('Organisationsnummer')).toHaveAttribute('readonly', '');
  await dialog.getByLabel('Företagsnamn').fill('');
  await dialog.getByLabel('Stad').fill('');
  await dialog.getByLabel('E-post').fill('inte-en-adress');
  await dialog.getByRole('button', { name: 'Spara ändringar' }).click();
  await expect(dialog.getByText('Företagsnamn krävs')).toBeVisible();
  await expect(dialog.getByText('Stad krävs')).toBeVisible();
  await expect(dialog.getByText('Ogiltig e-postadress')).toBeVisible();

  await dialog.getByLabel('Företagsnamn').fill(`${company.name} Nord`);
  await dialog.getByLabel('Stad').fill('Luleå');
  await dialog.getByLabel('E-post').fill(`nord.${company.email}`);
  await dialog.getByLabel('Domän (valfritt)').fill('nord.example.se');
  await dialog.getByRole('button', { name: 'Spara ändringar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Företag uppdaterat' })).toContainText('Företagsinformationen har uppdaterats.');
  await expect(dialog).toBeHidden();
  const updated = page.getByRole('article', { name: `${company.name} Nord` });
  await expect(updated).toContainText('Luleå');
  await expect(updated).toContainText('nord.example.se');
  await page.reload();
  await expect(page.getByRole('article', { name: `${company.name} Nord` })).toContainText('Luleå');
});

test('in English a member sees the company without an edit button, and the server refuses an edit', async ({ page }) => {
  await useLanguage(page, 'en');
  await signInAs(page, accounts.user.email, accounts.user.password);
  await page.goto('/companies');
  const card = page.getByRole('list', { name: 'Companies' }).getByRole('article').first();
  await expect(card).toContainText('Organisation number');
  await expect(card.getByRole('button')).toHaveCount(0);

  const [organization] = (await (await callApi(page, 'GET', '/api/admin/organizations')).json()) as Array<Record<string, unknown>>;
  const { id, organizationNumber: _number, ...fields } = organization;
  const refused = await callApi(page, 'PUT', `/api/admin/organizations/${String(id)}`, { ...fields, city: 'Ingenstans' });
  expect(refused.status()).toBe(403);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Companies' }).getByRole('article').first()).not.toContainText('Ingenstans');
});

test('in English an admin edits the company', async ({ page }) => {
  await useLanguage(page, 'en');
  const company = await registerCompany(page);
  await page.goto('/companies');
  await page.getByRole('button', { name: `Edit ${company.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit company' });
  await dialog.getByLabel('Phone').fill('');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('Phone number is required')).toBeVisible();
  await dialog.getByLabel('Phone').fill('0701234567');
  await dialog.getByLabel('Postal code').fill('97231');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Company updated' })).toContainText('The company information has been updated.');
  const card = page.getByRole('article', { name: company.name });
  await expect(card).toContainText('0701234567');
  await expect(card).toContainText('97231');
});
