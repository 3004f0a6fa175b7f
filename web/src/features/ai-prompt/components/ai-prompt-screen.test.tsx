// The AI prompt editor over a mocked API: a real workflow's steps with badges, editing and saving an
// ai_decision step (a new definition version), adding one after a standard step, "Testa", the notice
// when AI is not set up, and the model panel's measured figures (or "no data yet").
import type { AiStatus, WorkflowDetail } from '@shared/types/api';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { type ApiCall, demoUser, json, mockApi, page } from '@/test/api-mock';
import { aWorkflow } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => {
  configure({ asyncUtilTimeout: 5000 });
});
afterEach(async () => {
  await i18n.changeLanguage('sv');
});

const ID = aWorkflow().id;
const detail: WorkflowDetail = {
  ...aWorkflow(),
  currentVersion: 2,
  definition: {
    version: 1,
    steps: [
      { id: 's1', type: 'extract', description: 'Läs beloppet', selectors: ['#amount'], variable: 'amount' },
      {
        id: 's2',
        type: 'ai_decision',
        description: 'Attestera fakturan?',
        prompt: 'Välj Attestera om beloppet är högst 10000 kr, annars Till chefen.',
        inputs: ['var.amount'],
        options: [
          { value: 'approve', label: 'Attestera', then: 'continue' },
          { value: 'manager', label: 'Till chefen', then: 'stop' },
        ],
        threshold: 95,
      },
      { id: 's3', type: 'click', description: 'Registrera', selectors: ['button#register'] },
    ],
  },
  missingSecrets: [],
  schedule: null,
  hasWebhook: false,
  webhookSigned: false,
};

const notConfigured: AiStatus = { configured: false, model: null, averageConfidence: null, averageOver: 0, decisionsToday: 0, openTasks: 0 };
const configured: AiStatus = { configured: true, model: 'gpt-4o-mini', averageConfidence: 87, averageOver: 42, decisionsToday: 5, openTasks: 1 };

function mock(status: AiStatus, extra: Parameters<typeof mockApi>[0] = {}, user = demoUser) {
  return mockApi({
    'GET /api/user': () => json(200, user),
    'GET /api/workflows?limit=100': () => json(200, page([aWorkflow()])),
    [`GET /api/workflows/${ID}`]: () => json(200, detail),
    'GET /api/ai/status': () => json(200, status),
    [`PUT /api/workflows/${ID}/definition`]: (call) => json(200, { version: 3, definition: (call.body as { definition: unknown }).definition }),
    ...extra,
  });
}

async function openEditor() {
  renderApp('/ai-prompt');
  await screen.findByRole('heading', { level: 1, name: 'AI-promptredigerare' });
  const picker = await screen.findByLabelText('Arbetsflöde');
  await screen.findByRole('option', { name: 'Fakturahantering' });
  fireEvent.change(picker, { target: { value: ID } });
  await screen.findByRole('button', { name: /^Steg 3/ });
}

const stepButton = (n: number) => screen.getByRole('button', { name: new RegExp(`^Steg ${n}`) });
const putBody = (calls: ApiCall[]) =>
  calls.find((call) => call.method === 'PUT')?.body as { definition: { steps: Array<Record<string, unknown>> } } | undefined;

describe('AI prompt editor', () => {
  it('lists the chosen workflow\'s steps with badges, says AI is not set up and shows no invented figures', async () => {
    mock(notConfigured);
    await openEditor();
    expect(stepButton(1)).toHaveTextContent('Standard');
    expect(stepButton(1)).toHaveTextContent('#amount');
    expect(stepButton(2)).toHaveTextContent('AI-styrd');
    expect(stepButton(2)).toHaveTextContent('Attestera fakturan?');
    expect(screen.getByText('Välj ett steg')).toBeInTheDocument();
    // An administrator is told what to set and where it is described.
    expect(screen.getByRole('status')).toHaveTextContent('AI är inte uppsatt');
    expect(screen.getByRole('status')).toHaveTextContent('KOLLEGA_AI_BASE_URL, KOLLEGA_AI_API_KEY och KOLLEGA_AI_MODEL');
    expect(screen.getByRole('status')).toHaveTextContent('README');
    const panel = screen.getByRole('heading', { name: 'AI-modell' }).closest('section') as HTMLElement;
    expect(panel).toHaveTextContent('Ingen modell konfigurerad');
    expect(panel).toHaveTextContent('Ingen data än');
    expect(panel).not.toHaveTextContent('94');
    fireEvent.click(stepButton(2));
    const testButton = screen.getByRole('button', { name: 'Testa' });
    expect(testButton).toBeDisabled();
    expect(testButton).toHaveAccessibleDescription('Testa fungerar när AI är uppsatt.');
    expect(screen.getByText('Testa fungerar när AI är uppsatt.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Ta bort alternativ 1' })).toHaveAccessibleDescription('Ett AI-beslut behöver minst 2 alternativ.');
  });

  it.each(['user', 'superuser'] as const)('tells a %s only to ask an administrator, naming no setting', async (role) => {
    mock(notConfigured, {}, { ...demoUser, role });
    await openEditor();
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('AI är inte uppsatt: be en administratör');
    expect(notice).not.toHaveTextContent('KOLLEGA_AI');
  });

  it('says why "Spara prompt" and "Testa" wait for instructions, and offers only examples that choose an option with a reason', async () => {
    mock(configured);
    await openEditor();
    fireEvent.click(stepButton(2));
    fireEvent.change(screen.getByLabelText('Instruktioner till AI:n'), { target: { value: ' ' } });
    for (const name of ['Spara prompt', 'Testa']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('Skriv instruktioner till AI:n först.');
    }
    const examples = screen.getAllByRole('button', { name: /^Använd exempel/ }).map((button) => button.textContent ?? '');
    expect(examples).toHaveLength(3);
    for (const text of examples) {
      expect(text).toMatch(/Välj ”Ja”.*”Nej”/);
      expect(text).toMatch(/Motivera|motiveringen/);
      expect(text).not.toMatch(/ladda om|skicka fakturan|lägg ärendet/i);
    }
  });

  it('edits the prompt, inputs, an option and the threshold and saves them as a new version of the definition', async () => {
    const { calls } = mock(notConfigured);
    await openEditor();
    fireEvent.click(stepButton(2));
    const textarea = screen.getByLabelText('Instruktioner till AI:n') as HTMLTextAreaElement;
    expect(textarea).toHaveAttribute('rows', '6');
    expect(textarea.value).toBe('Välj Attestera om beloppet är högst 10000 kr, annars Till chefen.');
    fireEvent.click(screen.getByRole('button', { name: 'Använd exempel: Villkorslogik' }));
    expect(textarea.value).toContain('10 000 kr');
    const slider = screen.getByRole('slider', { name: /Lägsta säkerhet för automatiska beslut: 95 %/ });
    expect(slider).toHaveAttribute('min', '1');
    expect(slider).toHaveAttribute('max', '100');
    fireEvent.change(slider, { target: { value: '80' } });
    fireEvent.change(screen.getByLabelText('Text för alternativ 2'), { target: { value: 'Skicka till chefen' } });
    fireEvent.change(screen.getByLabelText('Sedan, alternativ 2'), { target: { value: 'goto:s3' } });
    const alwaysAsk = screen.getByRole('checkbox', { name: 'Fråga alltid en person innan alternativ 1 väljs, hur säker AI:n än är' });
    expect(alwaysAsk).not.toBeChecked();
    fireEvent.click(alwaysAsk);
    fireEvent.click(screen.getByRole('button', { name: 'Spara prompt' }));
    expect(await screen.findByText('Prompten sparad')).toBeInTheDocument();
    const step = putBody(calls)!.definition.steps[1];
    expect(step).toMatchObject({
      id: 's2',
      type: 'ai_decision',
      threshold: 80,
      inputs: ['var.amount'],
      options: [{ value: 'approve', then: 'continue', alwaysAsk: true }, { value: 'manager', label: 'Skicka till chefen', then: { goto: 's3' } }],
    });
    expect((step.options as Array<Record<string, unknown>>)[1]).not.toHaveProperty('alwaysAsk');
    expect(String(step.prompt)).toContain('Välj ”Ja” om fakturans belopp är högst 10 000 kr');
    expect(putBody(calls)!.definition.steps).toHaveLength(3);
  });

  it('saves who may decide when a person is asked: the ticked roles, and not the person who started the run', async () => {
    const { calls } = mock(notConfigured);
    await openEditor();
    fireEvent.click(stepButton(2));
    expect(screen.getByRole('group', { name: 'Vem får besluta när en person tillfrågas' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Administratör' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Superanvändare' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Inte den som startade körningen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Spara prompt' }));
    expect(await screen.findByText('Prompten sparad')).toBeInTheDocument();
    expect(putBody(calls)!.definition.steps[1].approvers).toEqual({ roles: ['superuser', 'admin'], notStarter: true });
  });

  it('with nothing ticked saves no limit on who decides (any member)', async () => {
    const { calls } = mock(notConfigured);
    await openEditor();
    fireEvent.click(stepButton(2));
    expect(screen.getByRole('checkbox', { name: 'Användare' })).not.toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Spara prompt' }));
    expect(await screen.findByText('Prompten sparad')).toBeInTheDocument();
    expect(putBody(calls)!.definition.steps[1]).not.toHaveProperty('approvers');
  });

  it('refuses to save what the shared schema refuses, with its message', async () => {
    const { calls } = mock(notConfigured);
    await openEditor();
    fireEvent.click(stepButton(2));
    fireEvent.change(screen.getByLabelText('Indata som skickas till AI:n'), { target: { value: 'amount' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spara prompt' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Namn börjar med en bokstav');
    expect(putBody(calls)).toBeUndefined();
  });

  it('adds an AI decision after a standard step and saves it in place', async () => {
    const { calls } = mock(notConfigured);
    await openEditor();
    fireEvent.click(stepButton(1));
    fireEvent.click(screen.getByRole('button', { name: 'Lägg till AI-beslut efter steg 1' }));
    expect(stepButton(2)).toHaveTextContent('AI-styrd');
    fireEvent.change(screen.getByLabelText('Instruktioner till AI:n'), { target: { value: 'Är beloppet rimligt?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spara prompt' }));
    await waitFor(() => expect(putBody(calls)).toBeDefined());
    const steps = putBody(calls)!.definition.steps;
    expect(steps.map((s) => s.type)).toEqual(['extract', 'ai_decision', 'ai_decision', 'click']);
    expect(steps[1]).toMatchObject({ prompt: 'Är beloppet rimligt?', threshold: 95, options: [{ value: 'yes', then: 'continue' }, { value: 'no', then: 'stop' }] });
  });

  it('starts a new AI decision at the organisation\'s default threshold (settings)', async () => {
    const { calls } = mock(notConfigured, {
      'GET /api/organization-settings': () => json(200, { aiThresholdDefault: 80, retryAttempts: 0, retryBackoffSeconds: 60, runRetentionDays: null }),
    });
    await openEditor();
    fireEvent.click(stepButton(1));
    fireEvent.click(screen.getByRole('button', { name: 'Lägg till AI-beslut efter steg 1' }));
    fireEvent.change(screen.getByLabelText('Instruktioner till AI:n'), { target: { value: 'Är beloppet rimligt?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spara prompt' }));
    await waitFor(() => expect(putBody(calls)).toBeDefined());
    expect(putBody(calls)!.definition.steps[1]).toMatchObject({ type: 'ai_decision', threshold: 80 });
  });

  it('"Testa" asks once on sample values and shows choice, confidence and reason; the panel shows measured figures', async () => {
    const { calls } = mock(configured, {
      'POST /api/ai/test': () =>
        json(200, { choice: 'manager', label: 'Till chefen', confidence: 71, reason: 'Beloppet är över gränsen.', wouldAct: false, model: 'gpt-4o-mini', latencyMs: 420 }),
    });
    await openEditor();
    const panel = screen.getByRole('heading', { name: 'AI-modell' }).closest('section') as HTMLElement;
    await waitFor(() => expect(panel).toHaveTextContent('gpt-4o-mini'));
    expect(panel).toHaveTextContent('87 %');
    expect(panel).toHaveTextContent('senaste 42 besluten');
    expect(within(panel).getByText('5')).toBeInTheDocument();
    expect(screen.queryByText('AI är inte konfigurerad')).not.toBeInTheDocument();
    fireEvent.click(stepButton(2));
    fireEvent.change(screen.getByLabelText('Exempel på var.amount'), { target: { value: '12500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Testa' }));
    const result = await screen.findByRole('region', { name: 'Testresultat' });
    expect(result).toHaveTextContent('Val: Till chefen');
    expect(result).toHaveTextContent('Säkerhet: 71 %');
    expect(result).toHaveTextContent('Motivering: Beloppet är över gränsen.');
    expect(result).toHaveTextContent('en körning skulle fråga en person');
    expect(calls.find((c) => c.path === '/api/ai/test')?.body).toMatchObject({ inputs: { amount: '12500' }, threshold: 95, options: [{ value: 'approve' }, { value: 'manager' }] });
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    mock(notConfigured);
    renderApp('/ai-prompt');
    expect(await screen.findByText('Choose a workflow to see its steps.')).toBeInTheDocument();
    expect(await screen.findByText('AI is not set up')).toBeInTheDocument();
  });
});
