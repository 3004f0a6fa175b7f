// The signed-in shell through the real router: navigation, favourites, roles, language, collapse.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@/features/auth/api/get-user';
import { i18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { demoUser, json, mockApi } from '@/test/api-mock';
import { aTask } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { FAVOURITES_STORAGE_KEY, resetFavouritesCache } from '../hooks/use-favourites';
import { SIDEBAR_COLLAPSED_STORAGE_KEY } from '../hooks/use-sidebar-collapsed';

beforeEach(() => resetFavouritesCache());
afterEach(async () => {
  await i18n.changeLanguage('sv');
});

async function renderShell(path = '/dashboard', user: Partial<User> = {}) {
  mockApi({ 'GET /api/user': () => json(200, { ...demoUser, ...user }) });
  const app = renderApp(path);
  // The desktop sidebar is the first main navigation (the drawer renders only when opened).
  // The first render of the file compiles the route's chunk: give it time.
  const nav = (await screen.findAllByRole('navigation', { name: /Huvudmeny|Main navigation/ }, { timeout: 5000 }))[0];
  return { ...app, nav };
}

describe('sidebar', () => {
  it('groups the pages', async () => {
    const { nav } = await renderShell();
    for (const group of ['Översikt', 'Automatisering', 'Spårning', 'AI', 'Administration']) {
      expect(within(nav).getByRole('button', { name: group })).toBeInTheDocument();
    }
  });

  it('shows the number of pending errors as the error queue badge', async () => {
    mockApi({
      'GET /api/user': () => json(200, demoUser),
      'GET /api/error-queue/stats': () => json(200, { pending: 4, resolvedToday: 0, averageResolutionMinutes: null, automaticRecoveryRate: null }),
    });
    renderApp('/dashboard');
    const nav = (await screen.findAllByRole('navigation', { name: 'Huvudmeny' }, { timeout: 5000 }))[0];
    const errorQueue = await within(nav).findByRole('link', { name: 'Felkö, 4 nya' });
    expect(errorQueue).toHaveAttribute('href', '/error-queue');
    expect(errorQueue).toHaveTextContent(/^Felkö4$/);
  });

  it('counts the tasks waiting for a person on flow management', async () => {
    mockApi({
      'GET /api/user': () => json(200, demoUser),
      'GET /api/tasks': () => json(200, [aTask({ id: 't1' }), aTask({ id: 't2', kind: 'manual_step' })]),
    });
    renderApp('/dashboard');
    const nav = (await screen.findAllByRole('navigation', { name: 'Huvudmeny' }, { timeout: 5000 }))[0];
    const flows = await within(nav).findByRole('link', { name: 'Flödesstatus, 2 väntar på beslut' });
    expect(flows).toHaveAttribute('href', '/workflow-execution');
  });

  it('hides the error queue badge when nothing is pending', async () => {
    const { calls } = mockApi({
      'GET /api/user': () => json(200, demoUser),
      'GET /api/error-queue/stats': () => json(200, { pending: 0, resolvedToday: 2, averageResolutionMinutes: 5, automaticRecoveryRate: 50 }),
    });
    renderApp('/dashboard');
    const nav = (await screen.findAllByRole('navigation', { name: 'Huvudmeny' }, { timeout: 5000 }))[0];
    await waitFor(() => expect(calls.some((call) => call.path === '/api/error-queue/stats')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(nav).getByRole('link', { name: 'Felkö' })).toHaveTextContent(/^Felkö$/);
  });

  it('shows user management to admins only', async () => {
    const { nav } = await renderShell();
    expect(within(nav).getByRole('link', { name: 'Användarhantering' })).toBeInTheDocument();
  });

  it.each(['superuser', 'user'] as const)('hides user management from a %s', async (role) => {
    const { nav } = await renderShell('/dashboard', { role });
    expect(within(nav).queryByRole('link', { name: 'Användarhantering' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Inställningar' })).toBeInTheDocument();
  });

  it('marks the current page and titles the top bar by route', async () => {
    const { nav, router } = await renderShell('/workflows');
    const current = within(nav).getAllByRole('link', { name: 'Arbetsflöden' });
    expect(current.every((link) => link.getAttribute('aria-current') === 'page')).toBe(true);
    expect(screen.getByRole('banner')).toHaveTextContent('Arbetsflöden');
    await userEvent.click(within(nav).getByRole('link', { name: 'Granskningslogg' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/audit-trail'));
    await waitFor(() => expect(screen.getByRole('banner')).toHaveTextContent('Granskningslogg'));
  });

  it('expands and collapses a group', async () => {
    const { nav } = await renderShell();
    const group = within(nav).getByRole('button', { name: 'Spårning' });
    expect(group).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Granskningslogg' })).not.toBeInTheDocument();
  });

  it('starts with /, /workflows and /track-trace as favourites and keeps changes', async () => {
    const { nav } = await renderShell();
    const favourites = within(nav).getByRole('region', { name: 'Favoriter' });
    expect(within(favourites).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/', '/workflows', '/track-trace']);

    await userEvent.click(within(nav).getByRole('button', { name: 'Lägg till Felkö i favoriter' }));
    expect(within(favourites).getAllByRole('link')).toHaveLength(4);
    await userEvent.click(within(favourites).getByRole('button', { name: 'Ta bort Arbetsflöden från favoriter' }));
    expect(within(favourites).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/', '/track-trace', '/error-queue']);
    expect(JSON.parse(window.localStorage.getItem(FAVOURITES_STORAGE_KEY) ?? 'null')).toEqual(['/', '/track-trace', '/error-queue']);
  });

  it('restores favourites from localStorage', async () => {
    window.localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify(['/settings']));
    const { nav } = await renderShell();
    const favourites = within(nav).getByRole('region', { name: 'Favoriter' });
    expect(within(favourites).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/settings']);
  });

  it('collapses to icons and remembers it', async () => {
    const { nav } = await renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Fäll ihop sidomenyn' }));
    expect(within(nav).queryByRole('region', { name: 'Favoriter' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Arbetsflöden' })).toBeInTheDocument();
    expect(window.localStorage.getItem(SIDEBAR_COLLAPSED_STORAGE_KEY)).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Fäll ut sidomenyn' }));
    expect(within(nav).getByRole('region', { name: 'Favoriter' })).toBeInTheDocument();
  });

  it('opens as a drawer from the top bar', async () => {
    await renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Öppna menyn' }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(within(drawer).getByRole('link', { name: 'Flödesstatus' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('user menus', () => {
  it.each([
    ['sv', 'admin', 'Administratör'],
    ['sv', 'superuser', 'Superanvändare'],
    ['sv', 'user', 'Användare'],
    ['en', 'admin', 'Administrator'],
    ['en', 'superuser', 'Superuser'],
    ['en', 'user', 'User'],
  ] as const)('shows name, e-mail and the role badge (%s, %s)', async (language, role, badge) => {
    await i18n.changeLanguage(language);
    await renderShell('/dashboard', { role });
    const menu = screen.getAllByRole('button', { name: /Anna Andersson/ })[0];
    expect(menu).toHaveTextContent('Anna Andersson');
    expect(menu).toHaveTextContent(demoUser.email);
    expect(menu).toHaveTextContent(badge);
  });

  it('shows at most two initials in the avatar', async () => {
    await renderShell('/dashboard', { fullName: 'Anna Maria Berg' });
    const avatarButton = screen.getAllByRole('button', { name: 'Kontomeny för Anna Maria Berg' })[1];
    expect(avatarButton).toHaveTextContent(/^AB$/);
  });

  it('switches the language from the top bar and keeps it', async () => {
    await renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Byt språk: Svenska' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(await screen.findByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Dashboard');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('switches the language from the sidebar user menu', async () => {
    await renderShell();
    await userEvent.click(screen.getAllByRole('button', { name: 'Kontomeny för Anna Andersson' })[0]);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Byt till English' }));
    expect(await screen.findByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();
  });

  it('opens settings from the avatar menu', async () => {
    const { router } = await renderShell();
    await userEvent.click(screen.getAllByRole('button', { name: 'Kontomeny för Anna Andersson' })[1]);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Inställningar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
  });
});
