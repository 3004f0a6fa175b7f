// Fixtures of the definition, run and trigger tests: workflows with steps made through the API, and run
// history written into the database the way the runner writes it (as `postgres`, bypassing RLS).
import type { Client } from './helpers.ts';
import { withDb } from './helpers.ts';

/** A small valid definition: open a page, fill a field from an input (declared, with a default) and a secret, click, wait. */
export function definition(secret = 'FASTIGHET_PASSWORD') {
  return {
    version: 1,
    inputs: [{ name: 'user', label: 'Användare', type: 'text', required: true, default: 'anna.lind' }],
    steps: [
      { id: 's1', type: 'navigate', description: 'Öppna systemet', url: 'https://fastighet.example.se/login' },
      { id: 's2', type: 'change', description: 'Användare', selectors: ['aria/Användare', '#user'], value: '{{input.user}}' },
      { id: 's3', type: 'change', description: 'Lösenord', selectors: [['#app', 'input[type=password]']], value: `{{secret.${secret}}}` },
      { id: 's4', type: 'click', description: 'Logga in', selectors: ['aria/Logga in[role="button"]'], offsetX: 10, offsetY: 5 },
      { id: 's5', type: 'wait', description: '', ms: 500 },
    ],
  };
}

/** A workflow declaring one input of each kind, the supplier required without a default. */
export function invoiceDefinition() {
  return {
    version: 1,
    inputs: [
      { name: 'leverantor', label: 'Leverantör', type: 'text', required: true },
      { name: 'belopp', label: 'Belopp', type: 'number', required: true },
      { name: 'forfallo', label: 'Förfallodag', type: 'date', required: false },
      { name: 'konto', label: 'Konto', type: 'choice', required: true, options: ['4010', '5410'], default: '4010' },
    ],
    steps: [
      { id: 's1', type: 'navigate', description: 'Öppna', url: 'https://ekonomi.example.se/' },
      { id: 's2', type: 'change', description: 'Leverantör', selectors: ['#lev'], value: '{{input.leverantor}}' },
      { id: 's3', type: 'change', description: 'Belopp', selectors: ['#belopp'], value: '{{input.belopp}}' },
      { id: 's4', type: 'change', description: 'Konto', selectors: ['#konto'], value: '{{input.konto}} {{input.forfallo}}' },
    ],
  };
}

/** Attesting an invoice: an AI decision whose "manager" option stops the run, then a manual step. */
export const AI_DEFINITION = {
  version: 1,
  steps: [
    { id: 's1', type: 'navigate', description: 'Öppna portalen', url: 'https://portal.example.se/' },
    {
      id: 's2',
      type: 'ai_decision',
      description: 'Attestera fakturan?',
      prompt: 'Om beloppet överstiger 10000 kr, skicka till chefen.',
      inputs: ['var.amount'],
      options: [{ value: 'approve', label: 'Attestera', then: 'continue' }, { value: 'manager', label: 'Till chefen', then: 'stop' }],
      threshold: 95,
    },
    { id: 's3', type: 'manual', description: 'Kontrollera kvittot', instructions: 'Titta på kvittot.' },
  ],
};

/** A workflow of `client` with `steps` saved as its definition; `active` starts it. */
export async function workflowWithSteps(client: Client, options: { name?: string; active?: boolean; definition?: unknown } = {}) {
  const created = await client.post('/workflows', { name: options.name ?? 'Hyresavier' });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${created.text}`);
  const saved = await client.put(`/workflows/${created.body.id}/definition`, { definition: options.definition ?? definition() });
  if (saved.status !== 200) throw new Error(`save failed: ${saved.status} ${saved.text}`);
  if (options.active) {
    const started = await client.put(`/workflows/${created.body.id}`, { status: 'active' });
    if (started.status !== 200) throw new Error(`activate failed: ${started.status} ${started.text}`);
  }
  return created.body.id as string;
}

type RunState = {
  status: 'pending' | 'running' | 'paused' | 'completed' | 'failed' | 'stopped';
  trigger?: 'manual' | 'schedule' | 'webhook' | 'test';
  completedSteps?: number;
  failedStep?: number | null;
  errorType?: string | null;
  requiresManualIntervention?: boolean;
  minutesAgo?: number;
  durationSeconds?: number;
  aiConfidence?: number | null;
};

/**
 * A run of the workflow's current version in the given state, written as the runner would (status and
 * timestamps; a failure or a decision's stop also creates its error-queue item through the run triggers).
 * Returns its id.
 */
export function insertRun(workflowId: string, state: RunState): Promise<string> {
  // One transaction: between a separate insert (pending, created minutesAgo, no queue job) and its update, the
  // stack runner's sweep could end the run as runner_lost (seen once in a test reading a running run's estimate).
  return withDb((db) => db.begin(async (sql) => {
    const finished = state.status === 'completed' || state.status === 'failed' || state.status === 'stopped';
    // A failure, or a decision's stop (at the decision step, as the runner writes it).
    const ended = state.status === 'failed' || state.status === 'stopped';
    const started = state.status !== 'pending';
    const [run] = await sql<{ id: string }[]>`
      insert into public.runs (organization_id, workflow_id, workflow_version, trigger, status, step_count, completed_steps,
                               current_step, failed_step, error_type, error_message, requires_manual_intervention, min_ai_confidence,
                               runner_id, created_at, started_at, finished_at)
      select w.organization_id, w.id, w.current_version, ${state.trigger ?? 'manual'}, 'pending', v.step_count,
             ${state.completedSteps ?? 0}, null, null, null, null, false, null, 'test',
             now() - make_interval(mins => ${state.minutesAgo ?? 0}), null, null
      from public.workflows w join public.workflow_versions v on v.workflow_id = w.id and v.version = w.current_version
      where w.id = ${workflowId}
      returning id`;
    if (state.status !== 'pending') {
      const startedAt = sql`now() - make_interval(mins => ${state.minutesAgo ?? 0})`;
      const finishedAt = sql`now() - make_interval(mins => ${state.minutesAgo ?? 0}) + make_interval(secs => ${state.durationSeconds ?? 30})`;
      await sql`
        update public.runs set
          status = ${state.status}, started_at = ${started ? startedAt : null},
          finished_at = ${finished ? finishedAt : null},
          current_step = ${state.failedStep ?? state.completedSteps ?? 0},
          failed_step = ${ended ? state.failedStep ?? 0 : null},
          error_type = ${ended ? state.errorType ?? (state.status === 'stopped' ? 'stopped_by_decision' : 'element_not_found') : null},
          error_message = ${state.status === 'stopped' ? 'the decision in the step stopped the run for review' : ended ? 'Elementet hittades inte' : null},
          requires_manual_intervention = ${state.requiresManualIntervention ?? false},
          min_ai_confidence = ${state.aiConfidence ?? null}
        where id = ${run.id}`;
    }
    return run.id;
  }) as Promise<string>);
}

/** A step result of a run (attempt 1), optionally with a screenshot and an AI decision; returns its id. */
export function insertStep(
  runId: string,
  step: { seq: number; stepIndex?: number; status?: string; jpeg?: Uint8Array; decision?: Record<string, unknown>; attempt?: number; sentData?: boolean },
): Promise<string> {
  return withDb(async (sql) => {
    const [row] = await sql<{ id: string }[]>`
      insert into public.run_steps (organization_id, run_id, attempt, seq, step_index, step_id, step_type, description, status,
                                    finished_at, duration_ms, log, decision, has_screenshot, sent_data)
      select r.organization_id, r.id, ${step.attempt ?? 1}, ${step.seq}, ${step.stepIndex ?? step.seq}, ${`s${(step.stepIndex ?? step.seq) + 1}`},
             'click', 'Steg', ${step.status ?? 'passed'}, now(), 120, ${sql.json([{ at: 1, message: 'clicked aria/Logga in' }])},
             ${step.decision ? sql.json(step.decision as never) : null}, ${!!step.jpeg}, ${step.sentData ?? false}
      from public.runs r where r.id = ${runId}
      returning id`;
    if (step.jpeg) {
      await sql`
        insert into public.run_screenshots (run_step_id, organization_id, jpeg)
        select ${row.id}, organization_id, ${step.jpeg} from public.run_steps where id = ${row.id}`;
    }
    return row.id;
  });
}

/** The smallest JPEG (a 1×1 white pixel). */
export const TINY_JPEG = Uint8Array.from(
  atob(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  ),
  (c) => c.charCodeAt(0),
);

/**
 * A Chrome DevTools Recorder recording exactly as Chrome exports it (Recorder panel → Export → JSON): paying
 * an invoice in a customer portal, with the payment form in a nested iframe, a card form in a popup, a web
 * component's shadow root, keyboard, scrolling and assertions. `timeout` at the top applies to every step
 * without its own.
 */
export function chromeRecording() {
  return {
    title: 'Betala faktura 1043 i kundportalen',
    timeout: 8000,
    steps: [
      { type: 'setViewport', width: 1280, height: 720, deviceScaleFactor: 1, isMobile: false, hasTouch: false, isLandscape: false },
      {
        type: 'navigate',
        url: 'https://portal.example.se/fakturor',
        assertedEvents: [{ type: 'navigation', url: 'https://portal.example.se/fakturor', title: 'Fakturor – Kundportal' }],
      },
      {
        type: 'click',
        target: 'main',
        selectors: [['aria/Sök faktura[role="searchbox"]'], ['#search'], ['xpath///*[@id="search"]'], ['pierce/#search']],
        offsetX: 120.5,
        offsetY: 14,
      },
      {
        type: 'change',
        value: '1043',
        selectors: [['aria/Sök faktura[role="searchbox"]'], ['#search'], ['xpath///*[@id="search"]'], ['pierce/#search']],
        target: 'main',
      },
      { type: 'keyDown', target: 'main', key: 'Enter' },
      { type: 'keyUp', key: 'Enter', target: 'main' },
      {
        type: 'waitForElement',
        timeout: 15000,
        target: 'main',
        selectors: [['text/Faktura 1043']],
        operator: '>=',
        count: 1,
        visible: true,
        properties: { textContent: 'Faktura 1043' },
        attributes: { 'data-status': 'obetald' },
      },
      { type: 'scroll', target: 'main', x: 0, y: 640 },
      {
        type: 'scroll',
        target: 'main',
        selectors: [['div.invoice-list'], ['xpath///*[@id="main"]/div[2]']],
        x: 0,
        y: 320,
      },
      { type: 'hover', target: 'main', selectors: [['aria/Visa detaljer'], ['tr:nth-of-type(3) button.details']] },
      {
        type: 'doubleClick',
        target: 'main',
        selectors: [['aria/Faktura 1043[role="row"]'], ['tr[data-invoice="1043"]']],
        offsetX: 40,
        offsetY: 12,
        deviceType: 'mouse',
        button: 'primary',
      },
      {
        type: 'click',
        target: 'main',
        frame: [1, 0],
        selectors: [['aria/OCR-referens'], ['#reference'], ['xpath///*[@id="reference"]'], ['pierce/#reference']],
        offsetX: 177.5,
        offsetY: 21,
      },
      {
        type: 'change',
        value: '7310452981',
        target: 'main',
        frame: [1, 0],
        selectors: [['aria/OCR-referens'], ['#reference']],
      },
      {
        type: 'click',
        target: 'main',
        selectors: [['kollega-payment', 'button.pay'], ['pierce/button.pay'], ['text/Betala med kort']],
        offsetX: 110,
        offsetY: 17.5,
        duration: 120,
      },
      {
        type: 'change',
        value: 'Anna Lind',
        target: 'https://pay.example.se/kort?invoice=1043',
        selectors: [['aria/Kortinnehavare'], ['#holder']],
      },
      {
        type: 'click',
        target: 'https://pay.example.se/kort?invoice=1043',
        selectors: [['aria/Betala 12 450,00 kr'], ['#card > button']],
        offsetX: 140,
        offsetY: 21,
        assertedEvents: [{ type: 'navigation', url: 'https://pay.example.se/kvitto', title: 'Kvitto' }],
      },
      { type: 'waitForExpression', target: 'main', expression: "document.querySelector('#status')?.textContent === 'Betald'" },
      { type: 'emulateNetworkConditions', download: 180000, upload: 84375, latency: 562.5 },
      { type: 'close', target: 'https://pay.example.se/kvitto' },
    ],
  };
}

export const CLICK_DEFINITION = {
  version: 1,
  steps: [
    { id: 'open', type: 'navigate', description: 'Öppna', url: 'https://portal.example.se/' },
    { id: 'save', type: 'click', description: 'Klicka på Spara', selectors: ['#save', 'aria/Spara[role="button"]', 'form > button:nth-of-type(2)'] },
  ],
};

const CANDIDATE = {
  describe: 'button "Spara ändringar"',
  tag: 'button',
  role: 'button',
  name: 'Spara ändringar',
  selectors: ['aria/Spara ändringar[role="button"]', '#save-changes', 'form > button:nth-of-type(3)'],
  fingerprint: { tag: 'button', role: 'button', name: 'Spara ändringar' },
};

/** A paused run of `workflowId` (saved with CLICK_DEFINITION) waiting on an element confirmation (with its screenshot), and a passed step of it carrying a heal. */
export async function confirmationAndHeal(workflowId: string) {
  const runId = await insertRun(workflowId, { status: 'paused', requiresManualIntervention: true, completedSteps: 1 });
  return withDb(async (sql) => {
    const [task] = await sql<{ id: string }[]>`
      insert into public.human_tasks (organization_id, run_id, workflow_id, attempt, step_index, step_id, kind, title, instructions, options, handover_reason, candidate)
      select r.organization_id, r.id, r.workflow_id, 1, 1, 'save', 'element_confirmation', 'Klicka på Spara', 'no element matched #save',
             ${sql.json([{ value: 'yes', label: 'Ja, det är rätt' }, { value: 'no', label: 'Nej' }])}, 'below_threshold',
             ${sql.json({ ...CANDIDATE, score: 0.7, threshold: 0.9, why: 'below_threshold', errorType: 'element_not_found', errorMessage: 'no element matched #save' })}
      from public.runs r where r.id = ${runId}
      returning id`;
    await sql`insert into public.human_task_screenshots (human_task_id, organization_id, jpeg)
              select id, organization_id, ${TINY_JPEG} from public.human_tasks where id = ${task.id}`;
    const heal = { reason: 'confirmed', score: 0.7, threshold: 0.9, candidate: CANDIDATE, oldSelectors: CLICK_DEFINITION.steps[1].selectors, newSelectors: [] };
    const [step] = await sql<{ id: string }[]>`
      insert into public.run_steps (organization_id, run_id, attempt, seq, step_index, step_id, step_type, description, status, finished_at, heal)
      select r.organization_id, r.id, 1, 1, 1, 'save', 'click', 'Klicka på Spara', 'passed', now(), ${sql.json(heal as never)}
      from public.runs r where r.id = ${runId}
      returning id`;
    return { runId, taskId: task.id, stepResultId: step.id };
  });
}
