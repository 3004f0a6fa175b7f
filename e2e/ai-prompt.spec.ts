// The AI prompt editor in both languages.
import { expect, test } from '@playwright/test';
import { accounts, signInAs, useLanguage } from './support/session';

test('a prompt saved for a step makes it AI-styrd (sv)', async ({ page }) => {
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  await page.goto('/ai-prompt');
  await expect(page.getByText('Välj ett steg', { exact: true })).toBeVisible();
  const step = page.getByRole('button', { name: /^Steg 1/ });
  await expect(step).toContainText('Standard');
  await step.click();
  await expect(page.getByRole('slider')).toHaveValue('95');
  await page.getByRole('button', { name: 'Använd exempel: Villkorslogik' }).click();
  await expect(page.getByLabel('Instruktioner till AI:n')).toHaveValue(/10000/);
  await page.getByRole('button', { name: 'Spara prompt' }).click();
  await expect(step).toContainText('AI-styrd');
  await expect(page.getByText('Prompten sparad')).toBeVisible();
  await expect(page.getByText('247')).toBeVisible();
});

test('the AI prompt editor speaks English', async ({ page }) => {
  await useLanguage(page, 'en');
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  await page.goto('/ai-prompt');
  await page.getByRole('button', { name: /^Step 3/ }).click();
  await expect(page.getByText('Minimum confidence for automatic decisions: 95%')).toBeVisible();
  await expect(page.getByText('last 100 decisions')).toBeVisible();
});
