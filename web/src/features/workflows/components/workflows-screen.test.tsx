import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi } from '@/test/api-mock';
import { aWorkflow, never } from '@/test/fixtures';
import { renderApp } from '@/test/render';

// These render the real router: its first render loads the route modules, which takes longer than
// the default 1 s when the machine is busy.
beforeAll(() => {
  configure({ asyncUtilTimeout: 5000 });
  vi.setConfig({ testTimeout: 15_000 });
});

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

const user = () => json(200, demoUser);

describe('WorkflowsScreen states', () => {
  it('shows 6 skeleton cards while loading', async () => {
    mockApi({ 'GET /api/user': user, 'GET /api/workflows': never });
    renderApp('/workflows');
    const loading = await screen.findByRole('status', { name: 'Laddar arbetsflöden' });
    expect(within(loading).getAllByRole('listitem')).toHaveLength(6);
  });

  it('offers to create a first flow when there are none', async () => {
    mockApi({ 'GET /api/user': user, 'GET /api/workflows': () => json(200, []) });
    renderApp('/workflows');
    expect(await screen.findByText('Inga arbetsflöden än')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Skapa ditt första flöde' }));
    expect(await screen.findByRole('dialog', { name: 'Skapa nytt arbetsflöde' })).toBeInTheDocument();
  });

  it('shows the server message when the list cannot be loaded', async () => {
    mockApi({ 'GET /api/user': user, 'GET /api/workflows': () => json(500, { error: 'Databasen svarar inte', code: 'internal' }) });
    renderApp('/workflows');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Kunde inte hämta arbetsflöden');
    expect(alert).toHaveTextContent('Databasen svarar inte');
  });

  it('shows each card with its status, last run and success rate, and filters by the search', async () => {
    mockApi({
      'GET /api/user': user,
      'GET /api/workflows': () =>
        json(200, [
          aWorkflow(),
          aWorkflow({ id: 'w2', name: 'Hyresavier', status: 'inactive', lastRunAt: null, successRate: null }),
          aWorkflow({ id: 'w3', name: 'Felanmälan', status: 'error' }),
        ]),
    });
    renderApp('/workflows');
    const invoice = await screen.findByRole('article', { name: 'Fakturahantering' });
    expect(invoice).toHaveTextContent('Aktiv');
    expect(invoice).toHaveTextContent('98 %');
    expect(invoice).toHaveTextContent('2025-03-14');
    const rent = screen.getByRole('article', { name: 'Hyresavier' });
    expect(rent).toHaveTextContent('Utkast');
    expect(rent).toHaveTextContent('Aldrig körd');
    expect(screen.getByRole('article', { name: 'Felanmälan' })).toHaveTextContent('Fel');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Sök arbetsflöden' }), 'HYRES');
    expect(screen.getByRole('article', { name: 'Hyresavier' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Fakturahantering' })).not.toBeInTheDocument();
  });
});

describe('create workflow dialog', () => {
  async function openDialog() {
    await userEvent.click(await screen.findByRole('button', { name: 'Skapa nytt' }));
    return screen.findByRole('dialog', { name: 'Skapa nytt arbetsflöde' });
  }

  it('refuses a blank name with the field message and the toast, without a call', async () => {
    const { calls } = mockApi({ 'GET /api/user': user, 'GET /api/workflows': () => json(200, []) });
    renderApp('/workflows');
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Namn'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skapa arbetsflöde' }));
    expect(await within(dialog).findByText('Namn krävs')).toBeInTheDocument();
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Namn krävs');
    expect(toast).toHaveTextContent('Ange ett namn för ditt arbetsflöde');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('creates, says so with the name, refreshes the lists and goes to /track-trace', async () => {
    let listed = 0;
    const { calls } = mockApi({
      'GET /api/user': user,
      'GET /api/workflows': () => {
        listed += 1;
        return json(200, []);
      },
      'POST /api/workflows': (call) => json(201, aWorkflow({ name: (call.body as { name: string }).name })),
    });
    const { router, queryClient } = renderApp('/workflows');
    queryClient.setQueryData(['workflow-performance'], []);
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Namn'), '  Hyresavier ');
    await userEvent.selectOptions(within(dialog).getByLabelText('Kategori'), 'Fastighetsadministration');
    await userEvent.selectOptions(within(dialog).getByLabelText('Startmetod'), 'scheduled');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skapa arbetsflöde' }));
    expect(await screen.findByText('Arbetsflöde skapat')).toBeInTheDocument();
    expect(screen.getByText('"Hyresavier" har skapats.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/track-trace'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Hyresavier',
      description: '',
      category: 'Fastighetsadministration',
      startMethod: 'scheduled',
    });
    expect(queryClient.getQueryState(['workflow-performance'])?.isInvalidated).toBe(true);
    expect(listed).toBe(2);
  });

  it('shows the failure toast with the server message in English and keeps the dialog open', async () => {
    await i18n.changeLanguage('en');
    mockApi({
      'GET /api/user': user,
      'GET /api/workflows': () => json(200, []),
      'POST /api/workflows': () => json(400, { error: 'Choose a category', code: 'invalid_input' }),
    });
    renderApp('/workflows');
    await userEvent.click(await screen.findByRole('button', { name: 'Create new' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create new workflow' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Invoices');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create workflow' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Could not create workflow');
    expect(toast).toHaveTextContent('Choose a category');
    expect(screen.getByRole('dialog', { name: 'Create new workflow' })).toBeInTheDocument();
  });
});

describe('card actions', () => {
  it('pauses an active workflow with PUT status paused and refetches the list', async () => {
    let listed = 0;
    const { calls } = mockApi({
      'GET /api/user': user,
      'GET /api/workflows': () => {
        listed += 1;
        return json(200, [aWorkflow()]);
      },
      [`PUT /api/workflows/${aWorkflow().id}`]: () => json(200, aWorkflow({ status: 'paused' })),
    });
    renderApp('/workflows');
    await userEvent.click(await screen.findByRole('button', { name: 'Pausa Fakturahantering' }));
    expect(await screen.findByText('Arbetsflöde pausat')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ status: 'paused' });
    await waitFor(() => expect(listed).toBe(2));
  });

  it('runs from the menu and shows the refusal of a workflow that is not active', async () => {
    mockApi({
      'GET /api/user': user,
      'GET /api/workflows': () => json(200, [aWorkflow({ status: 'paused' })]),
      [`POST /api/workflows/${aWorkflow().id}/run`]: () => json(409, { error: 'Bara aktiva arbetsflöden kan köras', code: 'conflict' }),
    });
    renderApp('/workflows');
    await userEvent.click(await screen.findByRole('button', { name: 'Åtgärder för Fakturahantering' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Kör nu' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Kunde inte köra arbetsflöde');
    expect(toast).toHaveTextContent('Bara aktiva arbetsflöden kan köras');
  });

  it('deletes after confirmation and shows the statistics dialog', async () => {
    const { calls } = mockApi({
      'GET /api/user': user,
      'GET /api/workflows': () => json(200, [aWorkflow()]),
      [`DELETE /api/workflows/${aWorkflow().id}`]: () => new Response(null, { status: 204 }),
    });
    renderApp('/workflows');
    await userEvent.click(await screen.findByRole('button', { name: 'Åtgärder för Fakturahantering' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Statistik' }));
    const stats = await screen.findByRole('dialog', { name: 'Statistik för Fakturahantering' });
    expect(stats).toHaveTextContent('40');
    await userEvent.click(within(stats).getByRole('button', { name: 'Stäng' }));

    await userEvent.click(screen.getByRole('button', { name: 'Åtgärder för Fakturahantering' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Ta bort' }));
    const confirm = await screen.findByRole('dialog', { name: 'Ta bort arbetsflöde' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Ta bort' }));
    expect(await screen.findByText('Arbetsflöde borttaget')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });
});
