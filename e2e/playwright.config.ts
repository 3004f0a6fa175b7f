// End-to-end specs in Debian's Chromium (never a downloaded browser) against the stack that
// `npm test` started (APP_URL). Run alone with the stack up: APP_URL=http://localhost:3000 npx playwright test -c e2e/playwright.config.ts
//
// Two workers, one per project, each running its files one after another:
// - "seeded accounts": the specs that sign in as the seed's accounts (admin@, superuser@, user@kollega.se) and
//   change that organisation's data, so that no two of them ever run at once; and, to even out the two workers, a
//   few specs that register a company of their own;
// - "own company": the other specs that register a company of their own (or read only static files), plus
//   quality.spec.ts, which only reads the seeded organisation (headings, axe, screenshots). They run beside the first.
import { defineConfig } from '@playwright/test';

/**
 * The specs that share no data with the seeded accounts' specs and run beside them (file names without `.spec.ts`).
 * ai-prompt, notifications and pick-element also share none, but run in the seeded accounts' worker: in the CI run of
 * Nov 28 the specs here took 645 s and the seeded accounts' 507 s, which those three (70 s) even out.
 */
const OWN_COMPANY = ['attended', 'batches', 'budgets', 'file-inputs', 'recorder', 'quality'];
const ownCompany = new RegExp(`/(${OWN_COMPANY.join('|')})\\.spec\\.ts$`);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../test-results',
  projects: [
    { name: 'seeded accounts', testIgnore: ownCompany, workers: 1 },
    { name: 'own company', testMatch: ownCompany, workers: 1 },
  ],
  use: {
    baseURL: process.env.APP_URL ?? 'http://localhost:3000',
    locale: 'sv-SE',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
    },
  },
});
