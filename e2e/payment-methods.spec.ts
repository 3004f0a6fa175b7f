// Payment methods over the real stack: a new company's admin adds a card and a bank account,
// changes the default, edits and deletes; the server's own validation; a member sees no actions
// and is refused through the API.
import { expect, test } from '@playwright/test';
import { accounts, callApi, registerCompany, signInAs, useLanguage } from './support/session';

test('an admin adds, makes default, edits and deletes payment methods (sv)', async ({ page }) => {
  await registerCompany(page);
  await page.goto('/payment-methods');
  await expect(page.getByText('Inga betalningssätt')).toBeVisible();
  await page.getByRole('button', { name: 'Lägg till ditt första betalningssätt' }).click();
  const add = page.getByRole('dialog', { name: 'Lägg till betalningssätt' });
  await add.getByRole('button', { name: 'Lägg till' }).click();
  await expect(add.getByText('Namn krävs')).toBeVisible();
  await add.getByLabel('Namn').fill('Företagskort');
  await add.getByLabel('Sista fyra siffrorna').fill('4242');
  await add.getByLabel('Innehavare').fill('Elin Ek');
  await add.getByLabel('Leverantör').fill('Visa');
  await add.getByLabel('Utgångsmånad').fill('3');
  await add.getByLabel('Utgångsår').fill(String(new Date().getFullYear() + 2));
  await add.getByRole('button', { name: 'Lägg till' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Betalningssätt tillagt' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Företagskort' });
  await expect(card).toContainText('•••• 4242');
  await expect(card).toContainText('Standard');
  await expect(card).toContainText(`03/${new Date().getFullYear() + 2}`);

  await page.getByRole('button', { name: 'Lägg till betalningssätt', exact: true }).click();
  const second = page.getByRole('dialog', { name: 'Lägg till betalningssätt' });
  await second.getByLabel('Namn').fill('Lönekonto');
  await second.getByLabel('Typ').selectOption('bank_account');
  await expect(second.getByLabel('Sista fyra siffrorna')).toHaveCount(0);
  await second.getByLabel('Kontonummer').fill('1234-5678901');
  await second.getByRole('button', { name: 'Lägg till' }).click();
  const bank = page.getByRole('article', { name: 'Lönekonto' });
  await expect(bank).toContainText('1234-5678901');
  await expect(bank).toContainText('Bankkonto');

  await bank.getByRole('button', { name: 'Gör Lönekonto till standard' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Standardbetalning uppdaterad' })).toContainText(
    'Nytt standardbetalningssätt har angetts.',
  );
  await expect(bank).toContainText('Standard');
  await expect(card.getByRole('button', { name: 'Gör Företagskort till standard' })).toBeVisible();

  await card.getByRole('button', { name: 'Redigera Företagskort' }).click();
  const edit = page.getByRole('dialog', { name: 'Redigera betalningssätt' });
  await expect(edit.getByLabel('Sista fyra siffrorna')).toHaveValue('4242');
  await edit.getByLabel('Leverantör').fill('Mastercard');
  await edit.getByRole('button', { name: 'Spara' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Betalningssätt uppdaterat' })).toBeVisible();
  await expect(card).toContainText('Mastercard');

  await card.getByRole('button', { name: 'Ta bort Företagskort' }).click();
  await page.getByRole('dialog', { name: 'Ta bort betalningssätt' }).getByRole('button', { name: 'Ta bort' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Betalningssätt borttaget' })).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('in English a member sees no actions, and the server refuses what the form would never send', async ({ page }) => {
  await useLanguage(page, 'en');
  await signInAs(page, accounts.user.email, accounts.user.password);
  await page.goto('/payment-methods');
  const list = page.getByRole('list', { name: 'Payment methods' });
  await expect(list.getByRole('article').first()).toBeVisible();
  await expect(list.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add payment method', exact: true })).toHaveCount(0);

  const refused = await callApi(page, 'POST', '/api/payment-methods', { name: 'Mitt kort', type: 'card', cardLastFour: '1111' });
  expect(refused.status()).toBe(403);

  await signInAs(page, accounts.admin.email, accounts.admin.password);
  const invalid = await callApi(
    page,
    'POST',
    '/api/payment-methods',
    {
      name: 'Gammalt kort',
      type: 'card',
      metadata: { expiryYear: new Date().getFullYear() - 1 },
    },
    'en',
  );
  expect(invalid.status()).toBe(400);
  expect(((await invalid.json()) as { fields: Record<string, string> }).fields['metadata.expiryYear']).toBe('Enter this year or later');
});

test('in English an admin adds an invoice method, makes it the default and deletes the card', async ({ page }) => {
  await useLanguage(page, 'en');
  await registerCompany(page);
  await page.goto('/payment-methods');
  await expect(page.getByText('No payment methods')).toBeVisible();
  await page.getByRole('button', { name: 'Add your first payment method' }).click();
  const first = page.getByRole('dialog', { name: 'Add payment method' });
  await first.getByLabel('Name').fill('Company card');
  await first.getByLabel('Last four digits').fill('12');
  await first.getByRole('button', { name: 'Add' }).click();
  await expect(first.getByText('Enter the last four digits')).toBeVisible();
  await first.getByLabel('Last four digits').fill('1234');
  await first.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Payment method added' })).toBeVisible();

  await page.getByRole('button', { name: 'Add payment method', exact: true }).click();
  const second = page.getByRole('dialog', { name: 'Add payment method' });
  await second.getByLabel('Name').fill('Monthly invoice');
  await second.getByLabel('Type').selectOption('invoice');
  await second.getByRole('button', { name: 'Add' }).click();
  const invoice = page.getByRole('article', { name: 'Monthly invoice' });
  await expect(invoice).toContainText('Invoice');
  await invoice.getByRole('button', { name: 'Make Monthly invoice the default' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Default payment updated' })).toBeVisible();
  await expect(invoice).toContainText('Default');

  const card = page.getByRole('article', { name: 'Company card' });
  await expect(card).toContainText('•••• 1234');
  await card.getByRole('button', { name: 'Delete Company card' }).click();
  await page.getByRole('dialog', { name: 'Delete payment method' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Payment method deleted' })).toBeVisible();
  await expect(card).toHaveCount(0);
});
