// Settings: five tabs with the SPEC's defaults, the profile from the signed-in user, local saving.
import { readFileSync } from 'node:fs';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render';
import { SETTINGS_STORAGE_KEY } from '../model';

// The real router renders these; its first render loads the route modules, slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => {
  configure({ asyncUtilTimeout: 5000 });
});

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

async function renderSettings() {
  const api = mockApi({ 'GET /api/user': () => json(200, demoUser), 'GET /api/secrets': () => json(200, []) });
  renderApp('/settings');
  await screen.findByRole('heading', { level: 1, name: 'Inställningar' });
  return api;
}

const tab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));
const switchNamed = (name: RegExp) => screen.getByRole('switch', { name });

describe('settings', () => {
  it('has five tabs and a profile prefilled from the user, role and organisation disabled', async () => {
    await renderSettings();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Profil', 'Säkerhet', 'Notifieringar', 'Automation', 'System']);
    expect(screen.getByLabelText('Fullständigt namn')).toHaveValue('Anna Andersson');
    expect(screen.getByLabelText('E-post')).toHaveValue('anna.andersson@kollega.se');
    expect(screen.getByLabelText('Användarnamn')).toHaveValue('anna');
    expect(screen.getByLabelText('Roll')).toHaveValue('Administratör');
    expect(screen.getByLabelText('Roll')).toBeDisabled();
    expect(screen.getByLabelText('Organisation')).toHaveValue('Kollega Demo AB');
    expect(screen.getByLabelText('Organisation')).toBeDisabled();
    const timezone = screen.getByLabelText('Tidszon') as HTMLSelectElement;
    expect(timezone).toHaveValue('Europe/Stockholm');
    expect([...timezone.options].map((o) => o.textContent)).toEqual(['Europe/Stockholm', 'Europe/London', 'America/New York']);
  });

  it('has the security, notification and automation defaults', async () => {
    await renderSettings();
    tab('Säkerhet');
    expect(screen.getByLabelText('Nuvarande lösenord')).toHaveAttribute('type', 'password');
    expect(switchNamed(/Tvåfaktorsautentisering/)).not.toBeChecked();
    expect(switchNamed(/Automatisk utloggning/)).toBeChecked();
    expect(screen.getByText('Logga ut efter 30 minuters inaktivitet')).toBeInTheDocument();
    tab('Notifieringar');
    expect(switchNamed(/E-postnotifieringar/)).toBeChecked();
    expect(switchNamed(/Fel i arbetsflöden/)).toBeChecked();
    expect(switchNamed(/Lyckade körningar/)).not.toBeChecked();
    expect(switchNamed(/Veckorapporter/)).toBeChecked();
    tab('Automation');
    const confidence = screen.getByLabelText('Standardnivå för AI-säkerhet') as HTMLSelectElement;
    expect(confidence).toHaveValue('90');
    expect([...confidence.options].map((o) => o.value)).toEqual(['95', '90', '85', '80']);
    const retries = screen.getByLabelText('Antal omförsök') as HTMLSelectElement;
    expect(retries).toHaveValue('3');
    expect([...retries.options].map((o) => o.value)).toEqual(['1', '2', '3', '5']);
    expect(switchNamed(/Automatisk återställning/)).toBeChecked();
    tab('System');
    const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
    const panel = screen.getByRole('tabpanel');
    // The build's own version (package.json), not an invented one; no backup the product does not make.
    expect(panel).toHaveTextContent(`Version${version}`);
    expect(panel).not.toHaveTextContent('2.1.0');
    expect(panel).not.toHaveTextContent(/säkerhetskopiering|03:00/i);
    for (const text of ['2.0', 'EU (Stockholm)']) expect(panel).toHaveTextContent(text);
    for (const name of ['Exportera data', 'Rensa cache', 'Återställ inställningar']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('says on the automation tab whether AI is set up', async () => {
    const status = { configured: false, model: null, averageConfidence: null, averageOver: 0, decisionsToday: 0, openTasks: 0 };
    mockApi({ 'GET /api/user': () => json(200, demoUser), 'GET /api/secrets': () => json(200, []), 'GET /api/ai/status': () => json(200, status) });
    renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Inställningar' });
    tab('Automation');
    expect(await screen.findByText(/AI är inte konfigurerad \(KOLLEGA_AI_BASE_URL/)).toBeInTheDocument();
  });

  it('names the model when AI is set up', async () => {
    const status = { configured: true, model: 'mistral-small-latest', averageConfidence: null, averageOver: 0, decisionsToday: 0, openTasks: 0 };
    mockApi({ 'GET /api/user': () => json(200, demoUser), 'GET /api/secrets': () => json(200, []), 'GET /api/ai/status': () => json(200, status) });
    renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Inställningar' });
    tab('Automation');
    expect(await screen.findByText(/AI-beslut fattas av modellen mistral-small-latest/)).toBeInTheDocument();
  });

  it('keeps preferences in this browser only, and resets them', async () => {
    const { calls } = await renderSettings();
    const callsBefore = calls.length;
    tab('Notifieringar');
    fireEvent.click(switchNamed(/Lyckade körningar/));
    fireEvent.click(screen.getByRole('button', { name: 'Spara notifieringar' }));
    expect(await screen.findByText('Inställningarna sparade')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}').notifications.success).toBe(true);
    expect(calls.length).toBe(callsBefore);
    tab('System');
    fireEvent.click(screen.getByRole('button', { name: 'Återställ inställningar' }));
    expect(window.localStorage.getItem(SETTINGS_STORAGE_KEY)).toBeNull();
    tab('Notifieringar');
    expect(switchNamed(/Lyckade körningar/)).not.toBeChecked();
  });

  it('restores saved preferences on the next visit', async () => {
    window.localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({
        timezone: 'Europe/London',
        twoFactor: true,
        autoLogout: true,
        notifications: { email: true, errors: true, success: false, weekly: true },
        automation: { confidence: 85, retries: 5, recovery: false },
      }),
    );
    await renderSettings();
    expect(screen.getByLabelText('Tidszon')).toHaveValue('Europe/London');
    tab('Automation');
    expect(screen.getByLabelText('Standardnivå för AI-säkerhet')).toHaveValue('85');
    expect(within(screen.getByRole('tabpanel')).getByRole('switch', { name: /Automatisk återställning/ })).not.toBeChecked();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    mockApi({ 'GET /api/user': () => json(200, demoUser) });
    renderApp('/settings');
    await screen.findByRole('tab', { name: 'Profile' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Profile', 'Security', 'Notifications', 'Automation', 'System']);
  });
});
