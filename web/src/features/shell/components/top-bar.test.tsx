// The top bar's bell and search through the real router, over a mocked API: the bell shows what waits
// (open tasks, pending errors) and nothing when nothing does; the search finds workflows and tasks and opens them.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi } from '@/test/api-mock';
import { anError, aTask, aWorkflow } from '@/test/fixtures';
import { renderApp } from '@/test/render';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

type Routes = Parameters<typeof mockApi>[0];

function mockShell(routes: Routes = {}) {
  return mockApi({
    'GET /api/user': () => json(200, demoUser),
    'GET /api/tasks': () => json(200, []),
    'GET /api/error-queue': () => json(200, []),
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

const waiting: Routes = {
  'GET /api/tasks': () =>
    json(200, [
      aTask({ id: 't1', runId: 'r-decide', workflowName: 'Leverantörsfakturor', title: 'Attestera fakturan?' }),
      aTask({ id: 't2', runId: 'r-manual', workflowName: 'Hyresavisering', kind: 'manual_step', title: '' }),
    ]),
  'GET /api/error-queue': () =>
    json(200, [
      anError({ id: 'e1', workflowName: 'Bokning', errorType: 'validation_error' }),
      anError({ id: 'e2', status: 'resolved', workflowName: 'Redan löst' }),
    ]),
};

describe('notification bell', { timeout: 20_000 }, () => {
  it('shows no dot and says nothing waits when there are no open tasks or pending errors', async () => {
    const { calls } = mockShell();
    const { banner } = await renderTopBar();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/error-queue')).toBe(true));
    const bell = within(banner).getByRole('button', { name: 'Notifieringar' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(bell).queryByTestId('notification-dot')).not.toBeInTheDocument();
    expect(bell).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/Du har olästa notifieringar/)).not.toBeInTheDocument();

    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifieringar' });
    expect(await within(panel).findByText('Inget väntar på dig')).toBeInTheDocument();
    expect(within(panel).queryAllByRole('link')).toHaveLength(0);
  });

  it('counts open tasks and pending errors, lists them and leads to where each is handled', async () => {
    mockShell(waiting);
    const { banner, router } = await renderTopBar();
    const bell = within(banner).getByRole('button', { name: 'Notifieringar' });
    await waitFor(() => expect(within(bell).getByTestId('notification-dot')).toHaveTextContent(/^3$/));
    expect(bell).toHaveAccessibleDescription('Du har olästa notifieringar: 3 väntar på dig');

    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifieringar' });
    expect(panel).toHaveTextContent('3 väntar på dig');
    const decide = within(panel).getByRole('link', { name: /Leverantörsfakturor.*Bekräfta AI-beslut: Attestera fakturan\?/ });
    expect(decide).toHaveAttribute('href', '/workflow-execution/r-decide');
    expect(within(panel).getByRole('link', { name: /Hyresavisering.*Gör ett manuellt steg/ })).toHaveAttribute('href', '/workflow-execution/r-manual');
    // The error in plain words (the catalogue), not the runner's message; resolved errors do not wait.
    const error = within(panel).getByRole('link', { name: /Bokning.*Ett värde som flödet skickade godtogs inte av systemet/ });
    expect(error).toHaveAttribute('href', '/error-queue');
    expect(panel).not.toHaveTextContent('Redan löst');
    expect(panel).not.toHaveTextContent('Fältet Belopp saknas');

    await userEvent.click(decide);
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflow-execution/r-decide'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifieringar' })).not.toBeInTheDocument());
  });

  it('lists five of each and leads to the rest', async () => {
    mockShell({
      'GET /api/tasks': () => json(200, Array.from({ length: 7 }, (_, i) => aTask({ id: `t${i}`, runId: `r${i}` }))),
      'GET /api/error-queue': () => json(200, Array.from({ length: 6 }, (_, i) => anError({ id: `e${i}` }))),
    });
    const { banner } = await renderTopBar();
    const bell = within(banner).getByRole('button', { name: 'Notifieringar' });
    await waitFor(() => expect(within(bell).getByTestId('notification-dot')).toHaveTextContent(/^13$/));
    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifieringar' });
    expect(panel).toHaveTextContent('13 väntar på dig');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(10);
    expect(within(panel).getByRole('link', { name: 'Visa alla (7) i flödeshanteringen' })).toHaveAttribute('href', '/workflow-execution');
    expect(within(panel).getByRole('link', { name: 'Visa alla (6) i felkön' })).toHaveAttribute('href', '/error-queue');
  });

  it('opens from the keyboard', async () => {
    mockShell(waiting);
    const { banner } = await renderTopBar();
    const bell = within(banner).getByRole('button', { name: 'Notifieringar' });
    await waitFor(() => expect(within(bell).getByTestId('notification-dot')).toBeInTheDocument());
    bell.focus();
    await userEvent.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Notifieringar' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(panel).not.toBeInTheDocument());
    expect(bell).toHaveFocus();
  });

  it('says what waits in English', async () => {
    await i18n.changeLanguage('en');
    mockShell(waiting);
    const { banner } = await renderTopBar();
    const bell = within(banner).getByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(bell).toHaveAccessibleDescription('You have unread notifications: 3 things waiting for you'));
    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(panel).toHaveTextContent('3 things waiting for you');
    expect(within(panel).getByRole('link', { name: /Leverantörsfakturor.*Confirm an AI decision/ })).toHaveAttribute(
      'href',
      '/workflow-execution/r-decide',
    );
    expect(within(panel).getByRole('link', { name: /Bokning/ })).toHaveAttribute('href', '/error-queue');
  });

  it('says "Nothing is waiting for you" in English', async () => {
    await i18n.changeLanguage('en');
    mockShell();
    const { banner } = await renderTopBar();
    await userEvent.click(within(banner).getByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('Nothing is waiting for you')).toBeInTheDocument();
  });

  it('says when what waits could not be fetched, and asks again on retry', async () => {
    let fail = true;
    mockShell({
      'GET /api/tasks': () => (fail ? json(500, { error: 'Internt fel', code: 'internal' }) : json(200, [aTask()])),
    });
    const { banner } = await renderTopBar();
    await userEvent.click(within(banner).getByRole('button', { name: 'Notifieringar' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifieringar' });
    expect(await within(panel).findByText(/Det gick inte att hämta allt som väntar/)).toBeInTheDocument();
    expect(panel).not.toHaveTextContent('Inget väntar på dig');
    fail = false;
    await userEvent.click(within(panel).getByRole('button', { name: 'Försök igen' }));
    await waitFor(() => expect(panel).toHaveTextContent('1 väntar på dig'));
  });
});

describe('top search', { timeout: 20_000 }, () => {
  const search: Routes = {
    'GET /api/workflows?q=hyr': () => json(200, [aWorkflow({ id: 'w-hyr', name: 'Hyresavisering' })]),
    'GET /api/workflows?q=zzz': () => json(200, []),
    'GET /api/tasks': () => json(200, [aTask({ id: 't1', runId: 'r-hyr', workflowName: 'Hyresavisering', title: 'Godkänn avin' })]),
  };

  it('finds a workflow by name on the server and opens its editor with Enter', async () => {
    const { calls } = mockShell(search);
    const { banner, router } = await renderTopBar();
    const input = within(banner).getByRole('combobox', { name: 'Sök arbetsflöden och uppgifter' });
    expect(input).toHaveAttribute('placeholder', 'Sök arbetsflöden och uppgifter…');
    await userEvent.type(input, 'hyr');
    const options = await screen.findByRole('listbox');
    const workflow = await within(options).findByRole('option', { name: 'Hyresavisering' });
    expect(within(options).getByRole('option', { name: /Hyresavisering.*Godkänn avin/ })).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/api/workflows?q='))).toHaveLength(1);
    await userEvent.hover(workflow);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflows/w-hyr'));
    expect(input).toHaveValue('');
  });

  it('is used from the keyboard alone: arrows move through the results, Enter opens one', async () => {
    mockShell(search);
    const { banner, router } = await renderTopBar();
    const input = within(banner).getByRole('combobox');
    await userEvent.click(input);
    await userEvent.keyboard('hyr');
    await screen.findByRole('option', { name: 'Hyresavisering' });
    const active = () => document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    // The first result is active as soon as the list shows; the arrows move from there.
    await waitFor(() => expect(active()).toHaveTextContent(/^Hyresavisering$/));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(active()).toHaveTextContent('Godkänn avin'));
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(active()).toHaveTextContent(/^Hyresavisering$/));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflows/w-hyr'));
  });

  it('opens a task at its run with a click', async () => {
    mockShell(search);
    const { banner, router } = await renderTopBar();
    await userEvent.type(within(banner).getByRole('combobox'), 'hyr');
    await userEvent.click(await screen.findByRole('option', { name: /Godkänn avin/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflow-execution/r-hyr'));
  });

  it('says "Inga träffar" when nothing matches', async () => {
    mockShell(search);
    const { banner } = await renderTopBar();
    await userEvent.type(within(banner).getByRole('combobox'), 'zzz');
    // "Söker…" first, then the answer.
    await waitFor(() => expect(within(banner).getByRole('status')).toHaveTextContent(/^Inga träffar$/));
    expect(within(banner).queryByRole('option')).not.toBeInTheDocument();
  });

  it('says "No matches" in English', async () => {
    await i18n.changeLanguage('en');
    mockShell(search);
    const { banner } = await renderTopBar();
    const input = within(banner).getByRole('combobox', { name: 'Search workflows and tasks' });
    await userEvent.type(input, 'zzz');
    await waitFor(() => expect(within(banner).getByRole('status')).toHaveTextContent(/^No matches$/));
  });
});
