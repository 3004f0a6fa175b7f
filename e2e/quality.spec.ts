// Every route of SPEC §2 in both languages: it renders its own heading, axe finds no serious or
// critical accessibility violation, and a screenshot at 1280px and 390px goes to docs/screenshots/
// (linked from the README, so the product can be seen without running it).
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { accounts, signInAs, useLanguage } from './support/session';

const screenshots = join(import.meta.dirname, '../docs/screenshots');
mkdirSync(screenshots, { recursive: true });

type Screen = { path: string; name: string; signedIn: boolean; heading: { sv: RegExp; en: RegExp } };

const SCREENS: Screen[] = [
  { path: '/landing', name: 'landing', signedIn: false, heading: { sv: /.+/, en: /.+/ } },
  { path: '/auth', name: 'auth', signedIn: false, heading: { sv: /Välkommen till Kollega/, en: /Welcome to Kollega/ } },
  { path: '/reset-password?token=example', name: 'reset-password', signedIn: false, heading: { sv: /Välj ett nytt lösenord/, en: /Choose a new password/ } },
  { path: '/dashboard', name: 'dashboard', signedIn: true, heading: { sv: /.+/, en: /.+/ } },
  { path: '/workflows', name: 'workflows', signedIn: true, heading: { sv: /Arbetsflöden/, en: /Workflows/ } },
  { path: '/workflow-execution', name: 'workflow-execution', signedIn: true, heading: { sv: /.+/, en: /.+/ } },
  { path: '/track-trace', name: 'track-trace', signedIn: true, heading: { sv: /Track & Trace/, en: /Track & Trace/ } },
  { path: '/ai-prompt', name: 'ai-prompt', signedIn: true, heading: { sv: /.+/, en: /.+/ } },
  { path: '/audit-trail', name: 'audit-trail', signedIn: true, heading: { sv: /Audit Trail|Granskningslogg/, en: /Audit Trail/ } },
  { path: '/error-queue', name: 'error-queue', signedIn: true, heading: { sv: /Felkö/, en: /Error queue/i } },
  { path: '/user-management', name: 'user-management', signedIn: true, heading: { sv: /Användarhantering/, en: /User management/ } },
  { path: '/companies', name: 'companies', signedIn: true, heading: { sv: /Företag/, en: /Compan/ } },
  { path: '/payment-methods', name: 'payment-methods', signedIn: true, heading: { sv: /Betalningssätt/, en: /Payment methods/ } },
  { path: '/settings', name: 'settings', signedIn: true, heading: { sv: /Inställningar/, en: /Settings/ } },
  { path: '/no-such-page', name: 'not-found', signedIn: false, heading: { sv: /404 Page Not Found/, en: /404 Page Not Found/ } },
];

async function settle(page: Page) {
  // Skeletons and lazily loaded texts are done when no progressbar/busy region is left.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

for (const language of ['sv', 'en'] as const) {
  for (const screen of SCREENS) {
    test(`${screen.path} (${language}) renders, passes axe and is photographed`, async ({ page }) => {
      await useLanguage(page, language);
      if (screen.signedIn) await signInAs(page, accounts.admin.email, accounts.admin.password);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(screen.heading[language]);
      await settle(page);

      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const severe = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
      expect(severe, `axe on ${screen.path} (${language})`).toEqual([]);

      await page.screenshot({ path: join(screenshots, `${screen.name}-${language}-1280.jpg`), type: 'jpeg', quality: 70 });
      await page.setViewportSize({ width: 390, height: 844 });
      // A narrower window loads nothing new: only what re-renders busy is waited for.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
      await page.screenshot({ path: join(screenshots, `${screen.name}-${language}-390.jpg`), type: 'jpeg', quality: 70 });
    });
  }
}
