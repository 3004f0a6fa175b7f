// Signing in and choosing the interface language for the end-to-end specs.
import { expect, type Page } from '@playwright/test';

export const admin = { email: 'admin@kollega.se', password: 'Admin123!' };
export const member = { email: 'user@kollega.se', password: 'User123!' };

/** English from the first page load on (the app reads `kollega.language` from localStorage). */
export async function useEnglish(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('kollega.language', 'en'));
}

/** Signs in through the form (in either language) and waits for the dashboard. */
export async function signIn(page: Page, account: { email: string; password: string } = admin): Promise<void> {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: /^(Logga in|Sign In|Sign in)$/ });
  await form.getByLabel(/^(E-post|Email)$/).fill(account.email);
  await form.getByLabel(/^(Lösenord|Password)$/).fill(account.password);
  await form.getByRole('button', { name: /^(Logga in|Sign In|Sign in)$/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
