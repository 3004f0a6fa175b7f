// Audit trail over the real stack: the demo organisation's history, search, filters, metadata,
// CSV export; an empty new company in English; the failure message when the call fails.
import { expect, test } from '@playwright/test';
import { accounts, registerCompany, signInAs, useLanguage } from './support/session';

test('an admin reads, searches, filters and exports the audit trail (sv)', async ({ page }) => {
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  await page.goto('/audit-trail');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Aktiviteter' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const total = await list.getByRole('listitem').count();
  expect(total).toBeGreaterThan(1);
  expect(total).toBeLessThanOrEqual(50);

  const resolved = list.getByRole('listitem').filter({ hasText: 'Sidan laddades inte inom 30 sekunder.' });
  await expect(resolved).toContainText('Fel löst');
  await expect(resolved).toContainText('IP-adress:192.168.1.34');
  await expect(resolved.getByText('"errorType": "timeout"')).toBeHidden();
  await resolved.getByText('Metadata').click();
  await expect(resolved.getByText('"errorType": "timeout"')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Sök i aktiviteter' }).fill('SIDAN LADDADES');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Sök i aktiviteter' }).fill('');
  await page.getByRole('combobox', { name: 'Händelse' }).selectOption({ label: 'Fel löst' });
  for (const row of await list.getByRole('listitem').all()) await expect(row).toContainText('Fel löst');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportera CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString('utf8');
  expect(text).toContain('Sidan laddades inte inom 30 sekunder.');
  expect(text).not.toContain('workflow_created');
});

test('a new company sees the empty state in English', async ({ page }) => {
  await useLanguage(page, 'en');
  await registerCompany(page);
  await page.goto('/audit-trail');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible();
  await expect(page.getByText('No activities found')).toBeVisible();
});

test("a failed fetch shows 'Failed to fetch audit trail' (en)", async ({ page }) => {
  await useLanguage(page, 'en');
  await signInAs(page, accounts.user.email, accounts.user.password);
  await page.route('**/api/audit-activities?**', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Service unavailable', code: 'unavailable' }),
    }),
  );
  await page.goto('/audit-trail');
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch audit trail' });
  await expect(alert).toContainText('Service unavailable');
});
