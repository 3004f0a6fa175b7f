import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { demoUser, json, mockApi, page } from '@/test/api-mock';
import { aWorkflow, never } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

// These render the real router: its first render loads the route modules, which takes longer than
// the default 1 s when the machine is busy.
vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => {
  configure({ asyncUtilTimeout: 5000 });
});

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

const user = () => json(200, demoUser);

describe('WorkflowsScreen states', () => {
  it('shows 6 skeleton cards while loading', async () => {
    mockApi({ 'GET /api/user': user, 'GET /api/workflows?limit=30': never });
    renderApp('/workflows');
    const loading = await screen.findByRole('status', { name: 'Laddar arbetsflöden' });
    expect(within(loading).getAllByRole('listitem')).toHaveLength(6);
  });

  it('offers to create a first flow when there are none', async () => {
    mockApi({ 'GET /api/user': user, 'GET /api/workflows?limit=30': () => json(200, page([])) });
    renderApp('/workflows');
    expect(await screen.findByText('Inga arbetsflöden än')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Skapa ditt första flöde' }));
    expect(await screen.findByRole('dialog', { name: 'Skapa nytt arbetsflöde' })).toBeInTheDocument();
  });

  it('shows the server message when the list cannot be loaded', async () => {
    mockApi({ 'GET /api/user': user, 'GET /api/workflows?limit=30': () => json(500, { error: 'Databasen svarar inte', code: 'internal' }) });
    renderApp('/workflows');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Kunde inte hämta arbetsflöden');
    expect(alert).toHaveTextContent('Databasen svarar inte');
  });

  it('shows each card with its status, last run and success rate, and searches on the server', async () => {
    const rent = aWorkflow({ id: 'w2', name: 'Hyresavier', status: 'inactive', lastRunAt: null, successRate: null });
    const { calls } = mockApi({
      'GET /api/user': user,
      'GET /api/workflows?limit=30': () => json(200, page([aWorkflow(), rent, aWorkflow({ id: 'w3', name: 'Felanmälan', status: 'error' })])),
      'GET /api/workflows?q=HYRES&limit=30': () => json(200, page([rent])),
    });
    renderApp('/workflows');
    const invoice = await screen.findByRole('article', { name: 'Fakturahantering' });
    expect(invoice).toHaveTextContent('Aktiv');
    expect(invoice).toHaveTextContent('98 %');
    expect(invoice).toHaveTextContent('2025-03-14');
    const card = screen.getByRole('article', { name: 'Hyresavier' });
    expect(card).toHaveTextContent('Utkast');
    expect(card).toHaveTextContent('Aldrig körd');
    expect(screen.getByRole('article', { name: 'Felanmälan' })).toHaveTextContent('Fel');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Sök arbetsflöden' }), 'HYRES');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Fakturahantering' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Hyresavier' })).toBeInTheDocument();
    // One question for the whole word (typed faster than the debounce), not one per letter.
    expect(calls.filter((call) => call.path.startsWith('/api/workflows?q=')).map((call) => call.path)).toEqual(['/api/workflows?q=HYRES&limit=30']);
  });

  it('loads the next page after the cursor with "Visa fler", keeps the first, and shows a failed page with a retry', async () => {
    let failNext = true;
    const { calls } = mockApi({
      'GET /api/user': user,
      'GET /api/workflows?limit=30': () => json(200, page([aWorkflow()], 'c1')),
      'GET /api/workflows?limit=30&cursor=c1': () =>
        failNext ? json(500, { error: 'Databasen svarar inte', code: 'internal' }) : json(200, page([aWorkflow({ id: 'w2', name: 'Hyresavier' })])),
    });
    renderApp('/workflows');
    await screen.findByRole('article', { name: 'Fakturahantering' });
    await userEvent.click(screen.getByRole('button', { name: 'Visa fler' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Det gick inte att ladda fler');
    expect(alert).toHaveTextContent('Databasen svarar inte');
    expect(screen.getByRole('article', { name: 'Fakturahantering' })).toBeInTheDocument();
    failNext = false;
    await userEvent.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByRole('article', { name: 'Hyresavier' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Fakturahantering' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Visa fler' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/workflows?limit=30&cursor=c1')).toHaveLength(2);
  });

  it('says in English when a search finds nothing', async () => {
    await i18n.changeLanguage('en');
    mockApi({
      'GET /api/user': user,
      'GET /api/workflows?limit=30': () => json(200, page([aWorkflow()])),
      'GET /api/workflows?q=zzz&limit=30': () => json(200, page([])),
    });
    renderApp('/workflows');
    await screen.findByRole('article', { name: 'Fakturahantering' });
    await userEvent.type(screen.getByRole('searchbox'), 'zzz');
    expect(await screen.findByText(i18n.t('workflows:no_match.title'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});

describe('create workflow dialog', () => {
  async function openDialog() {
    await userEvent.click(await screen.findByRole('button', { name: 'Skapa nytt' }));
    return screen.findByRole('dialog', { name: 'Skapa nytt arbetsflöde' });
  }

  it('refuses a blank name with the field message and the toast, without a call', async () => {
    const { calls } = mockApi({ 'GET /api/user': user, 'GET /api/workflows?limit=30': () => json(200, page([])) });
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
      'GET /api/workflows?limit=30': () => {
        listed += 1;
        return json(200, page([]));
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
      'GET /api/workflows?limit=30': () => json(200, page([])),
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
      'GET /api/workflows?limit=30': () => {
        listed += 1;
        return json(200, page([aWorkflow()]));
      },
      [`PUT /api/workflows/${aWorkflow().id}`]: () => json(200, aWorkflow({ status: 'paused' })),
    });
    renderApp('/workflows');
    await userEvent.click(await screen.findByRole('button', { name: 'Pausa Fakturahantering' }));
    expect(await screen.findByText('Arbetsflöde pausat')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ status: 'paused' });
    await waitFor(() => expect(listed).toBe(2));
  });

  it('edits the time by hand (minutes) that "Sparade timmar" counts, in seconds on the server', async () => {
    const { calls } = mockApi({
      'GET /api/user': user,
      'GET /api/workflows?limit=30': () => json(200, page([aWorkflow({ manualSeconds: 1800 })])),
      [`PUT /api/workflows/${aWorkflow().id}`]: () => json(200, aWorkflow({ manualSeconds: 2700 })),
    });
    renderApp('/workflows');
    await userEvent.click(await screen.findByRole('button', { name: 'Åtgärder för Fakturahantering' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Redigera' }));
    const minutes = await screen.findByRole('textbox', { name: 'Tid för hand (minuter)' });
    expect(minutes).toHaveValue('30');
    expect(minutes).toHaveAccessibleDescription(/Sparade timmar.*inspelningens längd/);
    await userEvent.clear(minutes);
    await userEvent.type(minutes, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Ange minuter mellan 0,1 och 1440, eller lämna tomt')).toBeInTheDocument();
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '45');
    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ name: 'Fakturahantering', manualSeconds: 2700 }));
  });

  it('runs from the menu and shows the refusal of a workflow that is not active', async () => {
    mockApi({
      'GET /api/user': user,
      'GET /api/workflows?limit=30': () => json(200, page([aWorkflow({ status: 'paused' })])),
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
      'GET /api/workflows?limit=30': () => json(200, page([aWorkflow()])),
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

describe('import and export', () => {
  const recording = { title: 'Leverantörsfakturor', steps: [{ type: 'navigate', url: 'https://portal.example.se' }] };
  const jsonFile = (content: string) => new File([content], 'inspelning.json', { type: 'application/json' });

  it("posts the file's JSON, says so and opens the new workflow in the editor", async () => {
    const created = aWorkflow({ id: 'w-new', name: 'Leverantörsfakturor', status: 'draft' });
    const { calls } = mockApi({
      'GET /api/user': user,
      'GET /api/workflows?limit=30': () => json(200, page([])),
      'POST /api/workflows/import': () => json(201, created),
      'GET /api/workflows/w-new': () =>
        json(200, { ...created, currentVersion: 1, definition: { version: 1, steps: [] }, missingSecrets: [], schedule: null, hasWebhook: false }),
    });
    const { router } = renderApp('/workflows');
    await screen.findByText('Inga arbetsflöden än');
    await userEvent.upload(screen.getByLabelText('Välj en JSON-fil att importera'), jsonFile(JSON.stringify(recording)));
    expect(await screen.findByText('Arbetsflöde importerat')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/workflows/import')?.body).toEqual(recording);
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflows/w-new'));
  });

  it("shows the server's message when it refuses the file, and refuses a file that is not JSON itself", async () => {
    const { calls } = mockApi({
      'GET /api/user': user,
      'GET /api/workflows?limit=30': () => json(200, page([])),
      'POST /api/workflows/import': () => json(400, { error: 'Filen är varken en Chrome-inspelning eller en Kollega-export', code: 'invalid_input' }),
    });
    renderApp('/workflows');
    await screen.findByText('Inga arbetsflöden än');
    await userEvent.upload(screen.getByLabelText('Välj en JSON-fil att importera'), jsonFile('{"hello": 1}'));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Kunde inte importera arbetsflödet');
    expect(toast).toHaveTextContent('Filen är varken en Chrome-inspelning eller en Kollega-export');

    await userEvent.upload(screen.getByLabelText('Välj en JSON-fil att importera'), jsonFile('inte json'));
    expect(await screen.findByText(/Filen är inte giltig JSON/)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/workflows/import')).toHaveLength(1);
  });

  it('offers the export in both formats in the card menu, and the editor from the card', async () => {
    mockApi({ 'GET /api/user': user, 'GET /api/workflows?limit=30': () => json(200, page([aWorkflow()])) });
    renderApp('/workflows');
    const card = await screen.findByRole('article', { name: 'Fakturahantering' });
    expect(within(card).getByRole('link', { name: 'Redigera steg i Fakturahantering' })).toHaveAttribute('href', `/workflows/${aWorkflow().id}`);
    await userEvent.click(within(card).getByRole('button', { name: 'Åtgärder för Fakturahantering' }));
    expect(await screen.findByRole('menuitem', { name: 'Exportera (Kollega)' })).toHaveAttribute(
      'href',
      `/api/workflows/${aWorkflow().id}/export?format=kollega`,
    );
    expect(screen.getByRole('menuitem', { name: 'Exportera (Chrome Recorder)' })).toHaveAttribute(
      'href',
      `/api/workflows/${aWorkflow().id}/export?format=chrome-recorder`,
    );
  });
});

describe('run now', () => {
  it('refreshes the workflows, the runs and the dashboard tiles when the run has started', async () => {
    mockApi({
      'GET /api/user': user,
      'GET /api/workflows?limit=30': () => json(200, page([aWorkflow()])),
      [`POST /api/workflows/${aWorkflow().id}/run`]: () => json(202, { executionId: 'run-1' }),
    });
    const { queryClient } = renderApp('/workflows');
    queryClient.setQueryData(queryKeys.runs, []);
    queryClient.setQueryData(queryKeys.dashboardStats, {});
    await userEvent.click(await screen.findByRole('button', { name: 'Åtgärder för Fakturahantering' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Kör nu' }));
    expect(await screen.findByText('Körning startad')).toBeInTheDocument();
    expect(queryClient.getQueryState(queryKeys.runs)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.dashboardStats)?.isInvalidated).toBe(true);
  });
});
