// The public pages and the app shell: language, 404, role-dependent navigation.
import { expect, test } from '@playwright/test';

test('the language choice persists across a reload', async ({ page }) => {
  await page.goto('/landing');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Kom igång' })).toBeVisible();
  await page.getByRole('banner').getByRole('group', { name: 'Språk' }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Get started' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Get started' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expect(page).toHaveTitle(/Page Not Found/);
});

async function signIn(page: import('@playwright/test').Page, email: string, password: string) {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Logga in' });
  await form.getByLabel('E-post').fill(email);
  await form.getByLabel('Lösenord').fill(password);
  await form.getByRole('button', { name: 'Logga in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a user does not see user management in the navigation', async ({ page }) => {
  await signIn(page, 'user@kollega.se', 'User123!');
  const nav = page.getByRole('navigation', { name: 'Huvudmeny' });
  await expect(nav.getByRole('link', { name: 'Arbetsflöden' }).first()).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Användarhantering' })).toHaveCount(0);
});

test('an admin sees user management in the navigation', async ({ page }) => {
  await signIn(page, 'admin@kollega.se', 'Admin123!');
  const nav = page.getByRole('navigation', { name: 'Huvudmeny' });
  await expect(nav.getByRole('link', { name: 'Användarhantering' })).toBeVisible();
});
