// The error queue through its route: measured figures (null = no data yet), pending items with type
// labels and step numbers, 'Lös' as retry-from-step or mark-resolved, the run's details, moderation.
import type { ErrorQueueItem, ErrorQueueStats } from '@shared/types/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '@/features/auth/api/get-user';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi, page } from '@/test/api-mock';
import { anError as baseError, never } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

const anError = (overrides: Partial<ErrorQueueItem> = {}): ErrorQueueItem => baseError({ stepIndex: null, ...overrides });

const pendingItems = [
  anError(),
  anError({ id: 'e2', errorType: 'network_error', errorMessage: 'Servern svarade inte', stepIndex: 2 }),
  anError({ id: 'e3', errorType: 'element_not_found', errorMessage: 'Knappen Spara saknas' }),
  anError({ id: 'e4', errorType: 'timeout', errorMessage: 'Tog för lång tid' }),
  anError({ id: 'e5', errorType: 'runner_lost', errorMessage: 'Körmotorn svarade inte' }),
  anError({ id: 'e6', errorType: 'captcha_blocked_page', errorMessage: 'Captcha visades' }),
  anError({ id: 'e7', status: 'resolved', errorMessage: 'Redan löst' }),
];

const measured: ErrorQueueStats = { pending: 6, resolvedToday: 3, averageResolutionMinutes: 14.4, automaticRecoveryRate: 66.7 };
const unmeasured: ErrorQueueStats = { pending: 0, resolvedToday: 0, averageResolutionMinutes: null, automaticRecoveryRate: null };

function mockQueue(items: ErrorQueueItem[] | (() => Response | Promise<Response>), stats: ErrorQueueStats = measured, extra: Parameters<typeof mockApi>[0] = {}, user: Partial<User> = {}) {
  return mockApi({
    'GET /api/user': () => json(200, { ...demoUser, role: 'user', ...user }),
    'GET /api/error-queue?status=pending&limit=50': typeof items === 'function' ? items : () => json(200, page(items.filter((item) => item.status === 'pending'))),
    'GET /api/error-queue/stats': () => json(200, stats),
    ...extra,
  });
}

async function renderQueue() {
  const app = renderApp('/error-queue');
  await screen.findByRole('heading', { level: 1, name: 'Felkö' }, { timeout: 5000 });
  return app;
}

const figure = (label: string) => within(screen.getByLabelText('Översikt av felkön')).getByText(label).parentElement as HTMLElement;

describe('error queue', () => {
  it('shows the measured figures: pending, resolved today, average time in minutes, recovery', async () => {
    mockQueue(pendingItems);
    await renderQueue();
    await waitFor(() => expect(figure('Väntande fel')).toHaveTextContent('6'));
    expect(figure('Lösta idag')).toHaveTextContent('3');
    expect(figure('Genomsnittlig lösningstid')).toHaveTextContent('14 min');
    expect(figure('Automatisk återhämtning')).toHaveTextContent('67 %');
    expect(screen.queryByText('Ingen data än')).not.toBeInTheDocument();
    // Each figure's definition: a button in its card, described by the definition (shown on hover and focus).
    const what = within(figure('Automatisk återhämtning')).getByRole('button', { name: 'Vad betyder Automatisk återhämtning?' });
    expect(what).toHaveAccessibleDescription(/Kollega löste själv med ett automatiskt nytt försök.*testkörningar och stopp för granskning räknas inte/);
    expect(within(figure('Lösta idag')).getByRole('button', { name: 'Vad betyder Lösta idag?' })).toHaveAccessibleDescription(/testkörningar räknas inte/);
  });

  it('says "No data yet" under a figure nothing measured, and shows long averages in hours', async () => {
    mockQueue([], unmeasured);
    await renderQueue();
    await waitFor(() => expect(figure('Genomsnittlig lösningstid')).toHaveTextContent('—Ingen data än'));
    expect(figure('Automatisk återhämtning')).toHaveTextContent('—Ingen data än');
    expect(figure('Väntande fel')).toHaveTextContent('0');
    expect(screen.getAllByText('Ingen data än')).toHaveLength(2);
  });

  it('shows a long average in hours (English)', async () => {
    await i18n.changeLanguage('en');
    mockQueue([], { ...unmeasured, averageResolutionMinutes: 150 });
    renderApp('/error-queue');
    await screen.findByRole('heading', { level: 1, name: 'Error queue' }, { timeout: 5000 });
    await waitFor(() => expect(within(screen.getByLabelText('Error queue overview')).getByText('Average resolution time').parentElement).toHaveTextContent('2.5 h'));
    expect(screen.getAllByText('No data yet')).toHaveLength(1);
  });

  it('shows 5 skeleton rows while loading', async () => {
    mockQueue(never);
    await renderQueue();
    const loading = await screen.findByRole('status', { name: 'Laddar fel' });
    expect(within(loading).getAllByRole('listitem')).toHaveLength(5);
  });

  it('lists only pending items with their type labels and step numbers', async () => {
    mockQueue(pendingItems);
    await renderQueue();
    const list = await screen.findByRole('list', { name: 'Aktiva fel' });
    const rows = within(list).getAllByRole('article');
    // Each item says what the error means in plain words; the runner's own message is a technical detail.
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Valideringsfel: Ett värde som flödet skickade godtogs inte av systemet.',
      'Nätverksfel: Anslutningen till webbplatsen bröts.',
      'Element ej hittad: Kollega hittade inte knappen eller fältet som steget använder. Sidan kan ha ändrats sedan inspelningen, eller inte laddats klart. Ingenting gjordes i steget.',
      'Timeout: Steget blev inte klart i tid. Sidan svarade långsamt eller väntade på något som aldrig hände.',
      'Körmotorn tappades: Servern som körde flödet slutade svara, så körningen avbröts.',
      'captcha blocked page: Körningen misslyckades av ett skäl som Kollega inte känner igen.',
    ]);
    const details = within(rows[2]).getByText('Visa tekniska detaljer');
    expect(within(rows[2]).getByText('Knappen Spara saknas')).not.toBeVisible();
    await userEvent.click(details);
    expect(within(rows[2]).getByText('Knappen Spara saknas')).toBeVisible();
    expect(screen.queryByText('Redan löst')).not.toBeInTheDocument();
    expect(within(rows[1]).getByText('Steg').nextElementSibling).toHaveTextContent('3');
    expect(within(rows[0]).queryByText('Steg')).not.toBeInTheDocument();
    expect(within(rows[0]).getByRole('link', { name: 'Visa detaljer' })).toHaveAttribute('href', '/workflow-execution/exec-0001');
    expect(screen.queryByRole('button', { name: 'Ignorera' })).not.toBeInTheDocument();
  });

  it('shows the empty state when nothing is pending', async () => {
    mockQueue([anError({ status: 'resolved' })]);
    await renderQueue();
    expect(await screen.findByText('Inga aktiva fel')).toBeInTheDocument();
    expect(screen.getByText('Alla arbetsflöden körs smidigt!')).toBeInTheDocument();
  });

  it('shows the failure when the queue cannot be loaded', async () => {
    mockQueue(() => json(500, { error: 'Tekniskt fel', code: 'internal' }));
    await renderQueue();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Kunde inte hämta felkön');
    expect(alert).toHaveTextContent('Tekniskt fel');
  });

  it('retries the run from the failed step, which resolves the item', async () => {
    let retried = false;
    const item = anError({ id: 'e2', executionId: 'run-7', errorType: 'network_error', errorMessage: 'Servern svarade inte', stepIndex: 2 });
    const { calls } = mockQueue(
      () => json(200, page([{ ...item, status: retried ? 'resolved' : 'pending' }].filter((i) => i.status === 'pending'))),
      measured,
      {
        'POST /api/runs/run-7/retry': () => {
          retried = true;
          const retryPlan = { fromStep: 2, replay: [0, 1], page: 0, context: [], fills: [1], decisions: [] };
          return json(202, { id: 'run-7', status: 'pending', retryPlan });
        },
      },
    );
    await renderQueue();
    await userEvent.click(await screen.findByRole('button', { name: 'Lös' }));
    // What the action does is said beside it: the step's page is rebuilt first, never skipped.
    const action = await screen.findByRole('menuitem', { name: 'Försök igen från detta steg' });
    expect(action).toHaveAccessibleDescription('Sidan öppnas på nytt och stegen före det på samma sida körs igen först.');
    await userEvent.click(action);
    expect(await screen.findByText('Körningen startar om')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Fakturahantering körs igen från steg 3 och felet har markerats som löst. Steg 1–2 körs igen: sidan öppnas på nytt från steg 1 och formuläret fylls i igen innan steg 3.',
      ),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/runs/run-7/retry')?.body).toEqual({ fromStep: 2 });
    expect(await screen.findByText('Inga aktiva fel')).toBeInTheDocument();
  });

  it('asks before a retry that would send data to the site again: the server refuses, the person reads why and retries anyway', async () => {
    let retried = false;
    const item = anError({ id: 'e2', executionId: 'run-7', errorType: 'timeout', errorMessage: 'Tog för lång tid', stepIndex: 4 });
    const reason =
      'Steg 4 skickade redan data till webbplatsen; körs det igen skickas uppgifterna en gång till (till exempel ett formulär som sparas två gånger). Kontrollera vad webbplatsen tog emot och försök igen ändå om det behövs.';
    const { calls } = mockQueue(
      () => json(200, page([{ ...item, status: retried ? 'resolved' : 'pending' }].filter((i) => i.status === 'pending'))),
      measured,
      {
        'POST /api/runs/run-7/retry': (request) => {
          if (!(request.body as { resend?: boolean }).resend) return json(409, { error: reason, code: 'retry_resends_data' });
          retried = true;
          return json(202, { id: 'run-7', status: 'pending', retryPlan: { fromStep: 4, replay: [0, 1, 2, 3], page: 0, context: [], fills: [], decisions: [] } });
        },
      },
    );
    await renderQueue();
    await userEvent.click(await screen.findByRole('button', { name: 'Lös' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Försök igen från detta steg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Försöka igen ändå?' });
    expect(dialog).toHaveAccessibleDescription(reason);
    // Refused: no error toast, nothing retried, the item still pending.
    expect(screen.queryByText('Kunde inte försöka igen')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/runs/run-7/retry').map((call) => call.body)).toEqual([{ fromStep: 4 }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.path === '/api/runs/run-7/retry')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Lös' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Försök igen från detta steg' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Försöka igen ändå?' })).getByRole('button', { name: 'Försök igen ändå' }));
    expect(await screen.findByText('Körningen startar om')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/runs/run-7/retry').map((call) => call.body)).toEqual([{ fromStep: 4 }, { fromStep: 4 }, { fromStep: 4, resend: true }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Inga aktiva fel')).toBeInTheDocument();
  });

  it('in English too', async () => {
    await i18n.changeLanguage('en');
    const item = anError({ id: 'e2', executionId: 'run-7', stepIndex: 1 });
    mockQueue([item], measured, {
      'POST /api/runs/run-7/retry': () => json(409, { error: 'Step 2 already sent data to the site.', code: 'retry_resends_data' }),
    });
    renderApp('/error-queue');
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve' }, { timeout: 5000 }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Retry from this step' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry anyway?' });
    expect(dialog).toHaveAccessibleDescription('Step 2 already sent data to the site.');
    expect(within(dialog).getByRole('button', { name: 'Retry anyway' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('marks an error resolved, says so and refetches the list and figures', async () => {
    let resolved = false;
    const { calls } = mockQueue(() => json(200, page([anError({ status: resolved ? 'resolved' : 'pending' })].filter((item) => item.status === 'pending'))), measured, {
      [`POST /api/error-queue/${anError().id}/resolve`]: () => {
        resolved = true;
        return json(200, anError({ status: 'resolved' }));
      },
    });
    await renderQueue();
    await userEvent.click(await screen.findByRole('button', { name: 'Lös' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Markera som löst' }));
    expect(await screen.findByText('Fel löst')).toBeInTheDocument();
    expect(screen.getByText('Felet har markerats som löst.')).toBeInTheDocument();
    expect(await screen.findByText('Inga aktiva fel')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/error-queue?status=pending&limit=50')).toHaveLength(2);
    expect(calls.filter((call) => call.path === '/api/error-queue/stats').length).toBeGreaterThanOrEqual(2);
  });

  it('offers a run a decision stopped for review, not for a retry: marking it reviewed resolves it', async () => {
    const stop = anError({ id: 'e9', errorType: 'stopped_by_decision', priority: 'high', stepIndex: 2, errorMessage: 'the decision in step 3 stopped the run for review' });
    let reviewed = false;
    const { calls } = mockQueue(() => json(200, page([{ ...stop, status: reviewed ? 'resolved' : 'pending' }].filter((item) => item.status === 'pending'))), measured, {
      'POST /api/error-queue/e9/resolve': () => {
        reviewed = true;
        return json(200, { ...stop, status: 'resolved' });
      },
    });
    await renderQueue();
    const item = await screen.findByRole('article', { name: 'Stoppad av beslut: Ett beslut i flödet, av AI:n eller en person, stoppade körningen för granskning.' });
    expect(item).toHaveTextContent('Hög');
    expect(within(item).queryByRole('button', { name: 'Lös' })).not.toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Markera som granskad' }));
    expect(await screen.findByText('Den stoppade körningen har markerats som granskad.')).toBeInTheDocument();
    expect(await screen.findByText('Inga aktiva fel')).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/retry'))).toBe(false);
  });

  it('shows the failure toast with the server message when resolving fails (English)', async () => {
    await i18n.changeLanguage('en');
    mockQueue([anError()], measured, {
      [`POST /api/error-queue/${anError().id}/resolve`]: () => json(404, { error: 'Not found', code: 'not_found' }),
    });
    renderApp('/error-queue');
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve' }, { timeout: 5000 }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mark as resolved' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Could not resolve error');
    expect(toast).toHaveTextContent('Not found');
    expect(screen.getByRole('article', { name: 'Validation error: A value the workflow sent was not accepted by the system.' })).toBeInTheDocument();
  });

  it('lets a moderator escalate', async () => {
    const { calls } = mockQueue([anError()], measured, {
      [`POST /api/error-queue/${anError().id}/escalate`]: () => json(200, anError({ status: 'in_progress', priority: 'high' })),
    }, { role: 'superuser' });
    await renderQueue();
    await userEvent.click(await screen.findByRole('button', { name: 'Eskalera' }));
    expect(await screen.findByText('Fel eskalerat')).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/escalate'))?.body).toEqual({ priority: 'high' });
  });
});
