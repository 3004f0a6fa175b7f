// Route guards and the pages every visitor can reach (SPEC §2), through the real router.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi, unauthorized } from '@/test/api-mock';
import { renderApp } from '@/test/render-app';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

describe('signed-in routes', () => {
  it('redirect a visitor without a session to /landing', async () => {
    mockApi({ 'GET /api/user': unauthorized });
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
    expect(await screen.findByRole('link', { name: 'Kom igång' })).toBeInTheDocument();
  });

  it('show a spinner while the session loads', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    renderApp('/workflows');
    expect(await screen.findByRole('status')).toHaveTextContent('Laddar…');
  });

  it('show the dashboard, in the shell, to a signed-in user on / and /dashboard', async () => {
    mockApi({ 'GET /api/user': () => json(200, demoUser) });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: /Anna$/ })).toBeInTheDocument();
    expect(screen.getAllByRole('navigation', { name: 'Huvudmeny' }).length).toBeGreaterThan(0);
    await router.navigate({ to: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: /Anna$/ })).toBeInTheDocument();
  });

  it('title placeholder pages by route in the current language', async () => {
    await i18n.changeLanguage('en');
    mockApi({ 'GET /api/user': () => json(200, demoUser) });
    renderApp('/error-queue');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error queue' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Error queue · Kollega'));
  });

  it('show an error with a retry when the session cannot be read (not a 401)', async () => {
    let status = 502;
    mockApi({ 'GET /api/user': () => (status === 502 ? new Response('', { status: 502, statusText: 'Bad Gateway' }) : json(200, demoUser)) });
    renderApp('/dashboard');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Det gick inte att hämta din session')).toBeInTheDocument();
    status = 200;
    await userEvent.click(within(alert).getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Anna$/ })).toBeInTheDocument();
  });

  it('sign out: the session is cleared and the visitor lands on /landing', async () => {
    const { calls } = mockApi({
      'GET /api/user': () => json(200, demoUser),
      'POST /api/logout': () => new Response(null, { status: 204 }),
    });
    const { router, queryClient } = renderApp('/dashboard');
    await userEvent.click(await screen.findAllByRole('button', { name: 'Kontomeny för Anna Andersson' }).then((b) => b[0]));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logga ut' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/logout')).toBe(true);
    expect(queryClient.getQueryData(['user'])).toBeNull();
  });

  it('toast "Logout failed" with the server message when signing out fails', async () => {
    await i18n.changeLanguage('en');
    mockApi({
      'GET /api/user': () => json(200, demoUser),
      'POST /api/logout': () => json(503, { error: 'Service unavailable, try again', code: 'unavailable' }),
    });
    renderApp('/dashboard');
    await userEvent.click((await screen.findAllByRole('button', { name: 'Account menu for Anna Andersson' }))[0]);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Logout failed');
    expect(toast).toHaveTextContent('Service unavailable, try again');
  });
});

describe('/auth', () => {
  it('sends a signed-in user to /dashboard', async () => {
    mockApi({ 'GET /api/user': () => json(200, demoUser) });
    const { router } = renderApp('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('stays usable when the session cannot be read', async () => {
    mockApi({ 'GET /api/user': () => new Response('', { status: 502 }) });
    renderApp('/auth');
    expect(await screen.findByRole('tab', { name: 'Logga in' })).toBeInTheDocument();
  });

  it('signs in: the user is cached and the dashboard opens', async () => {
    const { calls } = mockApi({ 'GET /api/user': unauthorized, 'POST /api/login': () => json(200, demoUser) });
    const { router } = renderApp('/auth');
    await userEvent.type(await screen.findByLabelText('E-post'), 'Anna.Andersson@Kollega.se ');
    await userEvent.type(screen.getByLabelText('Lösenord'), 'hemligt1');
    await userEvent.click(screen.getByRole('button', { name: 'Logga in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: /Anna$/ })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/login')?.body).toEqual({ email: 'anna.andersson@kollega.se', password: 'hemligt1' });
  });

  it('toasts "Inloggningen misslyckades" with the server message when sign-in fails', async () => {
    mockApi({
      'GET /api/user': unauthorized,
      'POST /api/login': () => json(401, { error: 'Fel e-postadress eller lösenord', code: 'invalid_credentials' }),
    });
    renderApp('/auth');
    await userEvent.type(await screen.findByLabelText('E-post'), 'anna@kollega.se');
    await userEvent.type(screen.getByLabelText('Lösenord'), 'fel');
    await userEvent.click(screen.getByRole('button', { name: 'Logga in' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Inloggningen misslyckades');
    expect(toast).toHaveTextContent('Fel e-postadress eller lösenord');
  });

  it('switches tabs and the forgot-password view through the URL', async () => {
    mockApi({ 'GET /api/user': unauthorized });
    const { router } = renderApp('/auth?view=register');
    expect(await screen.findByRole('tab', { name: 'Registrera', selected: true })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Logga in' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await userEvent.click(screen.getByRole('button', { name: 'Glömt lösenordet?' }));
    expect(await screen.findByRole('heading', { name: 'Återställ ditt lösenord' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ view: 'forgot' });
  });
});

describe('unknown paths', () => {
  it('show the not-found page', async () => {
    mockApi({ 'GET /api/user': unauthorized });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page Not Found'));
  });
});
