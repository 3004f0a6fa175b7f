// Flow management over mocked runs: counters, list, filter (search param), the calls behind pause, stop
// and retry, completed runs without actions, empty, loading and error states, live updates (a cursor asked every second).
import type { Run, RunCounts } from '@shared/types/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi, page } from '@/test/api-mock';
import { aTask, never } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

function aRun(overrides: Partial<Run> = {}): Run {
  return {
    id: 'r-running',
    workflowId: 'w1',
    workflowName: 'Hyresavier',
    workflowVersion: 1,
    trigger: 'manual',
    startedBy: demoUser.id,
    startedByName: 'Anna Andersson',
    status: 'running',
    attempt: 1,
    stepCount: 7,
    completedSteps: 3,
    progress: 43,
    currentStep: 3,
    currentStepDescription: 'Logga in',
    aiConfidence: null,
    requiresManualIntervention: false,
    errorType: null,
    errorMessage: null,
    failedStep: null,
    createdAt: '2025-03-14T09:00:00Z',
    startedAt: '2025-03-14T09:00:01Z',
    finishedAt: null,
    estimatedCompletion: '2025-03-14T09:05:00Z',
    inputsShown: [],
    mode: 'unattended',
    attendedBy: null,
    pauseReason: null,
    ...overrides,
  };
}

const runs: Run[] = [
  aRun(),
  aRun({ id: 'r-paused', workflowName: 'Felanmälningar', status: 'paused', aiConfidence: 72.4, requiresManualIntervention: true, trigger: 'schedule', startedBy: null, startedByName: null }),
  aRun({ id: 'r-failed', workflowName: 'Boka tekniker', status: 'failed', stepCount: 4, completedSteps: 2, progress: 50, currentStep: 2, currentStepDescription: 'Boka tekniker', failedStep: 2, errorType: 'element_not_found', errorMessage: 'Knappen "Boka tekniker" hittades inte.', estimatedCompletion: null, inputsShown: [{ name: 'leverantor', label: 'Leverantör', value: 'Dahl' }, { name: 'belopp', label: '', value: '15900' }, { name: 'faktura', label: 'Faktura', value: 'dahl-15900.pdf' }] }),
  aRun({ id: 'r-done', workflowName: 'Månadsrapport', status: 'completed', completedSteps: 7, progress: 100, currentStep: null, currentStepDescription: null, aiConfidence: 96, finishedAt: '2025-03-14T09:03:00Z', estimatedCompletion: null, trigger: 'webhook', startedBy: null, startedByName: null }),
  aRun({ id: 'r-pending', workflowName: 'Bankfiler', status: 'pending', completedSteps: 0, progress: 0, currentStep: null, currentStepDescription: null, startedAt: null }),
];
const counts: RunCounts = { running: 1, paused: 1, completed: 1800, failed: 60, stopped: 0, pending: 1, total: 1863 };

function mockRuns(extra: Parameters<typeof mockApi>[0] = {}, list: Run[] = runs, runCounts: RunCounts = counts) {
  return mockApi({
    'GET /api/user': () => json(200, demoUser),
    'GET /api/runs?limit=50': () => json(200, page(list)),
    'GET /api/runs/counts': () => json(200, runCounts),
    'GET /api/runs/changes': () => json(200, { cursor: '2025-03-14 09:00:01+00' }),
    ...extra,
  });
}

async function renderScreen(path = '/workflow-execution') {
  const app = renderApp(path);
  // The first render of the file compiles the route's chunk: give it time.
  await screen.findByRole('heading', { level: 1, name: 'Flödeshantering' }, { timeout: 5000 });
  return app;
}

const card = (name: string) => screen.getByRole('article', { name });
const counter = (label: string) => within(screen.getByRole('region', { name: 'Körningar per status' })).getByText(label).nextElementSibling;

describe('flow management', () => {
  it('shows the counters of all runs and each listed run with status, steps, step, trigger and confidence only when measured', async () => {
    mockRuns();
    await renderScreen();
    await screen.findByRole('article', { name: 'Hyresavier' });
    expect(counter('Körs')).toHaveTextContent('1');
    expect(counter('Slutförda')).toHaveTextContent('1800');
    expect(counter('Fel')).toHaveTextContent('60');
    expect(counter('Totalt')).toHaveTextContent('1863');
    expect(within(screen.getByRole('list', { name: 'Körningar' })).getAllByRole('article')).toHaveLength(5);

    const running = card('Hyresavier');
    expect(running).toHaveTextContent('Körs');
    expect(running).toHaveTextContent('3 av 7 steg');
    expect(running).toHaveTextContent('Aktuellt steg: Logga in');
    expect(running).toHaveTextContent('Manuell start av Anna Andersson');
    expect(running).toHaveTextContent('Beräknas klar');
    expect(within(running).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '43');
    expect(running).not.toHaveTextContent('AI-säkerhet');

    const paused = card('Felanmälningar');
    expect(paused).toHaveTextContent('Pausad');
    expect(paused).toHaveTextContent('AI-säkerhet 72 %');
    expect(paused).toHaveTextContent('Schemalagd start');
    expect(paused).toHaveTextContent('Manuell åtgärd krävs');
    expect(within(paused).getByRole('link', { name: 'Hantera' })).toHaveAttribute('href', '/workflow-execution/r-paused');
    // Waiting for a person: their decision resumes it, not a button.
    expect(within(paused).queryByRole('button', { name: 'Fortsätt' })).not.toBeInTheDocument();
    expect(within(paused).getByRole('button', { name: 'Stoppa' })).toBeInTheDocument();

    const failed = card('Boka tekniker');
    expect(failed).toHaveTextContent('Element ej hittad i steg 3');
    expect(failed).toHaveTextContent('Knappen "Boka tekniker" hittades inte.');
    expect(failed).toHaveTextContent('Indata: Leverantör: Dahl · belopp: 15900 · Faktura: dahl-15900.pdf');
    expect(running).not.toHaveTextContent('Indata');
    expect(card('Bankfiler')).toHaveTextContent('Väntar');
  });

  it('shows completed runs without progress bar or action buttons', async () => {
    mockRuns();
    await renderScreen();
    const completed = await screen.findByRole('article', { name: 'Månadsrapport' });
    expect(completed).toHaveTextContent('Slutförd');
    expect(completed).toHaveTextContent('7 av 7 steg');
    expect(within(completed).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(completed).queryByRole('button', { name: /Pausa|Fortsätt|Stoppa|Försök igen/ })).not.toBeInTheDocument();
    expect(within(completed).queryByRole('link', { name: 'Detaljer' })).not.toBeInTheDocument();
  });

  it('filters by status through the search parameter and asks the server for that status', async () => {
    const { calls } = mockRuns({ 'GET /api/runs?status=failed&limit=50': () => json(200, page([runs[2]])) });
    const { router } = await renderScreen();
    await screen.findByRole('article', { name: 'Hyresavier' });
    await userEvent.selectOptions(screen.getByLabelText('Filtrera på status'), 'failed');
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'failed' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(card('Boka tekniker')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/runs?status=failed&limit=50')).toBe(true);
  });

  it('ignores an unknown status in the address and lists all runs', async () => {
    mockRuns();
    const { router } = await renderScreen('/workflow-execution?status=bogus');
    expect(await screen.findAllByRole('article')).toHaveLength(5);
    expect(router.state.location.search).toEqual({});
    expect(screen.getByLabelText('Filtrera på status')).toHaveValue('all');
  });

  it('pauses and stops a run with the right calls and toasts', async () => {
    const { calls } = mockRuns({
      'POST /api/runs/r-running/pause': () => json(200, aRun({ status: 'paused' })),
      'POST /api/runs/r-pending/stop': () => json(200, aRun({ id: 'r-pending', status: 'failed' })),
    });
    await renderScreen();
    await userEvent.click(within(await screen.findByRole('article', { name: 'Hyresavier' })).getByRole('button', { name: 'Pausa' }));
    expect(await screen.findByText('Körningen pausas')).toBeInTheDocument();
    await userEvent.click(within(card('Bankfiler')).getByRole('button', { name: 'Stoppa' }));
    expect(await screen.findByText('Körningen stoppad')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/runs/r-running/pause', '/api/runs/r-pending/stop']);
    // The lists are fetched again after each change.
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/runs/counts').length).toBeGreaterThanOrEqual(3));
  });

  it('shows the server message when a change is refused', async () => {
    mockRuns({ 'POST /api/runs/r-running/pause': () => json(409, { error: 'Körningen är redan klar.', code: 'run_state_invalid' }) });
    await renderScreen();
    await userEvent.click(within(await screen.findByRole('article', { name: 'Hyresavier' })).getByRole('button', { name: 'Pausa' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Kunde inte pausa körningen');
    expect(toast).toHaveTextContent('Körningen är redan klar.');
  });

  it('retries a failed run from the failed step by default, or from the step picked', async () => {
    const { calls } = mockRuns({
      'GET /api/runs/r-failed': () =>
        json(200, { ...runs[2], inputs: {}, steps: [{ id: 's1', attempt: 1, seq: 1, stepIndex: 0, stepId: 's1', stepType: 'navigate', description: 'Öppna underhållssystemet', status: 'passed', startedAt: '', finishedAt: '', durationMs: 800, errorType: null, errorMessage: null, log: [], extracted: null, decision: null, hasScreenshot: false }] }),
      'POST /api/runs/r-failed/retry': () => json(202, aRun({ id: 'r-failed', status: 'pending' })),
    });
    await renderScreen();
    await userEvent.click(within(await screen.findByRole('article', { name: 'Boka tekniker' })).getByRole('button', { name: 'Försök igen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Försök igen: Boka tekniker' });
    const select = within(dialog).getByLabelText('Börja från');
    expect(select).toHaveValue('2');
    expect(within(dialog).getByRole('option', { name: 'Steg 3: Boka tekniker (misslyckades)' })).toBeInTheDocument();
    expect(await within(dialog).findByRole('option', { name: 'Steg 1: Öppna underhållssystemet' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('option')).toHaveLength(4);
    await userEvent.selectOptions(select, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByText('Körningen startar om')).toBeInTheDocument();
    expect(screen.getByText('Boka tekniker körs igen från steg 1.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/runs/r-failed/retry')?.body).toEqual({ fromStep: 0 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers details, the log download and a copy of the workflow in the menu', async () => {
    const { calls } = mockRuns({ 'POST /api/workflows/w1/duplicate': () => json(201, { id: 'w9', name: 'Hyresavier (kopia)' }) });
    await renderScreen();
    const running = await screen.findByRole('article', { name: 'Hyresavier' });
    await userEvent.click(within(running).getByRole('button', { name: 'Fler åtgärder för Hyresavier' }));
    expect(screen.getByRole('menuitem', { name: 'Visa detaljer' })).toHaveAttribute('href', '/workflow-execution/r-running');
    expect(screen.getByRole('menuitem', { name: 'Exportera logg' })).toHaveAttribute('href', '/api/runs/r-running/log');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Kopiera till nytt flöde' }));
    expect(await screen.findByText('Kopierat till nytt flöde')).toBeInTheDocument();
    expect(screen.getByText('Hyresavier (kopia) har skapats som utkast med stegen från den aktuella versionen (som version 1). Det startas manuellt tills du väljer schema eller webhook.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/workflows/w1/duplicate')).toBe(true);
  });

  it('says how to start a run when the organisation has none', async () => {
    mockRuns({}, [], { running: 0, paused: 0, completed: 0, failed: 0, stopped: 0, pending: 0, total: 0 });
    await renderScreen();
    expect(await screen.findByRole('heading', { name: 'Inga körningar än' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Till arbetsflöden' })).toHaveAttribute('href', '/workflows');
    expect(counter('Totalt')).toHaveTextContent('0');
  });

  it('shows an error with a retry when the runs cannot be loaded', async () => {
    let fail = true;
    mockApi({
      'GET /api/user': () => json(200, demoUser),
      'GET /api/runs/counts': never,
      'GET /api/runs?limit=50': () => (fail ? json(500, { error: 'Tekniskt fel', code: 'internal' }) : json(200, page(runs))),
    });
    renderApp('/workflow-execution');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Kunde inte hämta körningarna');
    expect(alert).toHaveTextContent('Tekniskt fel');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByRole('article', { name: 'Hyresavier' })).toBeInTheDocument();
  });

  it('shows loading placeholders', async () => {
    mockApi({ 'GET /api/user': () => json(200, demoUser), 'GET /api/runs/counts': never, 'GET /api/runs?limit=50': never });
    renderApp('/workflow-execution');
    const loading = await screen.findByRole('status', { name: 'Laddar körningar' }, { timeout: 5000 });
    expect(within(loading).getAllByRole('listitem')).toHaveLength(4);
  });

  it('asks every second whether anything changed, and fetches the runs again only when something did', async () => {
    const { calls } = mockRuns();
    await renderScreen();
    await screen.findByRole('article', { name: 'Hyresavier' });
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/runs/changes').length).toBeGreaterThanOrEqual(3), { timeout: 5000 });
    expect(calls.filter((call) => call.path === '/api/runs?limit=50')).toHaveLength(1);
    expect(calls.filter((call) => call.path === '/api/runs/counts')).toHaveLength(1);
  });

  it('follows a run under way within a second and announces its new status', async () => {
    let status: Run['status'] = 'running';
    const { calls } = mockRuns({
      'GET /api/runs?limit=50': () => json(200, page([aRun({ status })])),
      'GET /api/runs/changes': () => json(200, { cursor: `cursor-${status}` }),
    });
    await renderScreen();
    await screen.findByRole('article', { name: 'Hyresavier' });
    status = 'completed';
    await waitFor(() => expect(card('Hyresavier')).toHaveTextContent('Slutförd'), { timeout: 5000 });
    expect(calls.filter((call) => call.path === '/api/runs?limit=50').length).toBeGreaterThanOrEqual(2);
    // the announcement follows the card one render later (an effect compares the polls)
    expect(await screen.findByText('Hyresavier: Slutförd')).toBeInTheDocument();
  });

  it('shows the open tasks with the inputs and the AI\'s suggestion; a choice decides the task and the list refreshes', async () => {
    let open = [aTask(), aTask({ id: 't2', runId: 'r-manual', kind: 'manual_step', title: 'Lämna ut nycklar', options: [], suggestion: null, confidence: null, reason: null, handoverReason: 'manual', inputs: {} })];
    const { calls } = mockRuns({
      'GET /api/tasks': () => json(200, open),
      'POST /api/tasks/t1/decide': () => {
        open = open.slice(1);
        return json(200, { ...aTask(), status: 'decided', decidedChoice: 'approve' });
      },
    });
    await renderScreen();
    const section = await screen.findByRole('region', { name: 'Väntar på ett beslut' });
    const task = within(section).getByRole('article', { name: 'Attestera fakturan?' });
    expect(task).toHaveTextContent('Leverantörsfakturor · steg 2');
    expect(task).toHaveTextContent('AI:n var mindre säker än stegets tröskel.');
    expect(task).toHaveTextContent('amount');
    expect(task).toHaveTextContent('12500');
    expect(task).toHaveTextContent('Till chefen (71 % säker)');
    expect(task).toHaveTextContent('Motivering: Beloppet är över gränsen.');
    expect(within(section).getByRole('article', { name: 'Lämna ut nycklar' })).toHaveTextContent('Manuellt steg');
    expect(within(section).getByRole('button', { name: 'Markera Lämna ut nycklar som klar' })).toBeInTheDocument();
    await userEvent.click(within(task).getByRole('button', { name: 'Välj Attestera för Attestera fakturan?' }));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/tasks/t1/decide')?.body).toEqual({ choice: 'approve' });
    expect(await screen.findByText('Beslut sparat')).toBeInTheDocument();
    await waitFor(() => expect(within(section).queryByRole('article', { name: 'Attestera fakturan?' })).not.toBeInTheDocument());
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    mockRuns();
    renderApp('/workflow-execution');
    await screen.findByRole('heading', { level: 1, name: 'Flow management' }, { timeout: 5000 });
    const paused = await screen.findByRole('article', { name: 'Felanmälningar' });
    expect(paused).toHaveTextContent('Paused');
    expect(paused).toHaveTextContent('Manual action required');
    expect(within(card('Hyresavier')).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(card('Boka tekniker')).toHaveTextContent('Element not found in step 3');
    // The values the run used, a file input by its file's name.
    expect(card('Boka tekniker')).toHaveTextContent('Inputs: Leverantör: Dahl · belopp: 15900 · Faktura: dahl-15900.pdf');
  });
});
