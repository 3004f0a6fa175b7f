import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi, page } from '@/test/api-mock';
import type { UserRow } from '@shared/types/api';
import { aUserRow, never } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { renderWithQueryClient } from '@/test/render';
import { UserManagementScreen } from './user-management-screen';

// These render the real router: its first render loads the route modules, which takes longer than
// the default 1 s when the machine is busy.
beforeAll(() => {
  configure({ asyncUtilTimeout: 5000 });
  vi.setConfig({ testTimeout: 15_000 });
});

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

const me = aUserRow({ id: demoUser.id, fullName: 'Anna Andersson', email: 'anna@kollega.se', username: 'anna', role: 'admin' });
const bo = aUserRow();
const cecilia = aUserRow({
  id: 'u3',
  fullName: 'Cecilia Ceder',
  email: 'cecilia@kollega.se',
  username: 'cissi',
  role: 'superuser',
  isActive: false,
});
const LIST = 'GET /api/users?limit=50';
const statsOf = (users: UserRow[]) => ({
  total: users.length,
  active: users.filter((u) => u.isActive).length,
  admins: users.filter((u) => u.role === 'admin').length,
  superusers: users.filter((u) => u.role === 'superuser').length,
});

function renderScreen() {
  return renderWithQueryClient(<UserManagementScreen currentUserId={me.id} />);
}

describe('user management page guard', () => {
  it.each([
    ['user', 'Åtkomst nekad', 'Du har inte behörighet att visa denna sida.'],
    ['superuser', 'Åtkomst nekad', 'Du har inte behörighet att visa denna sida.'],
  ] as const)('shows access denied to a %s without asking for the users', async (role, title, text) => {
    const { calls } = mockApi({ 'GET /api/user': () => json(200, { ...demoUser, role }) });
    renderApp('/user-management');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(text);
    expect(calls.some((call) => call.path === '/api/users')).toBe(false);
  });

  it('shows the screen to an admin', async () => {
    mockApi({ 'GET /api/user': () => json(200, demoUser), [LIST]: () => json(200, page([me])), 'GET /api/users/stats': () => json(200, statsOf([me])) });
    renderApp('/user-management');
    expect(await screen.findByRole('table', { name: 'Användare' })).toBeInTheDocument();
  });
});

describe('UserManagementScreen', () => {
  it("says 'Laddar användare...' while loading", async () => {
    mockApi({ [LIST]: never });
    renderScreen();
    expect(await screen.findByRole('status')).toHaveTextContent('Laddar användare...');
  });

  it('shows the figures, the table and searches name, e-mail and username', async () => {
    mockApi({
      [LIST]: () => json(200, page([me, bo, cecilia])),
      'GET /api/users/stats': () => json(200, statsOf([me, bo, cecilia])),
      'GET /api/users?q=CISSI&limit=50': () => json(200, page([cecilia])),
      'GET /api/users?q=bo.berg%40&limit=50': () => json(200, page([bo])),
      'GET /api/users?q=ingen+alls&limit=50': () => json(200, page([])),
    });
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Användare' });
    const figures = screen.getByLabelText('Användare i siffror');
    expect(figures).toHaveTextContent('Totalt antal användare3');
    expect(figures).toHaveTextContent('Aktiva2');
    expect(figures).toHaveTextContent('Administratörer1');
    expect(figures).toHaveTextContent('Superanvändare1');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent('Cecilia Ceder');
    expect(rows[2]).toHaveTextContent('Superanvändare');
    expect(rows[2]).toHaveTextContent('Inaktiv');
    expect(rows[1]).toHaveTextContent('Aktiv');
    expect(rows[1]).toHaveTextContent('2025-02-01');

    const search = screen.getByRole('searchbox', { name: 'Sök användare' });
    await userEvent.type(search, 'CISSI');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    await userEvent.clear(search);
    await userEvent.type(search, 'bo.berg@');
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Bo Berg'));
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    await userEvent.clear(search);
    await userEvent.type(search, 'ingen alls');
    expect(await screen.findByText('Inga användare matchar sökningen')).toBeInTheDocument();
  });

  it('disables deactivation of the own account only', async () => {
    mockApi({ [LIST]: () => json(200, page([me, bo])), 'GET /api/users/stats': () => json(200, statsOf([me, bo])) });
    renderScreen();
    expect(await screen.findByRole('button', { name: 'Inaktivera Anna Andersson' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Inaktivera Bo Berg' })).toBeEnabled();
  });

  it('shows the load failure', async () => {
    mockApi({ [LIST]: () => json(403, { error: 'Bara administratörer', code: 'forbidden' }) });
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Kunde inte hämta användare');
    expect(alert).toHaveTextContent('Bara administratörer');
  });

  it('edits a user: validation, then the success toast, closes and refetches', async () => {
    const { calls } = mockApi({
      [LIST]: () => json(200, page([me, bo])), 'GET /api/users/stats': () => json(200, statsOf([me, bo])),
      [`PUT /api/users/${bo.id}`]: (call) => json(200, { ...bo, ...(call.body as object) }),
    });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Redigera Bo Berg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redigera användare' });
    await userEvent.clear(within(dialog).getByLabelText('E-post'));
    await userEvent.type(within(dialog).getByLabelText('E-post'), 'fel');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara' }));
    expect(await within(dialog).findByText('Ogiltig e-postadress')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('E-post'));
    await userEvent.type(within(dialog).getByLabelText('E-post'), 'Bo@Kollega.se');
    await userEvent.selectOptions(within(dialog).getByLabelText('Roll'), 'superuser');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Användare uppdaterad')).toBeInTheDocument();
    expect(screen.getByText('Användarens information har sparats.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ fullName: 'Bo Berg', email: 'bo@kollega.se', role: 'superuser' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/users?limit=50')).toHaveLength(2));
  });

  it("titles an update failure 'Fel' with the server message, or the fallback without one", async () => {
    let body = JSON.stringify({ error: 'Du kan inte ändra din egen roll', code: 'forbidden' });
    mockApi({ [LIST]: () => json(200, page([me, bo])), 'GET /api/users/stats': () => json(200, statsOf([me, bo])), [`PUT /api/users/${bo.id}`]: () => new Response(body, { status: 403 }) });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Redigera Bo Berg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redigera användare' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara' }));
    let toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Fel');
    expect(toast).toHaveTextContent('Du kan inte ändra din egen roll');
    expect(screen.getByRole('dialog', { name: 'Redigera användare' })).toBeInTheDocument();

    body = '';
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Kunde inte uppdatera användare'));
    toast = screen.getByRole('alert');
    expect(toast).not.toHaveTextContent('403');
  });

  it('deactivates and activates with the SPEC toasts; a refusal shows the server message', async () => {
    const { calls } = mockApi({
      [LIST]: () => json(200, page([me, bo, cecilia])), 'GET /api/users/stats': () => json(200, statsOf([me, bo, cecilia])),
      [`POST /api/users/${bo.id}/deactivate`]: () => json(200, { ...bo, isActive: false }),
      [`POST /api/users/${cecilia.id}/activate`]: () => json(409, { error: 'Kan inte aktiveras just nu', code: 'conflict' }),
    });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Inaktivera Bo Berg' }));
    expect(await screen.findByText('Användare inaktiverad')).toBeInTheDocument();
    expect(screen.getByText('Användaren har inaktiverats.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Aktivera Cecilia Ceder' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Fel');
    expect(toast).toHaveTextContent('Kan inte aktiveras just nu');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it('adds a user (English) and says the mail went out', async () => {
    await i18n.changeLanguage('en');
    const { calls } = mockApi({
      [LIST]: () => json(200, page([me])), 'GET /api/users/stats': () => json(200, statsOf([me])),
      'POST /api/users': () => json(201, aUserRow({ id: 'new', fullName: 'Dan Dahl', email: 'dan@kollega.se' })),
    });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Full name is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Full name'), 'Dan Dahl');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'dan@kollega.se');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('User added')).toBeInTheDocument();
    expect(screen.getByText('An email with a link to choose a password has been sent to dan@kollega.se.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ fullName: 'Dan Dahl', email: 'dan@kollega.se', role: 'user' });
  });
});
