// "Kör i min webbläsare" from a workflow card, over a mocked API and a stand-in for the extension's bridge: the
// dialog lists the person's tabs the extension reports, starts the run through the api and hands the relay and
// token to the extension for the chosen tab, then opens the run. "Kör nu" of a workflow that runs only in a
// person's browser offers the same dialog instead of an error. The extension's refusals are said in plain words;
// without the extension the dialog links to its installation. In Swedish and in English.
import type { AttendedConnection } from '@shared/types/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aRunDetail, aWorkflowDetail } from '@/features/workflows/test-fixtures';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi, page } from '@/test/api-mock';
import { aWorkflow } from '@/test/fixtures';
import { extensionRouteTests } from '@/test/recorder-extension';
import { renderApp } from '@/test/render-app';

const installExtension = extensionRouteTests();

const workflow = aWorkflow({ runLocation: 'both' });
const RUN_ID = 'c0ffee00-0000-4000-8000-000000000022';
const connection: AttendedConnection = { runId: RUN_ID, relayUrl: 'ws://127.0.0.1:9999/attended', token: 'secret-token', expiresAt: '2026-11-26T22:00:00Z' };
const tabs = [
  { id: 11, title: 'Testbanken – Logga in', url: 'https://bank.example.se/login' },
  { id: 12, title: 'Fortnox', url: 'https://apps.fortnox.se/' },
];

function mockWorkflows(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/user': () => json(200, demoUser),
    'GET /api/workflows?limit=30': () => json(200, page([workflow])),
    [`GET /api/workflows/${workflow.id}`]: () => json(200, aWorkflowDetail({ ...workflow })),
    [`POST /api/workflows/${workflow.id}/attended-runs`]: () => json(201, connection),
    [`GET /api/runs/${RUN_ID}`]: () => json(200, aRunDetail({ id: RUN_ID, mode: 'attended', status: 'running', trigger: 'manual' })),
    'GET /api/runs/changes': () => json(200, { cursor: '2025-03-14 09:00:01+00' }),
    ...routes,
  });
}

async function openFromMenu(menuItem: RegExp) {
  const card = await screen.findByRole('article', { name: workflow.name }, { timeout: 20_000 });
  await userEvent.click(within(card).getByRole('button', { name: /Åtgärder för|Actions for/ }));
  await userEvent.click(await screen.findByRole('menuitem', { name: menuItem }));
}

describe('"Kör i min webbläsare" on a workflow', () => {
  it('lists the tabs, starts the run in the chosen one through the extension and opens the run (sv)', async () => {
    const extension = installExtension();
    const { calls } = mockWorkflows();
    const { router } = renderApp('/workflows');
    await openFromMenu(/^Kör i min webbläsare$/);
    const dialog = await screen.findByRole('dialog', { name: `Kör ”${workflow.name}” i min webbläsare` });
    await waitFor(() => expect(extension.commands.at(-1)).toEqual({ type: 'attended-tabs' }));
    extension.emit({ type: 'attended-tabs', tabs });
    const bank = await within(dialog).findByRole('radio', { name: /Testbanken – Logga in/ });
    expect(within(dialog).getByRole('radio', { name: /I en ny flik/ })).toBeChecked();
    await userEvent.click(bank);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kör i min webbläsare' }));

    await waitFor(() => expect(extension.commands.at(-1)).toEqual({ type: 'attended-start', relayUrl: connection.relayUrl, token: connection.token, tabId: 11 }));
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      [`/api/workflows/${workflow.id}/attended-runs`, {}],
    ]);
    // Nothing started on the servers.
    expect(calls.some((call) => call.path.endsWith('/run'))).toBe(false);
    extension.emit({ type: 'attended-started', runId: RUN_ID, tabId: 11 });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/workflow-execution/${RUN_ID}`));
    expect(await screen.findByText('Körningen är igång i din webbläsare')).toBeInTheDocument();
    expect(await screen.findByText('Körs i en webbläsare', {}, { timeout: 20_000 })).toBeInTheDocument();
  });

  it('offers it instead of an error when "Run now" is refused as attended only, and says what the extension could not do (en)', async () => {
    await i18n.changeLanguage('en');
    const extension = installExtension();
    const refused = { error: "This workflow runs only in a person's own browser.", code: 'workflow_attended_only' };
    // The list says it may run on the servers (stale): the api's refusal opens the dialog, with no error toast.
    const { calls } = mockWorkflows({ [`POST /api/workflows/${workflow.id}/run`]: () => json(409, refused) });
    renderApp('/workflows');
    await openFromMenu(/^Run now$/);
    const dialog = await screen.findByRole('dialog', { name: `Run “${workflow.name}” in my browser` });
    expect(within(dialog).getByText(/This workflow runs only in a person's own browser: it has a step where you sign in yourself/)).toBeInTheDocument();
    extension.emit({ type: 'attended-tabs', tabs: [] });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run in my browser' }));
    await waitFor(() => expect(extension.commands.at(-1)).toMatchObject({ type: 'attended-start', tabId: null }));
    extension.emit({ type: 'attended-error', code: 'token_refused' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The connection expired or is already in use. Try again.');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/workflows/${workflow.id}/run`,
      `/api/workflows/${workflow.id}/attended-runs`,
    ]);
    // The refusal was answered with the dialog, not shown as an error.
    expect(screen.queryByText('Could not run workflow')).not.toBeInTheDocument();
    expect(screen.queryByText(refused.error)).not.toBeInTheDocument();
  });

  it('opens it at once for a workflow with a sign-in step, and shows the api\'s refusal in words', async () => {
    const extension = installExtension();
    const detail = aWorkflowDetail({
      ...workflow,
      definition: { version: 1, steps: [{ id: 'l1', type: 'login', description: '', instructions: 'Logga in med BankID', until: { url: '*/start' } }] },
    });
    const { calls } = mockWorkflows({
      [`GET /api/workflows/${workflow.id}`]: () => json(200, detail),
      [`POST /api/workflows/${workflow.id}/attended-runs`]: () =>
        json(503, { error: 'Körningar i den egna webbläsaren är inte igång här just nu.', code: 'attended_unavailable' }),
    });
    renderApp('/workflows');
    await openFromMenu(/^Kör nu$/);
    const dialog = await screen.findByRole('dialog', { name: `Kör ”${workflow.name}” i min webbläsare` });
    expect(within(dialog).getByText(/körs bara i en persons egen webbläsare/)).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/run'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kör i min webbläsare' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Körningar i den egna webbläsaren är inte igång här just nu.');
    // The extension was asked for the tabs only: no token to hand over.
    expect(extension.commands.map((command) => command.type)).toEqual(['attended-tabs']);
  });

  it('asks for the file of a file input first and sends it with the run in the person\'s browser (multipart)', async () => {
    const extension = installExtension();
    const detail = aWorkflowDetail({
      ...workflow,
      definition: {
        version: 1,
        inputs: [{ name: 'faktura', label: 'Faktura', type: 'file', required: true }],
        steps: [{ id: 'f1', type: 'change', description: '', selectors: ['#faktura'], value: '{{input.faktura}}' }],
      },
    });
    const { fetchMock } = mockWorkflows({ [`GET /api/workflows/${workflow.id}`]: () => json(200, detail) });
    renderApp('/workflows');
    await openFromMenu(/^Kör i min webbläsare$/);
    const file = new File(['%PDF-1.7 faktura'], 'faktura 4711.pdf', { type: 'application/pdf' });
    await userEvent.upload(await screen.findByLabelText(/Faktura \(obligatorisk\)/), file);
    await userEvent.click(screen.getByRole('button', { name: 'Starta körning' }));
    const dialog = await screen.findByRole('dialog', { name: `Kör ”${workflow.name}” i min webbläsare` });
    extension.emit({ type: 'attended-tabs', tabs: [] });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kör i min webbläsare' }));
    await waitFor(() => expect(extension.commands.at(-1)).toMatchObject({ type: 'attended-start', token: connection.token }));
    const started = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/attended-runs'));
    expect(started).toHaveLength(1);
    const body = started[0]![1]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(JSON.parse(body.get('json') as string)).toEqual({ inputs: { faktura: 'faktura 4711.pdf' } });
    expect(body.get('file.faktura')).toBe(file);
  });

  it('says the extension is missing and links to its installation (sv and en)', async () => {
    mockWorkflows();
    renderApp('/workflows');
    await openFromMenu(/^Kör i min webbläsare$/);
    let dialog = await screen.findByRole('dialog', { name: `Kör ”${workflow.name}” i min webbläsare` });
    expect(dialog).toHaveTextContent('Tillägget Kollega Recorder behövs');
    expect(within(dialog).getByRole('link', { name: 'Så installerar du Kollega Recorder' })).toHaveAttribute('href', '/recorder-extension');
    expect(within(dialog).queryByRole('button', { name: 'Kör i min webbläsare' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stäng' }));

    await i18n.changeLanguage('en');
    await openFromMenu(/^Run in my browser$/);
    dialog = await screen.findByRole('dialog', { name: `Run “${workflow.name}” in my browser` });
    expect(within(dialog).getByRole('link', { name: 'How to install Kollega Recorder' })).toHaveAttribute('href', '/recorder-extension');
  });
});

describe('which workflow cards offer "Kör i min webbläsare"', () => {
  const cards = [
    { workflow: aWorkflow({ id: 'a1b2c3d4-0000-4000-8000-000000000002', name: 'Bara på servrarna', runLocation: 'unattended' }), offered: false },
    { workflow: aWorkflow({ id: 'a1b2c3d4-0000-4000-8000-000000000003', name: 'Banken', runLocation: 'unattended', hasLoginStep: true }), offered: true },
    { workflow: aWorkflow({ id: 'a1b2c3d4-0000-4000-8000-000000000004', name: 'Bara hos mig', runLocation: 'attended' }), offered: true },
    { workflow: aWorkflow({ id: 'a1b2c3d4-0000-4000-8000-000000000005', name: 'Var som helst', runLocation: 'both' }), offered: true },
  ];

  /** The card's menu items, the menu closed again. */
  async function menuOf(name: string, menuName: RegExp): Promise<string[]> {
    const card = await screen.findByRole('article', { name }, { timeout: 20_000 });
    await userEvent.click(within(card).getByRole('button', { name: menuName }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent ?? '');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem')).not.toBeInTheDocument());
    return items;
  }

  it('only where the workflow may run in a person\'s browser: kept there or on both, or with a sign-in step (sv and en)', async () => {
    mockApi({ 'GET /api/user': () => json(200, demoUser), 'GET /api/workflows?limit=30': () => json(200, page(cards.map((c) => c.workflow))) });
    renderApp('/workflows');
    for (const { workflow: shown, offered } of cards) {
      const items = await menuOf(shown.name, /Åtgärder för/);
      expect(items, shown.name).toContain('Kör nu');
      expect(items.includes('Kör i min webbläsare'), shown.name).toBe(offered);
    }
    await i18n.changeLanguage('en');
    for (const { workflow: shown, offered } of cards) {
      const items = await menuOf(shown.name, /Actions for/);
      expect(items, shown.name).toContain('Run now');
      expect(items.includes('Run in my browser'), shown.name).toBe(offered);
    }
  });
});
