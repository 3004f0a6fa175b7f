// Signing in for specs that are not about signing in: one API call in the page's context (the session
// cookies land in its cookie jar), and the interface language set before the app loads.
import { expect, type Page } from '@playwright/test';

export const ACCOUNTS = {
  admin: { email: 'admin@kollega.se', password: 'Admin123!', fullName: 'Anna Admin' },
  superuser: { email: 'superuser@kollega.se', password: 'Super123!' },
  user: { email: 'user@kollega.se', password: 'User123!' },
  other: { email: 'other@kollega.se', password: 'Other123!' },
} as const;

export type Account = keyof typeof ACCOUNTS;

export async function signInAs(page: Page, account: Account): Promise<void> {
  const { email, password } = ACCOUNTS[account];
  const baseURL = process.env.APP_URL ?? 'http://localhost:3000';
  const response = await page.request.post('/api/login', { data: { email, password }, headers: { Origin: new URL(baseURL).origin } });
  expect(response.status(), `sign-in as ${account}`).toBe(200);
}

export async function useLanguage(page: Page, language: 'sv' | 'en'): Promise<void> {
  await page.addInitScript((lng) => window.localStorage.setItem('kollega.language', lng), language);
}
