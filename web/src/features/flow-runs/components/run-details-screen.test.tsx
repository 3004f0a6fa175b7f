// Run details (/workflow-execution/$runId): facts, every attempt's steps with error, log, values,
// decision and screenshot, retry from a step, the log download, live while the run is under way.
import type { RunDetail, RunStep, WorkflowDetail } from '@shared/types/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi, page } from '@/test/api-mock';
import { renderApp } from '@/test/render-app';
import { aWorkflowDetail } from '@/features/workflows/test-fixtures';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

function aStep(overrides: Partial<RunStep> = {}): RunStep {
  return {
    id: 'sr1',
    attempt: 1,
    seq: 1,
    stepIndex: 0,
    stepId: 's1',
    stepType: 'navigate',
    description: 'Öppna underhållssystemet',
    status: 'passed',
    startedAt: '2025-03-14T09:00:01Z',
    finishedAt: '2025-03-14T09:00:02Z',
    durationMs: 1250,
    errorType: null,
    errorMessage: null,
    log: [],
    extracted: null,
    decision: null,
    hasScreenshot: false,
    heal: null,
    used: null,
    table: null,
    sentData: false,
    ...overrides,
  };
}

const failedRun: RunDetail = {
  id: 'r1',
  workflowId: 'w1',
  workflowName: 'Boka tekniker',
  workflowVersion: 2,
  trigger: 'manual',
  startedBy: demoUser.id,
  startedByName: 'Anna Andersson',
  status: 'failed',
  attempt: 2,
  stepCount: 3,
  completedSteps: 1,
  progress: 33,
  currentStep: 1,
  currentStepDescription: 'Boka tekniker',
  aiConfidence: 88,
  requiresManualIntervention: false,
  errorType: 'element_not_found',
  errorMessage: 'Knappen hittades inte.',
  failedStep: 1,
  createdAt: '2025-03-14T09:00:00Z',
  startedAt: '2025-03-14T09:00:01Z',
  finishedAt: '2025-03-14T09:01:00Z',
  estimatedCompletion: null,
  inputsShown: [{ name: 'lagenhet', label: 'Lägenhet', value: '1204' }],
  mode: 'unattended',
  attendedBy: null,
  pauseReason: null,
  inputs: { lagenhet: '1204' },
  steps: [
    aStep({ attempt: 1, id: 'a1', extracted: { arende: 'Trasig dörr' }, hasScreenshot: true }),
    aStep({ attempt: 1, id: 'a2', seq: 2, stepIndex: 1, stepType: 'click', description: 'Boka tekniker', status: 'failed', errorType: 'timeout', errorMessage: 'Tog för lång tid', log: [{ at: 10, message: 'trying aria/Boka tekniker' }] }),
    aStep({ attempt: 2, id: 'b1', seq: 1, stepIndex: 1, stepType: 'click', description: 'Boka tekniker', status: 'failed', errorType: 'element_not_found', errorMessage: 'Knappen hittades inte.', log: [{ at: 1500, message: 'no selector matched' }], decision: { choice: 'godkänn', confidence: 88.2, by: 'ai' } }),
  ],
};

async function renderDetails(run: RunDetail, extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/user': () => json(200, demoUser),
    [`GET /api/runs/${run.id}`]: () => json(200, run),
    'GET /api/runs/changes': () => json(200, { cursor: '2025-03-14 09:00:01+00' }),
    ...extra,
  });
  const app = renderApp(`/workflow-execution/${run.id}`);
  await screen.findByRole('heading', { level: 1, name: run.workflowName }, { timeout: 5000 });
  return { ...api, ...app };
}

describe('run details', () => {
  it('shows the facts, the error and each attempt’s steps in order with type, duration, error, log, values and decision', async () => {
    await renderDetails(failedRun);
    const facts = screen.getByRole('region', { name: 'Om körningen' });
    expect(facts).toHaveTextContent('Anna Andersson');
    expect(facts).toHaveTextContent('Manuell start');
    expect(facts).toHaveTextContent('r1');
    expect(screen.getByText('Lägenhet').nextElementSibling).toHaveTextContent('1204');
    expect(screen.getByText('Element ej hittad i steg 2')).toBeInTheDocument();

    const first = screen.getByRole('list', { name: 'Försök 1' });
    const [opened, clicked] = within(first).getAllByRole('listitem').filter((item) => item.parentElement === first);
    expect(opened).toHaveTextContent('Steg 1 · Navigera · Öppna underhållssystemet');
    expect(opened).toHaveTextContent('1,3 s');
    expect(opened).toHaveTextContent('Klart');
    expect(within(opened).getByText('arende').nextElementSibling).toHaveTextContent('Trasig dörr');
    expect(clicked).toHaveTextContent('TimeoutSteget blev inte klart i tid.');
    expect(clicked).toHaveTextContent('Vad du kan göra: Försök igen.');
    expect(within(clicked).getByText('Tog för lång tid')).not.toBeVisible(); // the runner's message: behind "Visa tekniska detaljer"
    expect(within(clicked).getByText('Visa tekniska detaljer')).toBeVisible();
    expect(clicked).toHaveTextContent('+0,01 s trying aria/Boka tekniker');

    const second = screen.getByRole('list', { name: 'Försök 2' });
    expect(second).toHaveTextContent('Element ej hittadKollega hittade inte knappen eller fältet');
    expect(second).toHaveTextContent('AI valde ”godkänn” (säkerhet 88 %)');
    expect(screen.getByRole('link', { name: 'Exportera logg' })).toHaveAttribute('href', '/api/runs/r1/log');
  });

  // A run a decision stopped: an AI decision that continued, a person's decision that stopped, a manual step.
  const stoppedRun: RunDetail = {
    ...failedRun,
    id: 'r2',
    workflowName: 'Fakturaattest',
    status: 'stopped',
    attempt: 1,
    errorType: 'stopped_by_decision',
    errorMessage: 'the decision in step 3 stopped the run for review: "Nej, avvisa" chosen by a person',
    failedStep: 2,
    currentStep: 2,
    completedSteps: 3,
    progress: 60,
    stepCount: 5,
    steps: [
      aStep({ id: 'd1', stepIndex: 0, stepType: 'manual', description: 'Kontrollera underlaget', decision: { choice: 'done', by: 'person', decidedByName: 'Bo Ek' } }),
      aStep({ id: 'd2', seq: 2, stepIndex: 1, stepType: 'ai_decision', description: 'Rätt belopp?', decision: { choice: 'yes', label: 'Ja, stämmer', by: 'ai', confidence: 96.4 } }),
      aStep({
        id: 'd3',
        seq: 3,
        stepIndex: 2,
        stepType: 'ai_decision',
        description: 'Attestera fakturan?',
        decision: {
          choice: 'no',
          label: 'Nej, avvisa',
          by: 'person',
          confidence: 80,
          decidedByName: 'Anna Svensson',
          details: { ai: { choice: 'yes', label: 'Ja, attestera', confidence: 80, outcome: 'handed_over' }, person: { userId: 'u9', decidedAt: '2025-03-14T09:02:00Z', choice: 'no' } },
        },
      }),
      aStep({ id: 'd4', seq: 4, stepIndex: 3, stepType: 'ai_decision', description: 'Okänd beslutare', decision: { choice: 'no', label: 'Nej, avvisa', by: 'person', decidedByName: null } }),
    ],
  };

  it('shows a run a decision stopped as stopped for review, and each decision as its option’s label with who chose it (sv)', async () => {
    await renderDetails(stoppedRun);
    expect(screen.getAllByText('Stoppad för granskning').length).toBeGreaterThan(0);
    expect(screen.getByText('Stoppad av beslutet i steg 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Granska i felkön' })).toHaveAttribute('href', '/error-queue');
    expect(screen.queryByRole('button', { name: 'Försök igen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stoppa' })).not.toBeInTheDocument();
    const [manual, ai, person, unknown] = within(screen.getByRole('list', { name: 'Försök 1' })).getAllByRole('listitem');
    expect(manual).toHaveTextContent('Bo Ek markerade steget som klart');
    expect(ai).toHaveTextContent('AI valde ”Ja, stämmer” (säkerhet 96 %)');
    expect(person).toHaveTextContent('Anna Svensson valde ”Nej, avvisa”');
    expect(person).toHaveTextContent('AI:s förslag var ”Ja, attestera” (säkerhet 80 %)');
    expect(person).not.toHaveTextContent('Anna Svensson valde ”Nej, avvisa” (säkerhet');
    expect(person).not.toHaveTextContent(/\bno\b/);
    expect(unknown).toHaveTextContent('En person valde ”Nej, avvisa”');
  });

  it('says the same in English', async () => {
    await i18n.changeLanguage('en');
    await renderDetails(stoppedRun);
    expect(screen.getAllByText('Stopped for review').length).toBeGreaterThan(0);
    expect(screen.getByText('Stopped by the decision in step 3')).toBeInTheDocument();
    const [manual, ai, person, unknown] = within(screen.getByRole('list', { name: 'Attempt 1' })).getAllByRole('listitem');
    expect(manual).toHaveTextContent('Bo Ek marked the step done');
    expect(ai).toHaveTextContent('AI chose “Ja, stämmer” (confidence 96%)');
    expect(person).toHaveTextContent('Anna Svensson chose “Nej, avvisa”');
    expect(person).toHaveTextContent('The AI suggested “Ja, attestera” (confidence 80%)');
    expect(unknown).toHaveTextContent('A person chose “Nej, avvisa”');
  });

  // A run with a text and a file input: the values it used (the file by its name), not the recorded ones.
  const fill = (value: string) => ({ id: 's2', type: 'change' as const, description: '', selectors: ['aria/Leverantör'], fingerprint: { tag: 'input', name: 'Leverantör' }, value });
  const upload = (value: string) => ({ id: 's4', type: 'change' as const, description: '', selectors: ['aria/Bifoga faktura'], fingerprint: { tag: 'input', name: 'Bifoga faktura', attrs: { type: 'file' } }, value });
  const usedRun: RunDetail = {
    ...failedRun,
    id: 'r3',
    inputsShown: [{ name: 'leverantor', label: 'Leverantör', value: 'Dahl' }, { name: 'faktura', label: 'Faktura', value: 'dahl-15900.pdf' }],
    inputs: { leverantor: 'Dahl', faktura: 'dahl-15900.pdf' },
    steps: [
      aStep({ id: 'u1', stepType: 'change', description: 'Fyll i leverantören Ahlsell', used: fill('Dahl') }),
      aStep({ id: 'u2', seq: 2, stepIndex: 1, stepType: 'change', description: 'Lösenord', used: fill('{{secret.LOSEN}}') }),
      aStep({ id: 'u3', seq: 3, stepIndex: 2, stepType: 'click', description: 'Spara', used: null }),
      aStep({ id: 'u4', seq: 4, stepIndex: 3, stepType: 'change', description: 'Bifoga ahlsell-8400.pdf', used: upload('dahl-15900.pdf') }),
    ],
  };

  const usedTexts = {
    sv: {
      facts: 'Om körningen',
      inputs: 'Indata',
      attempt: 'Försök 1',
      steps: [
        'Steg 1 · Fyll i · Fyll i ”Leverantör” med ”Dahl”Fyll i leverantören Ahlsell',
        'Fyll i ”Leverantör” med hemligheten LOSEN',
        'Steg 3 · Klick · Spara',
        'Steg 4 · Fyll i · Ladda upp ”dahl-15900.pdf” i ”Bifoga faktura”Bifoga ahlsell-8400.pdf',
      ],
    },
    en: {
      facts: 'About the run',
      inputs: 'Inputs',
      attempt: 'Attempt 1',
      steps: [
        'Step 1 · Fill in · Fill in “Leverantör” with “Dahl”Fyll i leverantören Ahlsell',
        'Fill in “Leverantör” with the secret LOSEN',
        'Step 3 · Click · Spara',
        'Step 4 · Fill in · Upload “dahl-15900.pdf” to “Bifoga faktura”Bifoga ahlsell-8400.pdf',
      ],
    },
  };
  for (const language of ['sv', 'en'] as const) {
    it(`says what each step did with the values this run used (a file by its name), the description below it; a secret stays its name (${language})`, async () => {
      const expected = usedTexts[language];
      await i18n.changeLanguage(language);
      await renderDetails(usedRun);
      const facts = screen.getByRole('region', { name: expected.facts });
      expect(within(facts).getByText(expected.inputs)).toBeInTheDocument();
      expect(within(facts).getByText('Leverantör').nextElementSibling).toHaveTextContent(/^Dahl$/);
      expect(within(facts).getByText('Faktura').nextElementSibling).toHaveTextContent(/^dahl-15900\.pdf$/);
      const items = within(screen.getByRole('list', { name: expected.attempt })).getAllByRole('listitem');
      expect(items).toHaveLength(4);
      items.forEach((item, i) => expect(item).toHaveTextContent(expected.steps[i]!));
      expect(items[1]).not.toHaveTextContent('{{secret');
    });
  }

  it('shows a table a step read, with its downloads, and runs another workflow for each of its rows', async () => {
    const table = { variable: 'fakturor', columns: ['Fakturanr', 'Leverantör'], rowCount: 2, pages: 3, capped: true };
    const invoices = aWorkflowDetail({
      id: 'w9',
      name: 'Attestera faktura',
      definition: {
        version: 1,
        inputs: [{ name: 'nummer', label: 'Fakturanr', type: 'text', required: true }, { name: 'lev', label: 'Leverantör', type: 'text', required: true }],
        steps: [{ id: 's1', type: 'navigate', description: '', url: 'https://ekonomi.example.se/' }],
      },
    });
    const { calls } = await renderDetails({ ...failedRun, id: 'r4', steps: [aStep({ id: 't1', stepType: 'extract_table', description: '', table })] }, {
      'GET /api/workflows?limit=100': () => json(200, page([invoices])),
      'GET /api/workflows/w9': () => json(200, invoices),
      'GET /api/runs/r4/steps/t1/table?format=json': () => json(200, { columns: table.columns, rows: [['1043', 'Dahl'], ['1044', '__proto__']] }),
      'POST /api/workflows/w9/batches': () => json(202, { batchId: 'b1' }),
    });
    const step = within(screen.getByRole('list', { name: 'Försök 1' })).getAllByRole('listitem')[0]!;
    expect(step).toHaveTextContent('”fakturor”: 2 rader från 3 sidor');
    expect(step).toHaveTextContent('Kolumner: Fakturanr, Leverantör');
    expect(step).toHaveTextContent('slutade läsa vid sin gräns');
    expect(within(step).getByRole('link', { name: 'Ladda ner (CSV)' })).toHaveAttribute('href', '/api/runs/r4/steps/t1/table?format=csv');
    await userEvent.click(within(step).getByRole('button', { name: 'Kör arbetsflöde … för varje rad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kör ett arbetsflöde för varje rad' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Arbetsflöde'), 'w9');
    expect(await within(dialog).findByLabelText('Fakturanr hämtas från kolumnen')).toHaveValue('Fakturanr');
    await userEvent.selectOptions(within(dialog).getByLabelText('Rader åt gången'), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kör för 2 rader' }));
    expect(await within(dialog).findByText('Attestera faktura körs nu för 2 rader.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/workflows/w9/batches')?.body).toEqual({
      rows: [{ Fakturanr: '1043', Leverantör: 'Dahl' }, { Fakturanr: '1044', Leverantör: '__proto__' }],
      mapping: { nummer: 'Fakturanr', lev: 'Leverantör' },
      concurrency: 3,
    });
  });

  it('shows a screenshot as a thumbnail that opens larger', async () => {
    await renderDetails(failedRun);
    const open = screen.getByRole('button', { name: 'Visa skärmbilden efter steg 1 större' });
    expect(within(open).getByRole('img', { name: 'Skärmbild efter steg 1: Öppna underhållssystemet' })).toHaveAttribute(
      'src',
      '/api/runs/r1/steps/a1/screenshot',
    );
    await userEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Skärmbild efter steg 1' });
    expect(within(dialog).getByRole('img', { name: 'Skärmbild efter steg 1: Öppna underhållssystemet' })).toBeInTheDocument();
  });

  it('retries from the failed step', async () => {
    const { calls } = await renderDetails(failedRun, { 'POST /api/runs/r1/retry': () => json(202, { ...failedRun, status: 'pending' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Försök igen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Försök igen: Boka tekniker' });
    expect(within(dialog).getByLabelText('Börja från')).toHaveValue('1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByText('Körningen startar om')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/runs/r1/retry')?.body).toEqual({ fromStep: 1 });
  });

  describe('the retry dialog says which steps run again to restore the page', () => {
    // Issue 19: the form flow failed at "Spara"; a retry from there fills the form in again first.
    const formWorkflow: WorkflowDetail = aWorkflowDetail({
      id: 'w1',
      definition: {
        version: 1,
        steps: [
          { id: 's1', type: 'setViewport', description: 'Fönsterstorlek', width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false, isLandscape: false },
          { id: 's2', type: 'navigate', description: 'Öppna ärendelistan', url: 'https://fastighet.example.se/arenden' },
          { id: 's3', type: 'navigate', description: 'Öppna nytt ärende', url: 'https://fastighet.example.se/arenden/ny' },
          { id: 's4', type: 'change', description: 'Fyll i lägenhet', selectors: ['#lgh'], value: '{{input.lagenhet}}' },
          { id: 's5', type: 'change', description: 'Fyll i beskrivning', selectors: ['#text'], value: 'Trasig dörr' },
          {
            id: 's6',
            type: 'ai_decision',
            description: 'Bedöm brådska',
            prompt: 'Är det brådskande?',
            inputs: [],
            options: [{ value: 'ja', label: 'Ja', then: 'continue' }],
            threshold: 95,
          },
          { id: 's7', type: 'click', description: 'Klicka på Spara', selectors: ['aria/Spara[role="button"]'] },
        ],
      },
    });
    const formRun: RunDetail = { ...failedRun, stepCount: 7, failedStep: 6, currentStep: 6, currentStepDescription: 'Klicka på Spara', steps: [] };

    async function openRetry() {
      const api = await renderDetails(formRun, {
        'GET /api/workflows/w1': () => json(200, formWorkflow),
        'POST /api/runs/r1/retry': () => json(202, { ...formRun, status: 'pending' }),
      });
      await userEvent.click(screen.getByRole('button', { name: i18n.language === 'sv' ? 'Försök igen' : 'Retry' }));
      return { ...api, dialog: await screen.findByRole('dialog') };
    }

    it('in Swedish', async () => {
      const { dialog } = await openRetry();
      const replayed = await within(dialog).findByRole('list', { name: 'Steg som körs igen först' });
      expect(within(replayed).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'Steg 1: Fönsterstorlek',
        'Steg 3: Öppna nytt ärende',
        'Steg 4: Fyll i lägenhet',
        'Steg 5: Fyll i beskrivning',
        'Steg 6: Bedöm brådska',
      ]);
      expect(dialog).toHaveTextContent(
        'Steg 1 och 3–6 körs igen: sidan öppnas på nytt från steg 3 och formuläret fylls i igen innan steg 7. Beslutet i steg 6 frågas inte igen: svaret från förra försöket används.',
      );
      await userEvent.selectOptions(within(dialog).getByLabelText('Börja från'), '3');
      expect(dialog).toHaveTextContent('Steg 1 och 3 körs igen: sidan öppnas på nytt från steg 3 innan steg 4.');
      await userEvent.selectOptions(within(dialog).getByLabelText('Börja från'), '2');
      expect(dialog).toHaveTextContent('Steg 1 körs igen (fönstrets inställningar) innan steg 3 öppnar sidan.');
    });

    it('in English', async () => {
      await i18n.changeLanguage('en');
      const { dialog, calls } = await openRetry();
      const replayed = await within(dialog).findByRole('list', { name: 'Steps that run again first' });
      expect(within(replayed).getAllByRole('listitem')).toHaveLength(5);
      expect(within(replayed).getAllByRole('listitem')[1]).toHaveTextContent('Step 3: Öppna nytt ärende');
      expect(dialog).toHaveTextContent(
        "Steps 1 and 3–6 run again: the page is opened again from step 3 and the form is filled in again before step 7. The decision in step 6 is not asked again: the earlier attempt's answer is used.",
      );
      // No step of this run sent data: no warning.
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      await userEvent.selectOptions(within(dialog).getByLabelText('Start from'), '0');
      expect(dialog).toHaveTextContent('The run starts over from step 1.');
      expect(within(dialog).queryByRole('list', { name: 'Steps that run again first' })).not.toBeInTheDocument();
      await userEvent.selectOptions(within(dialog).getByLabelText('Start from'), '6');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(calls.find((call) => call.path === '/api/runs/r1/retry')?.body).toEqual({ fromStep: 6 }));
    });
  });

  describe('the retry dialog warns when a step that runs again already sent data to the site', () => {
    // A save (fetch POST) at step 3, then a check at step 4 that failed: a retry from step 4 runs step 3 again.
    const savedWorkflow: WorkflowDetail = aWorkflowDetail({
      id: 'w1',
      definition: {
        version: 1,
        steps: [
          { id: 's1', type: 'navigate', description: 'Öppna formuläret', url: 'https://fastighet.example.se/ny' },
          { id: 's2', type: 'change', description: 'Fyll i lägenhet', selectors: ['#lgh'], value: '1203' },
          { id: 's3', type: 'click', description: 'Klicka på Spara', selectors: ['#spara'] },
          { id: 's4', type: 'waitForElement', description: 'Kvittot visas', selectors: ['#kvitto'] },
        ],
      },
    });
    const savedRun: RunDetail = {
      ...failedRun,
      stepCount: 4,
      failedStep: 3,
      currentStep: 3,
      currentStepDescription: 'Kvittot visas',
      steps: [
        aStep({ id: 'a1', seq: 1, stepIndex: 0, stepId: 's1', description: 'Öppna formuläret' }),
        aStep({ id: 'a2', seq: 2, stepIndex: 1, stepId: 's2', stepType: 'change', description: 'Fyll i lägenhet' }),
        aStep({ id: 'a3', seq: 3, stepIndex: 2, stepId: 's3', stepType: 'click', description: 'Klicka på Spara', sentData: true }),
        aStep({ id: 'a4', seq: 4, stepIndex: 3, stepId: 's4', stepType: 'waitForElement', description: 'Kvittot visas', status: 'failed' }),
      ],
    };

    it('the step after which the site received data says so, in Swedish and English', async () => {
      await renderDetails(savedRun, { 'GET /api/workflows/w1': () => json(200, savedWorkflow) });
      const steps = within(screen.getByRole('list', { name: 'Försök 1' })).getAllByRole('listitem').filter((item) => item.parentElement?.getAttribute('aria-label') === 'Försök 1');
      expect(steps.map((step) => step.textContent?.includes('Webbplatsen tog emot data efter det här steget (till exempel ett sparat formulär).'))).toEqual([false, false, true, false]);
      await act(() => i18n.changeLanguage('en'));
      expect(within(screen.getByRole('list', { name: 'Attempt 1' })).getAllByText('The site received data after this step (a saved form, for example).')).toHaveLength(1);
    });

    async function openRetry() {
      await renderDetails(savedRun, { 'GET /api/workflows/w1': () => json(200, savedWorkflow) });
      await userEvent.click(screen.getByRole('button', { name: i18n.language === 'sv' ? 'Försök igen' : 'Retry' }));
      return screen.findByRole('dialog');
    }

    it('in Swedish', async () => {
      const dialog = await openRetry();
      const replayed = await within(dialog).findByRole('list', { name: 'Steg som körs igen först' });
      expect(within(replayed).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'Steg 1: Öppna formuläret',
        'Steg 2: Fyll i lägenhet',
        'Steg 3: Klicka på Spara (skickade data förra gången)',
      ]);
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Steg 3 skickade redan data till webbplatsen; körs det igen skickas uppgifterna en gång till (till exempel ett formulär som sparas två gånger). Kontrollera vad webbplatsen tog emot innan du försöker igen.',
      );
      // From step 1 nothing runs again first, but the run goes on through step 3 again.
      await userEvent.selectOptions(within(dialog).getByLabelText('Börja från'), '0');
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Steg 3 skickade redan data');
    });

    it('a retry it warned about is sent as one that may send again (resend)', async () => {
      const { calls } = await renderDetails(savedRun, {
        'GET /api/workflows/w1': () => json(200, savedWorkflow),
        'POST /api/runs/r1/retry': () => json(202, { ...savedRun, status: 'pending' }),
      });
      await userEvent.click(screen.getByRole('button', { name: 'Försök igen' }));
      const dialog = await screen.findByRole('dialog');
      await within(dialog).findByRole('alert');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Försök igen' }));
      await waitFor(() => expect(calls.find((call) => call.path === '/api/runs/r1/retry')?.body).toEqual({ fromStep: 3, resend: true }));
    });

    it('a send the dialog did not know of: the server refuses, the dialog says why, and the next click retries anyway', async () => {
      const unknownSend: RunDetail = { ...savedRun, steps: savedRun.steps.map((step) => ({ ...step, sentData: false })) };
      const reason = 'Steg 3 skickade redan data till webbplatsen; körs det igen skickas uppgifterna en gång till.';
      const { calls } = await renderDetails(unknownSend, {
        'GET /api/workflows/w1': () => json(200, savedWorkflow),
        'POST /api/runs/r1/retry': (call) =>
          (call.body as { resend?: boolean }).resend ? json(202, { ...savedRun, status: 'pending' }) : json(409, { error: reason, code: 'retry_resends_data' }),
      });
      await userEvent.click(screen.getByRole('button', { name: 'Försök igen' }));
      const dialog = await screen.findByRole('dialog');
      await within(dialog).findByRole('list', { name: 'Steg som körs igen först' });
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Försök igen' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(reason);
      expect(screen.queryByText('Kunde inte försöka igen')).not.toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Försök igen' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls.filter((call) => call.path === '/api/runs/r1/retry').map((call) => call.body)).toEqual([{ fromStep: 3 }, { fromStep: 3, resend: true }]);
    });

    it('in English', async () => {
      await i18n.changeLanguage('en');
      const dialog = await openRetry();
      await within(dialog).findByRole('list', { name: 'Steps that run again first' });
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Step 3 already sent data to the site; running it again sends the data once more (a form saved twice, for example). Check what the site received before you retry.',
      );
    });
  });

  it('follows a running run live and stops it', async () => {
    let run: RunDetail = { ...failedRun, status: 'running', errorType: null, errorMessage: null, failedStep: null, finishedAt: null, steps: [aStep({ status: 'running', durationMs: null })] };
    const { calls } = await renderDetails(run, {
      [`GET /api/runs/r1`]: () => json(200, run),
      'GET /api/runs/changes': () => json(200, { cursor: `${run.status}-${run.completedSteps}` }),
      'POST /api/runs/r1/stop': () => json(200, { ...run, status: 'failed' }),
    });
    expect(screen.getByText('Pågår')).toBeInTheDocument();
    run = { ...run, steps: [aStep(), aStep({ id: 'a2', seq: 2, stepIndex: 1, description: 'Boka tekniker', status: 'running', durationMs: null })], completedSteps: 2 };
    await waitFor(() => expect(screen.getByText('Boka tekniker', { selector: 'span' })).toBeInTheDocument(), { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Stoppa' }));
    expect(await screen.findByText('Körningen stoppad')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/runs/r1/stop')).toBe(true);
  });

  it('says when the run cannot be found', async () => {
    mockApi({ 'GET /api/user': () => json(200, demoUser), 'GET /api/runs/nope': () => json(404, { error: 'Körningen finns inte.', code: 'not_found' }) });
    renderApp('/workflow-execution/nope');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Kunde inte hämta körningen');
    expect(alert).toHaveTextContent('Körningen finns inte.');
    expect(screen.getByRole('link', { name: 'Tillbaka till flödeshantering' })).toHaveAttribute('href', '/workflow-execution');
  });
});
