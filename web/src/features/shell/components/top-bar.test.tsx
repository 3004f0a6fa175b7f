// The top bar's bell and search through the real router, over a mocked API: the bell shows the person's unread
// count only when there is one, lists their notifications when opened (and only then), marks them read and leads
// to the run or workflow; the search asks the server once and lists workflows, runs and tasks by kind.
import type { AppNotification, NotificationPage } from '@shared/types/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render-app';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

type Routes = Parameters<typeof mockApi>[0];

function mockShell(routes: Routes = {}) {
  return mockApi({
    'GET /api/user': () => json(200, demoUser),
    'GET /api/tasks': () => json(200, []),
    'GET /api/error-queue/stats': () => json(200, { pending: 0 }),
    'GET /api/notifications/unread': () => json(200, { unread: 0 }),
    'GET /api/notifications': () => json(200, { items: [], unread: 0, nextCursor: null } satisfies NotificationPage),
    ...routes,
  });
}

async function renderTopBar(path = '/settings') {
  const app = renderApp(path);
  // The top bar is the banner that holds the bell (a page may have a header of its own).
  const bell = await screen.findByRole('button', { name: /^(Notifieringar|Notifications)$/ }, { timeout: 5000 });
  const banner = bell.closest('header') as HTMLElement;
  return { ...app, banner };
}

const aNotification = (overrides: Partial<AppNotification>): AppNotification => ({
  id: 'n1',
  kind: 'run_failed',
  workflowId: 'w1',
  workflowName: 'Hyresavier',
  runId: 'r-failed',
  taskId: null,
  batchId: null,
  details: { errorType: 'element_not_found' },
  readAt: null,
  createdAt: '2026-11-26T08:15:00Z',
  ...overrides,
});

const three: NotificationPage = {
  items: [
    aNotification({ id: 'n1' }),
    aNotification({ id: 'n2', kind: 'task_assigned', runId: 'r-task', workflowName: 'Leverantörsfakturor', details: { taskKind: 'ai_confirmation', title: 'Attestera fakturan?' } }),
    aNotification({ id: 'n3', kind: 'batch_finished', runId: null, workflowId: 'w-batch', workflowName: 'Fakturor', details: { completed: 11, failed: 1, skipped: 0 }, readAt: '2026-11-26T09:00:00Z' }),
  ],
  unread: 2,
  nextCursor: null,
};

describe('notification bell', { timeout: 20_000 }, () => {
  it('shows no count when nothing is unread, reads the list only when opened, and says "Inga notifieringar"', async () => {
    const { calls } = mockShell();
    const { banner } = await renderTopBar();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/notifications/unread')).toBe(true));
    const bell = within(banner).getByRole('button', { name: 'Notifieringar' });
    expect(within(bell).queryByTestId('notification-dot')).not.toBeInTheDocument();
    expect(bell).not.toHaveAccessibleDescription();
    expect(calls.some((call) => call.path === '/api/notifications')).toBe(false);

    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifieringar' });
    expect(await within(panel).findByText('Inga notifieringar')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Markera alla som lästa' })).not.toBeInTheDocument();
  });

  it('counts the unread ones, lists what happened and leads to the run, marking it read', async () => {
    const { calls } = mockShell({
      'GET /api/notifications/unread': () => json(200, { unread: 2 }),
      'GET /api/notifications': () => json(200, three),
      'POST /api/notifications/read': () => json(200, { unread: 1 }),
    });
    const { banner, router } = await renderTopBar();
    const bell = within(banner).getByRole('button', { name: 'Notifieringar' });
    await waitFor(() => expect(within(bell).getByTestId('notification-dot')).toHaveTextContent(/^2$/));
    expect(bell).toHaveAccessibleDescription('2 olästa notifieringar');

    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifieringar' });
    const failed = await within(panel).findByRole('link', { name: /En körning misslyckades.*Hyresavier/ });
    expect(failed).toHaveTextContent(/^Oläst: En körning misslyckades/);
    expect(failed).toHaveAttribute('href', '/workflow-execution/r-failed');
    expect(within(panel).getByRole('link', { name: /Väntar på dig: Bekräfta AI-beslut.*Leverantörsfakturor: Attestera fakturan\?/ })).toHaveAttribute(
      'href',
      '/workflow-execution/r-task',
    );
    const batch = within(panel).getByRole('link', { name: /Körningslistan är klar.*Fakturor: 11 klara · 1 fel/ });
    expect(batch).toHaveAttribute('href', '/workflows/w-batch');
    expect(batch).not.toHaveTextContent('Oläst');

    await userEvent.click(failed);
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflow-execution/r-failed'));
    await waitFor(() => expect(calls.find((call) => call.path === '/api/notifications/read')?.body).toEqual({ ids: ['n1'] }));
    await waitFor(() => expect(within(bell).getByTestId('notification-dot')).toHaveTextContent(/^1$/));
    expect(screen.queryByRole('dialog', { name: 'Notifieringar' })).not.toBeInTheDocument();
  });

  it('marks all read from the keyboard, and closes with Escape back on the bell', async () => {
    const { calls } = mockShell({
      'GET /api/notifications/unread': () => json(200, { unread: 2 }),
      'GET /api/notifications': () => json(200, three),
      'POST /api/notifications/read': () => json(200, { unread: 0 }),
    });
    const { banner } = await renderTopBar();
    const bell = within(banner).getByRole('button', { name: 'Notifieringar' });
    await waitFor(() => expect(within(bell).getByTestId('notification-dot')).toBeInTheDocument());
    bell.focus();
    await userEvent.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Notifieringar' });
    const markAll = await within(panel).findByRole('button', { name: 'Markera alla som lästa' });
    markAll.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(calls.find((call) => call.path === '/api/notifications/read')?.body).toEqual({}));
    await waitFor(() => expect(within(bell).queryByTestId('notification-dot')).not.toBeInTheDocument());
    // The button stays where the focus is (nothing left to mark), so Escape still closes the panel.
    expect(markAll).toHaveFocus();
    expect(markAll).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(panel).not.toBeInTheDocument());
    expect(bell).toHaveFocus();
  });

  it('pages to older notifications', async () => {
    const { calls } = mockShell({
      'GET /api/notifications': () => json(200, { items: [aNotification({ id: 'n1' })], unread: 1, nextCursor: '2026-11-26T08:15:00.000000Z|n1' }),
      'GET /api/notifications?cursor=2026-11-26T08%3A15%3A00.000000Z%7Cn1': () =>
        json(200, { items: [aNotification({ id: 'n0', workflowName: 'Äldre flöde' })], unread: 1, nextCursor: null }),
    });
    const { banner } = await renderTopBar();
    await userEvent.click(within(banner).getByRole('button', { name: 'Notifieringar' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifieringar' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Visa äldre' }));
    expect(await within(panel).findByText('Äldre flöde')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Visa äldre' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/api/notifications?cursor='))).toHaveLength(1);
  });

  it('says "No notifications" in English, and the count', async () => {
    await i18n.changeLanguage('en');
    mockShell({ 'GET /api/notifications/unread': () => json(200, { unread: 1 }) });
    const { banner } = await renderTopBar();
    const bell = within(banner).getByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(bell).toHaveAccessibleDescription('1 unread notification'));
    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('No notifications')).toBeInTheDocument();
  });

  it('says when the list could not be fetched, and asks again on retry', async () => {
    let fail = true;
    mockShell({
      'GET /api/notifications': () => (fail ? json(500, { error: 'Internt fel', code: 'internal' }) : json(200, three)),
    });
    const { banner } = await renderTopBar();
    await userEvent.click(within(banner).getByRole('button', { name: 'Notifieringar' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifieringar' });
    expect(await within(panel).findByText(/Det gick inte att hämta notifieringarna/)).toBeInTheDocument();
    expect(panel).not.toHaveTextContent('Inga notifieringar');
    fail = false;
    await userEvent.click(within(panel).getByRole('button', { name: 'Försök igen' }));
    expect(await within(panel).findByText('Hyresavier')).toBeInTheDocument();
  });
});

describe('top search', { timeout: 20_000 }, () => {
  const search: Routes = {
    'GET /api/search?q=hyr': () =>
      json(200, {
        workflows: [{ id: 'w-hyr', name: 'Hyresavisering', status: 'active' }],
        runs: [{ id: 'r-hyr', workflowName: 'Hyresavisering', status: 'failed', createdAt: '2026-11-26T08:15:00Z' }],
        tasks: [{ id: 't1', runId: 'r-task', workflowName: 'Hyresavisering', kind: 'manual_step', title: 'Godkänn avin' }],
      }),
    'GET /api/search?q=zzz': () => json(200, { workflows: [], runs: [], tasks: [] }),
  };

  it('asks the server once and lists workflows, runs and tasks by kind; Enter opens the workflow', async () => {
    const { calls } = mockShell(search);
    const { banner, router } = await renderTopBar();
    const input = within(banner).getByRole('combobox', { name: 'Sök arbetsflöden, körningar och uppgifter' });
    await userEvent.type(input, 'hyr');
    const options = await screen.findByRole('listbox');
    expect(within(options).getByRole('group', { name: 'Arbetsflöden' })).toHaveTextContent('Hyresavisering');
    expect(within(options).getByRole('group', { name: 'Körningar' })).toHaveTextContent(/Hyresavisering.*Fel/);
    expect(within(options).getByRole('group', { name: 'Väntar på dig' })).toHaveTextContent('Godkänn avin');
    expect(calls.filter((call) => call.path.startsWith('/api/search'))).toHaveLength(1);
    const active = () => document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    await waitFor(() => expect(active()).toHaveTextContent(/^Hyresavisering$/));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(active()).toHaveTextContent(/Fel/));
    await userEvent.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflows/w-hyr'));
    expect(input).toHaveValue('');
  });

  it('opens a run and a task at their run with a click', async () => {
    mockShell(search);
    const { banner, router } = await renderTopBar();
    await userEvent.type(within(banner).getByRole('combobox'), 'hyr');
    await userEvent.click(await screen.findByRole('option', { name: /Godkänn avin/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflow-execution/r-task'));
  });

  it('says "Inga träffar" when nothing matches, "No matches" in English', async () => {
    mockShell(search);
    const { banner } = await renderTopBar();
    await userEvent.type(within(banner).getByRole('combobox'), 'zzz');
    await waitFor(() => expect(within(banner).getByRole('status')).toHaveTextContent(/^Inga träffar$/));
    await i18n.changeLanguage('en');
    expect(within(banner).getByRole('combobox', { name: 'Search workflows, runs and tasks' })).toBeInTheDocument();
    await waitFor(() => expect(within(banner).getByRole('status')).toHaveTextContent(/^No matches$/));
  });
});
