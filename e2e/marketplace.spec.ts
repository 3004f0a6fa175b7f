// The marketplace against the real API: templates from the catalogue, search, a preview of the real steps,
// install as a draft with those steps.
import { expect, test } from '@playwright/test';
import { accounts, signInAs, useLanguage } from './support/session';

test('templates can be found, previewed and installed as a draft workflow (sv)', async ({ page }) => {
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Huvudmeny' }).first().getByRole('link', { name: 'Marknadsplats' }).click();
  await expect(page).toHaveURL(/\/marketplace$/);
  const featured = page.getByRole('region', { name: 'Utvalda mallar' });
  await expect(featured.getByRole('article', { name: 'Hyresavisering' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Sök mallar' }).fill('diarie');
  const all = page.getByRole('region', { name: 'Alla mallar' });
  await expect(all.getByRole('article')).toHaveCount(1);
  const card = all.getByRole('article', { name: 'Diarieföring av inkommande post' });
  await expect(card).toContainText('Kommunkollega');
  await expect(card).toContainText('Nybörjare');

  await card.getByRole('button', { name: 'Förhandsgranska' }).click();
  const dialog = page.getByRole('dialog', { name: 'Diarieföring av inkommande post' });
  await expect(dialog).toContainText('Offentlig sektor');
  await expect(dialog).not.toContainText(/Betyg|nedladdning/i);
  const steps = dialog.getByRole('list', { name: '9 steg som installeras' }).getByRole('listitem');
  await expect(steps).toHaveCount(9);
  await expect(steps.first()).toContainText('Öppna diariet');
  await expect(dialog).toContainText('Indata vid körninganvandare, avsandare, rubrik, system_url');
  await expect(dialog).toContainText('HemligheterDIARIE_LOSENORD');
  await dialog.getByRole('button', { name: 'Installera' }).click();
  await expect(page.getByText('Mallen installerad')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Öppna arbetsflöden' })).toBeVisible();

  const workflows = ((await (await page.request.get('/api/workflows')).json()) as { items: Array<{ id: string; name: string; status: string }> }).items;
  const installed = workflows.find((w) => w.name.startsWith('Diarieföring av inkommande post'));
  expect(installed?.status).toBe('draft');
  const detail = (await (await page.request.get(`/api/workflows/${installed!.id}`)).json()) as { currentVersion: number; definition: { steps: unknown[] } };
  expect([detail.currentVersion, detail.definition.steps.length]).toEqual([1, 9]);

  await dialog.getByRole('link', { name: 'Öppna arbetsflöden' }).click();
  await expect(page).toHaveURL(/\/workflows$/);
});

test('the marketplace speaks English and filters by category', async ({ page }) => {
  await useLanguage(page, 'en');
  await signInAs(page, accounts.admin.email, accounts.admin.password);
  await page.goto('/marketplace');
  await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  // Categories and industries are stored in Swedish and shown in English; the templates' own texts are the catalogue's.
  const categories = page.getByRole('group', { name: 'Categories' });
  await expect(categories.getByRole('button', { name: 'Rapportering' })).toHaveCount(0);
  await categories.getByRole('button', { name: 'Reporting' }).click();
  const all = page.getByRole('region', { name: 'All templates' });
  await expect(all.getByRole('article')).toHaveCount(2);
  const payments = all.getByRole('article', { name: 'Kundinbetalningar' });
  await expect(payments).toContainText('Intermediate');
  await expect(payments).toContainText('Reporting');
  await expect(payments).toContainText('Finance');
  // A search in the user's language finds the translated industry.
  await categories.getByRole('button', { name: 'All' }).click();
  await page.getByRole('searchbox', { name: 'Search templates' }).fill('public sector');
  await expect(all.getByRole('article')).toHaveCount(1);
  await expect(all.getByRole('article', { name: 'Diarieföring av inkommande post' })).toBeVisible();
});
