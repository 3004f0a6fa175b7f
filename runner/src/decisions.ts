// The runner's answer to ai_decision and manual steps (docs/automation.md "AI decisions and people"):
// ask the model (only the step's declared inputs, as untrusted data apart from the prompt as written, its
// `{{var.x}}` left as names: page text never becomes part of the instructions), act when its unrounded
// confidence reaches the step's threshold and the chosen option is not `alwaysAsk`, otherwise, on an invalid answer after one retry, when the provider is down or not configured, and for
// every manual step, open a human task, pause the run (requiresManualIntervention) and wait for a
// person. The runner keeps the browser and the run's lease while it waits (the heartbeat covers paused
// runs) but gives its slot to other runs (whileIdle, runner/src/slots.ts), polls the task, and gives up
// after KOLLEGA_RUNNER_TASK_WAIT_MS (the step fails as `timeout`).
// Every AI answer is a row of ai_decisions; the person's choice is on the task; both are on the step. The
// step's `approvers` are copied onto its task, so a later change of the definition cannot widen them.
import { type AiConfig, type AiResult, askModel } from '../../supabase/functions/_shared/ai.ts';
import type { ClaimedRun, Sql } from './db.ts';
import { maskSecrets } from './engine/index.ts';
import type { DecideContext, Decision, ElementAnswer, ElementQuestion, Step } from './engine/types.ts';

export type DecisionDeps = {
  sql: Sql;
  run: ClaimedRun;
  ai: AiConfig | null;
  secrets: Record<string, string>;
  /** The run_steps row of the step being executed (for the task and the AI row). */
  stepRowId(index: number): string | undefined;
  /** Stops the engine at once (the run was stopped while it waited). */
  abort(): void;
  waitMs: number;
  pollMs: number;
  /** Wraps the wait for a person (the runner frees the run's slot meanwhile); without it the wait simply runs. */
  whileIdle?<T>(wait: () => Promise<T>): Promise<T>;
  /** Aborted when the runner shuts down: the wait ends at once. */
  signal?: AbortSignal;
};

type HandoverReason = 'below_threshold' | 'always_ask' | 'invalid_answer' | 'provider_error' | 'not_configured' | 'manual' | 'too_close' | 'critical';

/**
 * A confidence as the database keeps and people see it (whole percent), rounded down: the threshold compares
 * the unrounded value, and a 94.5 that did not reach 95 must not show as 95.
 */
export const shownConfidence = (confidence: number) => Math.floor(confidence);

/** The options of an element confirmation (the app shows them in the person's language). */
export const ELEMENT_OPTIONS = [
  { value: 'yes', label: 'Ja, det är rätt' },
  { value: 'no', label: 'Nej' },
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the step records of the AI's part (decision.ai), its choice with the option's label. */
function aiDetails(result: AiResult, outcome: 'acted' | 'handed_over', threshold: number, options: Array<{ value: string; label: string }>) {
  const label = result.ok ? options.find((o) => o.value === result.answer.choice)?.label : undefined;
  return {
    model: result.model,
    promptVersion: result.promptVersion,
    latencyMs: result.latencyMs,
    attempts: result.attempts,
    threshold,
    outcome,
    ...(result.ok ? { choice: result.answer.choice, label, confidence: shownConfidence(result.answer.confidence), reason: result.answer.reason } : { error: result.error }),
  };
}

/** The answers a run asks of the AI and of people: decisions (ai_decision, manual) and element confirmations. */
export function makeAskers(deps: DecisionDeps) {
  const { sql, run } = deps;

  async function recordAi(index: number, step: Extract<Step, { type: 'ai_decision' }>, given: DecideContext, result: AiResult, handover: HandoverReason | null): Promise<string> {
    const [row] = await sql<{ id: string }[]>`
      insert into public.ai_decisions (organization_id, run_id, run_step_id, workflow_id, step_id, model, prompt_version, inputs, answer,
                                       choice, confidence, reason, latency_ms, attempts, outcome, handover_reason, error)
      values (${run.organizationId}, ${run.id}, ${deps.stepRowId(index) ?? null}, ${run.workflowId}, ${step.id}, ${result.model.slice(0, 200)},
              ${result.promptVersion}, ${sql.json(given)}, ${result.raw ? maskSecrets(result.raw, deps.secrets) : null},
              ${result.ok ? result.answer.choice : null}, ${result.ok ? shownConfidence(result.answer.confidence) : null},
              ${result.ok ? maskSecrets(result.answer.reason, deps.secrets).slice(0, 2000) : null}, ${result.latencyMs}, ${result.attempts},
              ${handover ? 'handed_over' : 'acted'}, ${handover}, ${result.ok ? null : result.error.slice(0, 1000)})
      returning id`;
    return row.id;
  }

  /** Opens the task and pauses the run for it; then waits for a person (or a stop, or the time limit). */
  async function askPerson(index: number, step: Step, task: {
    kind: 'ai_confirmation' | 'manual_step' | 'element_confirmation';
    instructions: string;
    inputs: DecideContext;
    options: Array<{ value: string; label: string }>;
    aiDecisionId?: string;
    suggestion?: string;
    confidence?: number;
    reason?: string;
    handover: HandoverReason;
    /** element_confirmation: the candidate, and the page with it outlined. */
    candidate?: Record<string, unknown>;
    screenshot?: Buffer;
  }): Promise<{ choice: string; decidedBy: string | null; decidedAt: Date } | { fail: string }> {
    const taskId = await sql.begin(async (tx) => {
      const [row] = await tx<{ id: string }[]>`
        insert into public.human_tasks (organization_id, run_id, run_step_id, ai_decision_id, workflow_id, attempt, step_index, step_id, kind,
                                        title, instructions, inputs, options, suggestion, confidence, reason, handover_reason, candidate, approvers)
        values (${run.organizationId}, ${run.id}, ${deps.stepRowId(index) ?? null}, ${task.aiDecisionId ?? null}, ${run.workflowId}, ${run.attempt},
                ${index}, ${step.id}, ${task.kind}, ${maskSecrets(step.description, deps.secrets).slice(0, 1000)},
                ${maskSecrets(task.instructions, deps.secrets).slice(0, 5000)}, ${tx.json(task.inputs)}, ${tx.json(task.options)},
                ${task.suggestion ?? null}, ${task.confidence ?? null}, ${task.reason ? maskSecrets(task.reason, deps.secrets).slice(0, 2000) : null},
                ${task.handover}, ${task.candidate ? tx.json(task.candidate as never) : null},
                ${tx.json(('approvers' in step && step.approvers) || {})})
        returning id`;
      if (task.screenshot) {
        await tx`insert into public.human_task_screenshots (human_task_id, organization_id, jpeg) values (${row.id}, ${run.organizationId}, ${task.screenshot})`;
      }
      await tx`update public.runs set status = 'paused', requires_manual_intervention = true
               where id = ${run.id} and attempt = ${run.attempt} and runner_id = ${run.runnerId} and status in ('running', 'paused')`;
      return row.id;
    });
    const deadline = Date.now() + deps.waitMs;
    const waitForPerson = async (): Promise<{ choice: string; decidedBy: string | null; decidedAt: Date } | { fail: string }> => {
      for (;;) {
        if (deps.signal?.aborted) return { fail: 'the runner shut down while the run waited for a person' };
        const [state] = await sql<{ status: string; decided_choice: string | null; decided_by: string | null; decided_at: Date | null; run_status: string }[]>`
          select t.status, t.decided_choice, t.decided_by, t.decided_at, r.status as run_status
          from public.human_tasks t join public.runs r on r.id = t.run_id
          where t.id = ${taskId}`;
        if (state?.status === 'decided' && state.decided_choice) {
          return { choice: state.decided_choice, decidedBy: state.decided_by, decidedAt: state.decided_at ?? new Date() };
        }
        if (!state || state.status === 'cancelled' || (state.run_status !== 'paused' && state.run_status !== 'running')) {
          // The run was stopped while it waited: end the engine as a stop.
          deps.abort();
          return { fail: 'the run was stopped while it waited for a person' };
        }
        if (Date.now() >= deadline) {
          await sql.begin(async (tx) => {
            await tx`update public.human_tasks set status = 'cancelled' where id = ${taskId} and status = 'open'`;
            await tx`update public.runs set status = 'running', requires_manual_intervention = false
                     where id = ${run.id} and attempt = ${run.attempt} and runner_id = ${run.runnerId} and status = 'paused'`;
          });
          return { fail: `no one decided within ${Math.round(deps.waitMs / 60_000)} minutes` };
        }
        await sleep(deps.pollMs);
      }
    };
    return deps.whileIdle ? deps.whileIdle(waitForPerson) : waitForPerson();
  }

  /** Is the candidate the right element? A task with the outlined screenshot; the run waits as for any task. */
  async function confirmElement(index: number, step: Step, question: ElementQuestion): Promise<ElementAnswer> {
    const { screenshot, candidate, ...about } = question;
    const answer = await askPerson(index, step, {
      kind: 'element_confirmation',
      instructions: question.errorMessage,
      inputs: { variables: {}, inputs: {} },
      options: ELEMENT_OPTIONS,
      handover: question.why,
      candidate: { ...candidate, ...about },
      screenshot,
    });
    if ('fail' in answer) return { fail: answer.fail, errorType: 'timeout' };
    return {
      confirmed: answer.choice === 'yes',
      details: { person: { userId: answer.decidedBy, decidedAt: answer.decidedAt.toISOString(), choice: answer.choice } },
    };
  }

  async function decide(index: number, step: Step, given: DecideContext): Promise<Decision> {
    if (step.type === 'manual') {
      const masked = {
        variables: Object.fromEntries(Object.entries(given.variables).map(([k, v]) => [k, maskSecrets(v, deps.secrets)])),
        inputs: Object.fromEntries(Object.entries(given.inputs).map(([k, v]) => [k, maskSecrets(v, deps.secrets)])),
      };
      const answer = await askPerson(index, step, { kind: 'manual_step', instructions: step.instructions, inputs: masked, options: [], handover: 'manual' });
      if ('fail' in answer) return { fail: answer.fail, errorType: 'timeout' };
      return { done: true, by: 'person', details: { person: { userId: answer.decidedBy, decidedAt: answer.decidedAt.toISOString(), choice: 'done' } } };
    }
    if (step.type !== 'ai_decision') return { fail: `a ${step.type} step is not decided` };
    const options = step.options.map((o) => ({ value: o.value, label: o.label }));
    let handover: HandoverReason = 'not_configured';
    let ai: { details: ReturnType<typeof aiDetails>; id: string; result: AiResult } | undefined;
    if (deps.ai) {
      // The prompt as written: templates resolved into it would put page text among the instructions.
      const written = run.definition.steps.find((s) => s.id === step.id);
      const prompt = written?.type === 'ai_decision' ? written.prompt : step.prompt;
      const result = await askModel(deps.ai, { prompt, options, inputs: given, model: step.model });
      const alwaysAsk = result.ok && step.options.some((o) => o.value === result.answer.choice && o.alwaysAsk);
      const acted = result.ok && !alwaysAsk && result.answer.confidence >= step.threshold;
      handover = !result.ok ? result.failure : alwaysAsk ? 'always_ask' : 'below_threshold';
      const id = await recordAi(index, step, given, result, acted ? null : handover);
      ai = { id, result, details: aiDetails(result, acted ? 'acted' : 'handed_over', step.threshold, options) };
      if (acted && result.ok) {
        return { choice: result.answer.choice, by: 'ai', confidence: shownConfidence(result.answer.confidence), reason: result.answer.reason, details: { ai: ai.details } };
      }
    }
    const suggestion = ai?.result.ok ? { ...ai.result.answer, confidence: shownConfidence(ai.result.answer.confidence) } : undefined;
    const answer = await askPerson(index, step, {
      kind: 'ai_confirmation',
      instructions: step.prompt,
      inputs: given,
      options,
      aiDecisionId: ai?.id,
      suggestion: suggestion?.choice,
      confidence: suggestion?.confidence,
      reason: suggestion?.reason,
      handover,
    });
    if ('fail' in answer) return { fail: answer.fail, errorType: 'timeout' };
    return {
      choice: answer.choice,
      by: 'person',
      confidence: suggestion?.confidence,
      reason: suggestion?.reason,
      details: {
        handoverReason: handover,
        ...(ai && { ai: ai.details }),
        person: { userId: answer.decidedBy, decidedAt: answer.decidedAt.toISOString(), choice: answer.choice },
      },
    };
  }

  return { decide, confirmElement };
}

/** The decide hook alone (ai_decision and manual steps). */
export function makeDecide(deps: DecisionDeps) {
  return makeAskers(deps).decide;
}
