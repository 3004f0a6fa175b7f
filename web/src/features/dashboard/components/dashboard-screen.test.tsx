// The dashboard over mocked data: measured tiles (null = no data yet), alerts from pending errors and
// failed runs, what waits for a person, the flow performance list and its "run now", the links.
import type { DashboardStats, ErrorQueueItem, HumanTask, Run, WorkflowPerformance } from '@shared/types/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi, page } from '@/test/api-mock';
import { anError, aTask } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

const rows: WorkflowPerformance[] = [
  { id: 'w1', name: 'Hyresavisering', status: 'active', startMethod: 'scheduled', lastRunAt: '2025-03-14T08:30:00Z', successRate: 97.6, runCount: 40 },
  { id: 'w2', name: 'Felanmälan', status: 'inactive', startMethod: 'trigger', lastRunAt: null, successRate: null, runCount: 0 },
];

const measured: DashboardStats = {
  executionsThisMonth: 1247,
  hoursSavedThisWeek: 32.5,
  hoursSavedThisMonth: 128,
  aiConfidence: 94.2,
  runningNow: 3,
  waitingForPeople: 1,
  pendingErrors: 2,
};
const unmeasured: DashboardStats = {
  executionsThisMonth: 0,
  hoursSavedThisWeek: null,
  hoursSavedThisMonth: null,
  aiConfidence: null,
  runningNow: 0,
  waitingForPeople: 0,
  pendingErrors: 0,
};

function aRun(overrides: Partial<Run> = {}): Run {
  return {
    id: 'r1',
    workflowId: 'w1',
    workflowName: 'Hyresavisering',
    workflowVersion: 1,
    trigger: 'manual',
    startedBy: null,
    startedByName: null,
    status: 'failed',
    attempt: 1,
    stepCount: 4,
    completedSteps: 2,
    progress: 50,
    currentStep: 2,
    currentStepDescription: 'Skicka avier',
    aiConfidence: null,
    requiresManualIntervention: false,
    errorType: 'timeout',
    errorMessage: 'Sidan svarade inte.',
    failedStep: 2,
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    startedAt: new Date(Date.now() - 3_600_000).toISOString(),
    finishedAt: new Date(Date.now() - 3_000_000).toISOString(),
    estimatedCompletion: null,
    inputsShown: [],
    mode: 'unattended',
    attendedBy: null,
    pauseReason: null,
    ...overrides,
  };
}

type Data = { stats?: DashboardStats; performance?: WorkflowPerformance[]; errors?: ErrorQueueItem[]; failed?: Run[]; tasks?: HumanTask[] };

function mockDashboard({ stats = measured, performance = rows, errors = [], failed = [], tasks = [] }: Data = {}, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/user': () => json(200, demoUser),
    'GET /api/dashboard/stats': () => json(200, stats),
    'GET /api/dashboard/workflow-performance': () => json(200, performance),
    'GET /api/error-queue?status=pending&limit=50': () => json(200, page(errors)),
    'GET /api/runs?status=failed&limit=20': () => json(200, page(failed)),
    'GET /api/tasks': () => json(200, tasks),
    ...extra,
  });
}

async function renderDashboard(path = '/dashboard') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Flödesprestanda' }, { timeout: 5000 });
  return app;
}

const section = (heading: string) => screen.getByRole('heading', { name: heading }).closest('section') as HTMLElement;
const tile = (label: string) => within(screen.getByRole('region', { name: 'Nyckeltal' })).getByText(label).parentElement as HTMLElement;

describe('statistic tiles', () => {
  it('show the measured figures', async () => {
    mockDashboard();
    await renderDashboard();
    await waitFor(() => expect(tile('Körningar denna månad')).toHaveTextContent('1 247'), { timeout: 5000 });
    expect(tile('Sparade timmar per vecka')).toHaveTextContent('32,5 h');
    expect(tile('Sparade timmar per vecka')).toHaveTextContent('128 h sparade denna månad');
    expect(tile('AI-säkerhet')).toHaveTextContent('94 %');
    expect(tile('Flöden som körs nu')).toHaveTextContent('3');
    expect(tile('Flöden som körs nu')).toHaveTextContent('Väntar på en person: 1');
    expect(screen.queryByText('Ingen data än')).not.toBeInTheDocument();
  });

  it('say "No data yet" where nothing was measured', async () => {
    await i18n.changeLanguage('en');
    mockDashboard({ stats: unmeasured });
    renderApp('/dashboard');
    const figures = await screen.findByRole('region', { name: 'Key figures' }, { timeout: 5000 });
    const en = (label: string) => within(figures).getByText(label).parentElement as HTMLElement;
    await waitFor(() => expect(en('Hours saved per week')).toHaveTextContent('—No data yet'), { timeout: 5000 });
    expect(en('AI confidence')).toHaveTextContent('—No data yet');
    expect(en('Executions this month')).toHaveTextContent('0');
    expect(en('Flows running now')).toHaveTextContent('0');
    expect(within(figures).getAllByText('No data yet')).toHaveLength(2);
  });
});

describe('alerts and requires attention', () => {
  it('list pending errors newest first and runs that failed in the last 24 h, each linking to its run', async () => {
    mockDashboard({
      errors: [
        anError({ id: 'e-old', workflowName: 'Felanmälan', errorMessage: 'Fältet saknas', createdAt: '2025-03-13T08:00:00Z', executionId: 'r-old', stepIndex: 1 }),
        anError({ id: 'e-new', workflowName: 'Bokning', errorMessage: 'Knappen saknas', createdAt: '2025-03-14T08:00:00Z', executionId: 'r-new', stepIndex: 2 }),
        anError({ id: 'e-done', status: 'resolved', errorMessage: 'Redan löst', stepIndex: null }),
      ],
      failed: [
        aRun({ id: 'r-recent', workflowName: 'Hyresavisering' }),
        aRun({ id: 'r-new', workflowName: 'Bokning' }),
        aRun({ id: 'r-ancient', workflowName: 'Bankfiler', finishedAt: '2020-01-01T00:00:00Z' }),
      ],
    });
    await renderDashboard();
    const alerts = section('Aviseringar');
    await waitFor(() => expect(within(alerts).getAllByRole('listitem')).toHaveLength(3));
    const [first, second, third] = within(alerts).getAllByRole('listitem');
    expect(first).toHaveTextContent('Varning: Hyresavisering');
    // The error in plain words, not the runner's message ("Sidan svarade inte" is a technical detail of the run).
    expect(first).toHaveTextContent('Körningen misslyckades: Steget blev inte klart i tid.');
    expect(first).not.toHaveTextContent('Sidan svarade inte');
    expect(within(first).getByRole('link', { name: 'Visa körning' })).toHaveAttribute('href', '/workflow-execution/r-recent');
    expect(second).toHaveTextContent('Fel: Bokning');
    expect(second).toHaveTextContent('Ett värde som flödet skickade godtogs inte av systemet.');
    expect(within(second).getByRole('link', { name: 'Visa körning' })).toHaveAttribute('href', '/workflow-execution/r-new');
    expect(third).toHaveTextContent('Fel: Felanmälan');
    expect(alerts).not.toHaveTextContent('Redan löst');
    expect(alerts).not.toHaveTextContent('Bankfiler');
    expect(within(alerts).getByRole('link', { name: 'Visa felkön' })).toHaveAttribute('href', '/error-queue');
  });

  it('list the open tasks waiting for a person with a link to handle them at their run', async () => {
    mockDashboard({
      tasks: [
        aTask({ id: 't-ai', runId: 'r-wait', workflowName: 'Avtalsförlängning', title: 'Granska underlaget' }),
        aTask({ id: 't-manual', runId: 'r-manual', kind: 'manual_step', workflowName: 'Inflyttning', title: 'Lämna ut nycklar', options: [], suggestion: null }),
      ],
    });
    await renderDashboard();
    const attention = section('Kräver uppmärksamhet');
    await waitFor(() => expect(within(attention).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(attention).getAllByRole('listitem');
    expect(first).toHaveTextContent('Avtalsförlängning');
    expect(first).toHaveTextContent('Granska underlaget');
    expect(first).toHaveTextContent('AI-beslut');
    expect(second).toHaveTextContent('Manuellt steg');
    expect(within(attention).getByRole('link', { name: 'Hantera Avtalsförlängning' })).toHaveAttribute('href', '/workflow-execution/r-wait');
    expect(within(attention).getByRole('link', { name: 'Hantera Inflyttning' })).toHaveAttribute('href', '/workflow-execution/r-manual');
  });

  it('say so when nothing is there', async () => {
    mockDashboard();
    await renderDashboard();
    expect(await within(section('Aviseringar')).findByText('Inga aviseringar')).toBeInTheDocument();
    expect(within(section('Kräver uppmärksamhet')).getByText('Inget kräver din uppmärksamhet just nu.')).toBeInTheDocument();
  });
});

describe('flow performance list', () => {
  it('shows a loading state, then each workflow with status, last run, frequency and success rate', async () => {
    let release: (r: Response) => void = () => undefined;
    mockDashboard({}, { 'GET /api/dashboard/workflow-performance': () => new Promise<Response>((resolve) => (release = resolve)) });
    await renderDashboard();
    await waitFor(() => expect(section('Flödesprestanda')).toHaveTextContent('Laddar arbetsflöden…'));
    release(json(200, rows));
    const table = await within(section('Flödesprestanda')).findByRole('table');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Hyresavisering');
    expect(first).toHaveTextContent('Aktiv');
    expect(first).toHaveTextContent('2025-03-14');
    expect(first).toHaveTextContent('Schemalagt');
    expect(first).toHaveTextContent('98 %');
    expect(second).toHaveTextContent('Utkast');
    expect(second).toHaveTextContent('Aldrig');
    expect(second).toHaveTextContent('Vid händelse');
    expect(second).toHaveTextContent('—');
  });

  it('offers to create a first workflow when there are none', async () => {
    mockDashboard({ performance: [] });
    await renderDashboard();
    expect(await within(section('Flödesprestanda')).findByText('Inga arbetsflöden ännu')).toBeInTheDocument();
    expect(within(section('Flödesprestanda')).getByRole('link', { name: 'Skapa arbetsflöde' })).toHaveAttribute('href', '/workflows');
  });

  it('shows an error with a retry that loads the list again', async () => {
    let fail = true;
    mockDashboard({}, { 'GET /api/dashboard/workflow-performance': () => (fail ? json(500, { error: 'Boom', code: 'internal' }) : json(200, rows)) });
    await renderDashboard();
    expect(await within(section('Flödesprestanda')).findByText('Det gick inte att hämta flödesprestanda.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(within(section('Flödesprestanda')).getByRole('button', { name: 'Försök igen' }));
    expect(await within(section('Flödesprestanda')).findByRole('rowheader', { name: 'Hyresavisering' })).toBeInTheDocument();
  });

  it('runs a workflow from the row menu with the workflows feature’s call, toasts and refreshes the figures', async () => {
    const { calls } = mockDashboard({}, { 'POST /api/workflows/w1/run': () => json(202, { executionId: 'e1' }) });
    await renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Åtgärder för Hyresavisering' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Kör nu' }));
    expect(await screen.findByText('Körning startad')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/workflows/w1/run' && c.method === 'POST')).toHaveLength(1);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/dashboard/workflow-performance')).toHaveLength(2));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/dashboard/stats')).toHaveLength(2));
  });
});

describe('dashboard', () => {
  it('has the home prompt and quick actions, on / as on /dashboard', async () => {
    mockDashboard({ performance: [] });
    await renderDashboard('/');
    const prompt = screen.getByRole('heading', { name: 'Vad vill du göra idag?' }).closest('section') as HTMLElement;
    expect(within(prompt).getByRole('link', { name: /Starta ny inspelning/ })).toHaveAttribute('href', '/track-trace');
    expect(within(prompt).getByRole('link', { name: /Skapa nytt arbetsflöde/ })).toHaveAttribute('href', '/workflows');
    expect(within(prompt).getByRole('link', { name: /Visa status för arbetsflöden/ })).toHaveAttribute('href', '/workflow-execution');
    const quick = section('Snabbåtgärder');
    expect(within(quick).getByRole('link', { name: /Testkör.*Alla steg utförs på riktigt/ })).toHaveAttribute('href', '/track-trace');
    expect(within(quick).getByRole('link', { name: /AI-assistent/ })).toHaveAttribute('href', '/ai-prompt');
    // Schedules are set on a workflow (its editor), team management is the user management page.
    expect(within(quick).getByRole('link', { name: /Schemaläggning.*Öppna ett arbetsflöde och välj när det ska köras/ })).toHaveAttribute(
      'href',
      '/workflows',
    );
    expect(within(quick).getByRole('link', { name: /Teamhantering.*Bjud in kollegor/ })).toHaveAttribute('href', '/user-management');
    expect(within(quick).getByRole('link', { name: 'Visa alla körningar' })).toHaveAttribute('href', '/workflow-execution');
  });

  it.each(['user', 'superuser'] as const)('does not offer team management to a %s (the page would deny them)', async (role) => {
    mockDashboard({ performance: [] }, { 'GET /api/user': () => json(200, { ...demoUser, role }) });
    await renderDashboard();
    const quick = section('Snabbåtgärder');
    expect(within(quick).queryByRole('link', { name: /Teamhantering/ })).not.toBeInTheDocument();
    expect(within(quick).getByRole('link', { name: /Schemaläggning/ })).toHaveAttribute('href', '/workflows');
  });

  it('names the quick actions in English', async () => {
    await i18n.changeLanguage('en');
    mockDashboard({ performance: [] });
    renderApp('/dashboard');
    const quick = (await screen.findByRole('heading', { name: 'Quick actions' }, { timeout: 5000 })).closest('section') as HTMLElement;
    expect(within(quick).getByRole('link', { name: /Scheduling.*Open a workflow and choose when it runs/ })).toHaveAttribute('href', '/workflows');
    expect(within(quick).getByRole('link', { name: /Team management.*Invite colleagues/ })).toHaveAttribute('href', '/user-management');
  });
});
