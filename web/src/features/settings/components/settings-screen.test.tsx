// Settings: the profile name saved on the server, the organisation's automation settings read and (by admins)
// saved on the server, system facts from the build only; nothing kept in the browser.
import { readFileSync } from 'node:fs';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { type ApiCall, demoUser, json, mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render-app';

// The real router renders these; its first render loads the route modules, slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => {
  configure({ asyncUtilTimeout: 5000 });
});

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

const saved = { aiThresholdDefault: 85, retryAttempts: 2, retryBackoffSeconds: 60, runRetentionDays: null, pauseLimitHours: 24, siteConcurrency: 4 };

async function renderSettings(user = demoUser) {
  const api = mockApi({
    'GET /api/user': () => json(200, user),
    'GET /api/secrets': () => json(200, []),
    'GET /api/organization-settings': () => json(200, saved),
    'PUT /api/organization-settings': (call: ApiCall) => json(200, call.body),
    'PUT /api/user/profile': (call: ApiCall) => json(200, call.body),
    'GET /api/notification-preferences': () => json(200, { emailRunFailed: false, language: 'sv' }),
    'PUT /api/notification-preferences': (call: ApiCall) => json(200, { ...(call.body as object), language: 'sv' }),
  });
  renderApp('/settings');
  await screen.findByRole('heading', { level: 1, name: 'Inställningar' });
  return api;
}

const tab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));

describe('settings', () => {
  it('has four tabs, and no toggle that drives nothing (2FA, auto-logout, weekly reports, time zone)', async () => {
    await renderSettings();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Profil', 'Notifieringar', 'Automation', 'System']);
    for (const name of ['Profil', 'Automation', 'System']) {
      tab(name);
      expect(screen.queryByRole('switch')).not.toBeInTheDocument();
      expect(screen.getByRole('tabpanel')).not.toHaveTextContent(/Tvåfaktor|utloggning|Veckorapport|Tidszon/);
    }
  });

  it('turns failure e-mails on for the person on the server; the bell needs no setting', async () => {
    const { calls } = await renderSettings();
    tab('Notifieringar');
    const panel = screen.getByRole('tabpanel');
    expect(panel).not.toHaveTextContent(/Veckorapport|Lyckade/);
    const email = await within(panel).findByRole('switch', { name: 'E-post när en körning misslyckas' });
    expect(email).not.toBeChecked();
    fireEvent.click(email);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT' && c.path === '/api/notification-preferences')?.body).toEqual({ emailRunFailed: true }));
    expect(await screen.findByText('Du får e-post när en körning misslyckas')).toBeInTheDocument();
    await waitFor(() => expect(email).toBeChecked());
  });

  it('saves the full name on the server; e-mail, username, role and organisation are not editable here', async () => {
    const { calls } = await renderSettings();
    expect(screen.getByLabelText('Fullständigt namn')).toHaveValue('Anna Andersson');
    for (const label of ['E-post', 'Användarnamn', 'Roll', 'Organisation']) expect(screen.getByLabelText(label)).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Fullständigt namn'), { target: { value: 'Anna Berg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spara profil' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT' && c.path === '/api/user/profile')?.body).toEqual({ fullName: 'Anna Berg' }));
    expect(await screen.findByText('Profilen sparad')).toBeInTheDocument();
  });

  it('shows the organisation\'s saved settings and lets an admin change them on the server', async () => {
    const { calls } = await renderSettings();
    tab('Automation');
    const threshold = await screen.findByLabelText('Standardtröskel för nya AI-beslut');
    expect(threshold).toHaveValue('85');
    expect(screen.getByLabelText('Automatiska omförsök')).toHaveValue('2');
    expect(screen.getByLabelText('Spara körningar')).toHaveValue('keep');
    fireEvent.change(threshold, { target: { value: '90' } });
    fireEvent.change(screen.getByLabelText('Automatiska omförsök'), { target: { value: '0' } });
    expect(screen.getByLabelText('Väntetid före första omförsöket')).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Spara körningar'), { target: { value: '90' } });
    expect(screen.getByLabelText('Längsta väntan')).toHaveValue('24');
    fireEvent.change(screen.getByLabelText('Längsta väntan'), { target: { value: '72' } });
    expect(screen.getByLabelText('Samtidiga körningar per webbplats')).toHaveValue('4');
    fireEvent.change(screen.getByLabelText('Samtidiga körningar per webbplats'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spara automationsinställningar' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.path === '/api/organization-settings')?.body).toEqual({
        aiThresholdDefault: 90,
        retryAttempts: 0,
        retryBackoffSeconds: 60,
        runRetentionDays: 90,
        pauseLimitHours: 72,
        siteConcurrency: 2,
      }),
    );
    expect(await screen.findByText('Inställningarna sparade')).toBeInTheDocument();
  });

  it('shows a member the organisation\'s settings without a way to change them', async () => {
    const { calls } = await renderSettings({ ...demoUser, role: 'user' });
    tab('Automation');
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByLabelText('Standardtröskel för nya AI-beslut')).toBeDisabled();
    expect(panel).toHaveTextContent('Bara administratörer kan ändra dem');
    expect(within(panel).queryByRole('button', { name: 'Spara automationsinställningar' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows only the build\'s own version as a system fact', async () => {
    await renderSettings();
    tab('System');
    const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent(`Version${version}`);
    expect(panel).not.toHaveTextContent(/API-version|Stockholm|2\.0/);
    expect(screen.getByRole('button', { name: 'Rensa cache' })).toBeInTheDocument();
  });

  it('says on the automation tab whether AI is set up', async () => {
    const status = { configured: false, model: null, averageConfidence: null, averageOver: 0, decisionsToday: 0, openTasks: 0 };
    mockApi({
      'GET /api/user': () => json(200, demoUser),
      'GET /api/secrets': () => json(200, []),
      'GET /api/organization-settings': () => json(200, saved),
      'GET /api/ai/status': () => json(200, status),
    });
    renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Inställningar' });
    tab('Automation');
    expect(await screen.findByText(/AI är inte konfigurerad \(KOLLEGA_AI_BASE_URL/)).toBeInTheDocument();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    mockApi({ 'GET /api/user': () => json(200, demoUser) });
    renderApp('/settings');
    await screen.findByRole('tab', { name: 'Profile' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Profile', 'Notifications', 'Automation', 'System']);
  });
});
