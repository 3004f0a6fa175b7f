// Sign-in journeys over the real stack: the built app, the api function, Postgres and the Auth stand-in.
import { expect, test, type Page } from '@playwright/test';
import { uniqueCompany, readResetLink } from './support/data';

async function register(page: Page, company: ReturnType<typeof uniqueCompany>) {
  await page.goto('/landing');
  await page.getByRole('banner').getByRole('link', { name: 'Kom igång' }).click();
  await expect(page).toHaveURL(/\/auth\?view=register$/);
  await expect(page.getByRole('tab', { name: 'Registrera' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'Registrera' });
  await form.getByLabel('Fullständigt namn').fill(company.fullName);
  await form.getByLabel('E-post', { exact: true }).fill(company.email);
  await form.getByLabel('Lösenord', { exact: true }).fill(company.password);
  await form.getByLabel('Bekräfta lösenord').fill(company.password);
  await form.getByLabel('Företagsnamn').fill(company.name);
  await form.getByLabel('Organisationsnummer').fill(company.organizationNumber);
  await form.getByLabel('Adress').fill('Storgatan 12');
  await form.getByLabel('Stad').fill('Stockholm');
  await form.getByLabel('Postnummer').fill('11122');
  await form.getByLabel('Företagets e-post').fill(`info.${company.email}`);
  await form.getByLabel('Telefon').fill('0812345678');
  await form.getByRole('button', { name: 'Skapa konto' }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Logga in' });
  await form.getByLabel('E-post').fill(email);
  await form.getByLabel('Lösenord').fill(password);
  await form.getByRole('button', { name: 'Logga in' }).click();
}

async function logOut(page: Page, fullName: string) {
  await page.getByRole('banner').getByRole('button', { name: `Kontomeny för ${fullName}` }).click();
  await page.getByRole('menuitem', { name: 'Logga ut' }).click();
  await expect(page).toHaveURL(/\/landing$/);
}

test('a new company registers, stays signed in across a reload, logs out and signs back in', async ({ page }) => {
  const company = uniqueCompany();
  await register(page, company);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(company.fullName.split(' ')[0]);

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner').getByRole('button', { name: `Kontomeny för ${company.fullName}` })).toBeVisible();

  await logOut(page, company.fullName);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/landing$/);

  await signIn(page, company.email, company.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a wrong password shows the failure toast and keeps the visitor on /auth', async ({ page }) => {
  await signIn(page, 'user@kollega.se', 'not-the-password');
  const toast = page.getByRole('alert').filter({ hasText: 'Inloggningen misslyckades' });
  await expect(toast).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a deactivated user cannot sign in', async ({ page }) => {
  await signIn(page, 'inactive@kollega.se', 'Inactive123!');
  await expect(page.getByRole('alert').filter({ hasText: 'Inloggningen misslyckades' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('forgot password: the link from the outbox sets a new password that then signs in', async ({ page, request }) => {
  const company = uniqueCompany();
  await register(page, company);
  await expect(page).toHaveURL(/\/dashboard$/);
  await logOut(page, company.fullName);

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Glömt lösenordet?' }).click();
  await page.getByLabel('E-post').fill(company.email);
  await page.getByRole('button', { name: 'Skicka instruktioner' }).click();
  await expect(page.getByText('E-post skickat')).toBeVisible();

  const link = await readResetLink(request, company.email);
  await page.goto(link);
  const newPassword = 'Nytt-losen-42';
  await page.getByLabel('Nytt lösenord', { exact: true }).fill(newPassword);
  await page.getByLabel('Bekräfta nytt lösenord').fill(newPassword);
  await page.getByRole('button', { name: 'Återställ lösenord' }).click();
  await expect(page.getByText('Lösenordet har återställts')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 6000 });

  await signIn(page, company.email, company.password);
  await expect(page.getByRole('alert').filter({ hasText: 'Inloggningen misslyckades' })).toBeVisible();
  await signIn(page, company.email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the reset page without a token says the link is invalid', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Ogiltig länk' })).toBeVisible();
  await page.getByRole('link', { name: 'Tillbaka till inloggningen' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a signed-in user opening /auth goes to the dashboard', async ({ page }) => {
  await signIn(page, 'user@kollega.se', 'User123!');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);
});
