// Attended runs on the workflow page, over a mocked API: the step editor adds a "Logga in själv" (login) step with
// its instructions, its condition (an address or elements) and its limit in minutes, and refuses one without a
// condition with the schema's words; "Var får arbetsflödet köras?" saves the run location and explains that a
// login step means a person's browser only; "Testkör" of such a workflow offers "Kör i min webbläsare" as a test
// run instead of a refusal. In Swedish and in English.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi } from '@/test/api-mock';
import { extensionRouteTests } from '@/test/recorder-extension';
import { renderApp } from '@/test/render-app';
import { aWorkflowDetail, WORKFLOW_ID } from '../test-fixtures';

const installExtension = extensionRouteTests();

const detailPath = `/api/workflows/${WORKFLOW_ID}`;
const LOGIN = { id: 'l1', type: 'login', description: 'Logga in på banken', instructions: 'Logga in med BankID', until: { url: 'https://bank.example.se/start*' } } as const;

async function openEditor(detail = aWorkflowDetail(), routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/user': () => json(200, demoUser),
    [`GET ${detailPath}`]: () => json(200, detail),
    [`PUT ${detailPath}/definition`]: (call) => json(200, { version: 4, definition: (call.body as { definition: unknown }).definition }),
    ...routes,
  });
  renderApp(`/workflows/${WORKFLOW_ID}`);
  await screen.findByRole('heading', { level: 1, name: detail.name }, { timeout: 20_000 });
  return api;
}

/** Types by pasting (typing long values key by key takes seconds a busy machine does not have). */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

const savedSteps = (calls: Array<{ method: string; path: string; body: unknown }>) =>
  (calls.find((call) => call.method === 'PUT' && call.path === `${detailPath}/definition`)?.body as { definition: { steps: Array<Record<string, unknown>> } })
    .definition.steps;

describe('the "Logga in själv" step', () => {
  it('is added with instructions, the address that ends the sign-in and a limit in minutes; without a condition it is refused (sv)', async () => {
    const { calls } = await openEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Lägg till steg' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logga in själv' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nytt steg: Logga in själv' });
    expect(dialog).toHaveTextContent('Kollega tar inga skärmbilder under tiden');
    await fill(within(dialog).getByLabelText('Vad ska personen göra?'), 'Logga in med Mobilt BankID');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lägg till steg' }));
    expect(await within(dialog).findByText('Ange när inloggningen är klar: en adress eller ett element på sidan')).toBeInTheDocument();

    await fill(within(dialog).getByLabelText('Sidans adress efter inloggningen'), 'https://bank.example.se/start*');
    await fill(within(dialog).getByLabelText('Eller ett element som bara syns inloggad'), 'text/Logga ut');
    const minutes = within(dialog).getByLabelText('Längsta väntan (minuter)');
    expect(minutes).toHaveValue('');
    expect(dialog).toHaveTextContent('Tomt = 5 minuter, högst 30.');
    await userEvent.type(minutes, '45');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lägg till steg' }));
    expect(await within(dialog).findByText('Ange en tidsgräns för inloggningen mellan 1 sekund och 30 minuter')).toBeInTheDocument();
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '2,5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lägg till steg' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Du loggar in själv: Logga in med Mobilt BankID')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Sparat som version 4')).toBeInTheDocument();
    expect(savedSteps(calls).at(-1)).toMatchObject({
      type: 'login',
      instructions: 'Logga in med Mobilt BankID',
      until: { url: 'https://bank.example.se/start*', selectors: ['text/Logga ut'] },
      timeout: 150_000,
    });
  }, 90_000);

  it('edits an existing one with its values in place (en)', async () => {
    await i18n.changeLanguage('en');
    const detail = aWorkflowDetail({ definition: { version: 1, steps: [{ ...LOGIN, timeout: 120_000 }] } });
    await openEditor(detail);
    await userEvent.click(screen.getByRole('button', { name: 'Edit step 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Step 1: Sign in yourself' });
    expect(within(dialog).getByLabelText('What should the person do?')).toHaveValue('Logga in med BankID');
    expect(within(dialog).getByLabelText("The page's address after signing in")).toHaveValue('https://bank.example.se/start*');
    expect(within(dialog).getByLabelText('Longest wait (minutes)')).toHaveValue('2');
    await userEvent.clear(within(dialog).getByLabelText("The page's address after signing in"));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await within(dialog).findByText('Say when the sign-in is done: an address or an element on the page')).toBeInTheDocument();
  });
});

describe('where the workflow may run', () => {
  it('saves the choice, and explains that a workflow with a sign-in step runs in a person\'s browser only (sv)', async () => {
    const { calls } = await openEditor(aWorkflowDetail({ definition: { version: 1, steps: [LOGIN] } }), {
      [`PUT ${detailPath}`]: (call) => json(200, { ...aWorkflowDetail(), ...(call.body as object) }),
    });
    const region = screen.getByRole('heading', { name: 'Var får arbetsflödet köras?' }).closest('section') as HTMLElement;
    expect(region).toHaveTextContent('Arbetsflödet har steget ”Logga in själv”, så det körs bara i en persons egen webbläsare');
    expect(within(region).getByRole('radio', { name: /På Kollegas servrar/ })).toBeChecked();
    await userEvent.click(within(region).getByRole('radio', { name: /Bara i en persons egen webbläsare/ }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT' && call.path === detailPath)?.body).toEqual({ runLocation: 'attended' }));
    expect(await screen.findByText('Körplatsen är sparad')).toBeInTheDocument();
  });

  it('says nothing of a sign-in step without one, and offers the three places (en)', async () => {
    await i18n.changeLanguage('en');
    await openEditor(aWorkflowDetail({ runLocation: 'both' }));
    expect(screen.queryByText(/has a “Sign in yourself” step/)).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /On Kollega's servers/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /Only in a person's own browser/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /^Both/ })).toBeChecked();
  });

  it('test-runs a workflow with a sign-in step in the person\'s browser instead of on the servers', async () => {
    const extension = installExtension();
    const { calls } = await openEditor(aWorkflowDetail({ status: 'inactive', definition: { version: 1, steps: [LOGIN] } }), {
      [`POST ${detailPath}/attended-runs`]: () => json(201, { runId: 'run-9', relayUrl: 'ws://127.0.0.1:1/attended', token: 't', expiresAt: '2026-11-26T22:00:00Z' }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Testkör' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kör ”Fakturahantering” i min webbläsare' });
    expect(dialog).toHaveTextContent('Arbetsflödet är inte aktiverat, så det här blir en testkörning.');
    expect(dialog).toHaveTextContent('körs bara i en persons egen webbläsare');
    extension.emit({ type: 'attended-tabs', tabs: [] });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kör i min webbläsare' }));
    await waitFor(() => expect(calls.find((call) => call.path === `${detailPath}/attended-runs`)?.body).toEqual({ test: true }));
    expect(calls.some((call) => call.path === `${detailPath}/run`)).toBe(false);
  });
});
