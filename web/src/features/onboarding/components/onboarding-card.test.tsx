// The onboarding wizard through the dashboard, against a mocked api: the recording (a stand-in for the Kollega
// Recorder extension) is saved as a draft workflow, the suggestions come from its steps, a chosen one becomes
// a new version, "Kör test" starts a test run and shows how it goes, "Aktivera" activates the workflow.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { type ApiCall, demoUser, json, mockApi } from '@/test/api-mock';
import { installFakeExtension } from '@/test/recorder-extension';
import { renderApp } from '@/test/render-app';

let extension: ReturnType<typeof installFakeExtension> | undefined;

afterEach(async () => {
  extension?.uninstall();
  extension = undefined;
  await i18n.changeLanguage('sv');
});

const WORKFLOW_ID = '0e4c5a52-0000-4000-8000-000000000001';
const RUN_ID = '0e4c5a52-0000-4000-8000-0000000000f1';

function aRun(patch: Record<string, unknown>) {
  return {
    id: RUN_ID, workflowId: WORKFLOW_ID, workflowName: 'Fakturor', workflowVersion: 2, trigger: 'test', startedBy: demoUser.id, startedByName: 'Anna',
    status: 'running', attempt: 1, stepCount: 3, completedSteps: 1, progress: 33, currentStep: 1, currentStepDescription: 'Fyll i "Belopp"',
    aiConfidence: null, requiresManualIntervention: false, errorType: null, errorMessage: null, failedStep: null,
    createdAt: '2026-11-27T10:00:00Z', startedAt: '2026-11-27T10:00:01Z', finishedAt: null, estimatedCompletion: null, inputs: {}, steps: [], ...patch,
  };
}

async function openWizard(runs: Array<Record<string, unknown>> = [aRun({}), aRun({ status: 'completed', completedSteps: 3, progress: 100 })]) {
  extension = installFakeExtension();
  let polled = 0;
  const { calls } = mockApi({
    'GET /api/user': () => json(200, demoUser),
    'GET /api/dashboard/workflow-performance': () => json(200, []),
    'GET /api/secrets': () => json(200, []),
    'POST /api/workflows': () => json(201, { id: WORKFLOW_ID, name: 'Fakturor' }),
    [`PUT /api/workflows/${WORKFLOW_ID}/definition`]: (call) => json(200, { version: 2, definition: (call.body as { definition: unknown }).definition }),
    [`POST /api/workflows/${WORKFLOW_ID}/run`]: () => json(201, { executionId: RUN_ID }),
    [`GET /api/runs/${RUN_ID}`]: () => json(200, runs[Math.min(polled++, runs.length - 1)]),
    [`PUT /api/workflows/${WORKFLOW_ID}`]: () => json(200, { id: WORKFLOW_ID, status: 'active' }),
  });
  const app = renderApp('/dashboard');
  fireEvent.click(await screen.findByRole('button', { name: 'Starta guidad introduktion' }, { timeout: 10_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Kom igång med Kollega' });
  return { ...app, calls, dialog };
}

const button = (dialog: HTMLElement, name: string | RegExp) => within(dialog).getByRole('button', { name });
const sent = (calls: ApiCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

async function recordTwoSteps(dialog: HTMLElement) {
  fireEvent.click(button(dialog, 'Nästa'));
  fireEvent.change(within(dialog).getByLabelText('Namn på arbetsflödet'), { target: { value: ' Fakturor ' } });
  fireEvent.change(within(dialog).getByLabelText('Beskrivning'), { target: { value: 'Registrerar fakturor' } });
  fireEvent.change(within(dialog).getByLabelText('Kategori'), { target: { value: 'Rapportering' } });
  fireEvent.click(button(dialog, 'Nästa'));
  fireEvent.click(button(dialog, 'Nästa'));
  expect(dialog).toHaveTextContent('Steg 4 av 6');
  expect(button(dialog, 'Nästa')).toBeDisabled();
  fireEvent.click(button(dialog, 'Starta inspelning'));
  await waitFor(() => expect(extension!.commands).toContainEqual({ type: 'start', url: null }));
  extension!.status('recording');
  expect(button(dialog, 'Tillbaka')).toBeDisabled();
  const at = Date.parse('2026-11-27T10:00:00Z');
  extension!.emit({ type: 'step', capture: { at, step: { type: 'navigate', url: 'https://portal.example.se/' } } });
  extension!.emit({ type: 'step', capture: { at: at + 42_000, step: { type: 'change', selectors: ['aria/Belopp[role="textbox"]'], value: '1200' }, label: 'Belopp' } });
  extension!.status('stopped');
  expect(dialog).toHaveTextContent('2 steg inspelade');
}

describe('onboarding wizard', { timeout: 20_000 }, () => {
  it('shows step 1 of 6 with back disabled and moves forward and back', async () => {
    const { dialog } = await openWizard();
    expect(dialog).toHaveTextContent('Steg 1 av 6');
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '17');
    expect(button(dialog, 'Tillbaka')).toBeDisabled();
    fireEvent.click(button(dialog, 'Nästa'));
    expect(dialog).toHaveTextContent('Steg 2 av 6');
    fireEvent.click(button(dialog, 'Tillbaka'));
    expect(dialog).toHaveTextContent('Steg 1 av 6');
  });

  it('asks for the workflow categories the workflow list uses, and trimmed name and description', async () => {
    const { dialog } = await openWizard();
    fireEvent.click(button(dialog, 'Nästa'));
    const next = button(dialog, 'Nästa');
    fireEvent.change(within(dialog).getByLabelText('Namn på arbetsflödet'), { target: { value: '   ' } });
    fireEvent.change(within(dialog).getByLabelText('Beskrivning'), { target: { value: 'Registrerar fakturor' } });
    fireEvent.change(within(dialog).getByLabelText('Kategori'), { target: { value: 'Övrigt' } });
    expect(next).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Namn på arbetsflödet'), { target: { value: ' Fakturor ' } });
    expect(next).toBeEnabled();
    const categories = [...(within(dialog).getByLabelText('Kategori') as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
    expect(categories).toContain('Fastighetsadministration');
    expect(within(dialog).queryByLabelText('Hur ofta körs det?')).not.toBeInTheDocument();
  });

  it('saves the recording as a draft, makes the amount an input, tests it for real and activates it', async () => {
    const { dialog, router, calls } = await openWizard();
    await recordTwoSteps(dialog);
    fireEvent.click(button(dialog, 'Nästa'));
    await waitFor(() => expect(dialog).toHaveTextContent('Steg 5 av 6'));
    expect(sent(calls, 'POST', '/api/workflows')[0]!.body).toEqual({ name: 'Fakturor', description: 'Registrerar fakturor', category: 'Rapportering' });
    const [draft] = sent(calls, 'PUT', `/api/workflows/${WORKFLOW_ID}/definition`);
    expect(draft!.body).toMatchObject({ source: 'recorder', recordedDurationMs: 42_000, definition: { steps: [{ type: 'navigate' }, { type: 'change', value: '1200' }] } });

    // The only suggestion this recording gets: the amount as a run input.
    const toggle = await within(dialog).findByRole('switch', { name: 'Gör till indata: steg 2 ”Belopp”' });
    expect(within(dialog).getAllByRole('switch')).toHaveLength(1);
    expect(dialog).not.toHaveTextContent(/AI/);
    fireEvent.click(toggle);
    expect(dialog).toHaveTextContent('1 av 1 förslag valda');
    fireEvent.click(button(dialog, 'Nästa'));
    await waitFor(() => expect(dialog).toHaveTextContent('Steg 6 av 6'));
    const versions = sent(calls, 'PUT', `/api/workflows/${WORKFLOW_ID}/definition`);
    expect(versions).toHaveLength(2);
    expect(versions[1]!.body).toMatchObject({ definition: { steps: [{ type: 'navigate' }, { type: 'change', value: '{{input.belopp}}' }] } });

    expect(button(dialog, 'Aktivera')).toBeDisabled();
    expect(button(dialog, 'Slutför')).toBeDisabled();
    expect(dialog).toHaveTextContent('Testkörningen använder indata: belopp = 1200');
    fireEvent.click(button(dialog, 'Kör test'));
    await waitFor(() => expect(sent(calls, 'POST', `/api/workflows/${WORKFLOW_ID}/run`)[0]?.body).toEqual({ inputs: { belopp: '1200' }, mode: 'test' }));
    expect(await within(dialog).findByText(/1 av 3 steg klara/)).toBeInTheDocument();
    expect(button(dialog, 'Aktivera')).toBeDisabled();
    expect(await within(dialog).findByText(/Testet lyckades: 3 steg utförda/, {}, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.click(button(dialog, 'Aktivera'));
    await waitFor(() => expect(dialog).toHaveTextContent('Arbetsflödet är aktiverat'));
    expect(sent(calls, 'PUT', `/api/workflows/${WORKFLOW_ID}`)[0]!.body).toEqual({ status: 'active' });
    fireEvent.click(button(dialog, 'Slutför'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflows'));
  });

  it('shows a failed test run in plain words and does not offer activation', async () => {
    const failed = aRun({ status: 'failed', failedStep: 1, errorType: 'element_not_found', errorMessage: 'no element matched any of the 1 selectors within 10000 ms' });
    const { dialog, calls } = await openWizard([failed]);
    await recordTwoSteps(dialog);
    fireEvent.click(button(dialog, 'Nästa'));
    await within(dialog).findByRole('switch');
    fireEvent.click(button(dialog, 'Nästa'));
    await waitFor(() => expect(dialog).toHaveTextContent('Steg 6 av 6'));
    expect(sent(calls, 'PUT', `/api/workflows/${WORKFLOW_ID}/definition`)).toHaveLength(1);
    fireEvent.click(button(dialog, 'Kör test'));
    expect(await within(dialog).findByText(/Testet misslyckades i steg 2/)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Kollega hittade inte knappen eller fältet');
    expect(button(dialog, 'Aktivera')).toBeDisabled();
    expect(button(dialog, 'Kör test igen')).toBeEnabled();
    expect(sent(calls, 'PUT', `/api/workflows/${WORKFLOW_ID}`)).toHaveLength(0);
  });

  it('asks for a recorded password\'s missing secret and says when there is nothing to suggest', async () => {
    const { dialog, calls } = await openWizard();
    fireEvent.click(button(dialog, 'Nästa'));
    fireEvent.change(within(dialog).getByLabelText('Namn på arbetsflödet'), { target: { value: 'Inloggning' } });
    fireEvent.change(within(dialog).getByLabelText('Beskrivning'), { target: { value: 'Loggar in' } });
    fireEvent.change(within(dialog).getByLabelText('Kategori'), { target: { value: 'Övrigt' } });
    fireEvent.click(button(dialog, 'Nästa'));
    fireEvent.click(button(dialog, 'Nästa'));
    fireEvent.click(button(dialog, 'Starta inspelning'));
    extension!.status('recording');
    extension!.capture({ step: { type: 'navigate', url: 'https://portal.example.se/login' } });
    extension!.capture({ step: { type: 'change', selectors: ['aria/Lösenord[role="textbox"]'], value: '{{secret.LOSENORD}}' }, label: 'Lösenord', secret: 'LOSENORD' });
    extension!.status('stopped');
    fireEvent.click(button(dialog, 'Nästa'));
    const field = await within(dialog).findByLabelText('Värde för LOSENORD');
    expect(dialog).toHaveTextContent('skrivs bara på https://portal.example.se');
    fireEvent.change(field, { target: { value: 'hemligt' } });
    fireEvent.click(button(dialog, 'Spara hemlighet'));
    await waitFor(() => expect(sent(calls, 'POST', '/api/secrets')[0]?.body).toEqual({ name: 'LOSENORD', value: 'hemligt', origins: ['https://portal.example.se'] }));
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    mockApi({ 'GET /api/user': () => json(200, demoUser), 'GET /api/dashboard/workflow-performance': () => json(200, []) });
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Start guided introduction' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Get started with Kollega' });
    expect(dialog).toHaveTextContent('Step 1 of 6');
  });
});
