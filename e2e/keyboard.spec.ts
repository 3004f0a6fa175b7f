// Keyboard-only journeys: every step by Tab, typing, arrows and Enter, and the focused control is
// always visibly marked (an outline or a focus ring).
import { expect, type Page, test } from '@playwright/test';

/** Presses Tab until `target` has focus (at most `max` times); fails otherwise. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, max = 25) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

async function expectVisibleFocus(page: Page) {
  const marked = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const style = getComputedStyle(el);
    return (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || style.boxShadow !== 'none';
  });
  expect(marked, 'the focused element shows a focus indicator').toBe(true);
}

test('sign in with the keyboard only', async ({ page }) => {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Logga in' });
  const email = form.getByLabel('E-post');
  await tabTo(page, email);
  await expectVisibleFocus(page);
  await page.keyboard.type('user@kollega.se');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Lösenord')).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.type('User123!');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the sign-in / register tabs move with the arrow keys', async ({ page }) => {
  await page.goto('/auth');
  const signIn = page.getByRole('tab', { name: 'Logga in' });
  await tabTo(page, signIn);
  await expectVisibleFocus(page);
  await page.keyboard.press('ArrowRight');
  const register = page.getByRole('tab', { name: 'Registrera' });
  await expect(register).toBeFocused();
  await expect(register).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('form', { name: 'Registrera' })).toBeVisible();
  await page.keyboard.press('Home');
  await expect(signIn).toHaveAttribute('aria-selected', 'true');
});

test('create a workflow with the keyboard only', async ({ page }) => {
  const origin = new URL(process.env.APP_URL ?? 'http://localhost:3000').origin;
  const login = await page.request.post('/api/login', { data: { email: 'user@kollega.se', password: 'User123!' }, headers: { Origin: origin } });
  expect(login.status()).toBe(200);
  await page.goto('/workflows');
  const create = page.getByRole('button', { name: 'Skapa nytt' });
  await tabTo(page, create, 60);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Skapa nytt arbetsflöde' });
  await expect(dialog.getByLabel('Namn')).toBeFocused();
  const name = `Tangentbordsflöde ${Date.now().toString(36)}`;
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Beskrivning')).toBeFocused();
  await page.keyboard.type('Skapat utan mus');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Kategori')).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('ArrowDown');
  const submit = dialog.getByRole('button', { name: 'Skapa arbetsflöde' });
  await tabTo(page, submit);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Arbetsflöde skapat' })).toContainText(name);
  await expect(page).toHaveURL(/\/track-trace\?workflowId=[0-9a-f-]{36}$/);
});
