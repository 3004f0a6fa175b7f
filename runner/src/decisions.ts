// The runner's answer to ai_decision and manual steps (docs/automation.md "AI decisions and people"):
// ask the model (only the step's declared inputs, as untrusted data apart from the prompt as written, its
// `{{var.x}}` left as names: page text never becomes part of the instructions), act when its unrounded
// confidence reaches the step's threshold and the chosen option is not `alwaysAsk`, otherwise, on an invalid
// answer after one retry, when the provider is down or not configured, and for every manual step, open a human
// task, pause the run (requiresManualIntervention) and let go of it: the run waits for the person holding no
// browser and no slot (the runner parks it, worker.ts), and the person's decision starts a new attempt at this
// step, which takes that decision (`resumed`) instead of asking again. Where that attempt would send again what
// the page already sent, the run waits in place instead (its browser and slot kept) and takes the decision there.
// A run that waits past its organisation's limit ends as `waited_too_long` (app.runner_expire_paused).
// Every AI answer is a row of ai_decisions; the person's choice is on the task; both are on the step. The
// step's `approvers` are copied onto its task, so a later change of the definition cannot widen them.
import { type AiConfig, type AiResult, askModel } from '../../supabase/functions/_shared/ai.ts';
import type { ClaimedRun, ResumedAnswer, Sql } from './db.ts';
import { maskSecrets } from './engine/index.ts';
import type { DecideContext, Decision, ElementAnswer, ElementQuestion, Step } from './engine/types.ts';

export type DecisionDeps = {
  sql: Sql;
  run: ClaimedRun;
  ai: AiConfig | null;
  secrets: Record<string, string>;
  /** The run_steps row of the step being executed (for the task and the AI row). */
  stepRowId(index: number): string | undefined;
  /**
   * Lets go of the run to wait for a person at step `index`: the engine ends at once (the step is interrupted, not
   * failed) and the runner parks the run at this step with its browser state (worker.ts). False when parking would
   * make the next attempt send again what the page sent: the run then waits in place (waitInPlace).
   */
  park(index: number): Promise<boolean>;
  /**
   * Waits, holding the run's browser and slot, for the person's decision of task `taskId` (opened at step
   * `index`); undefined when the run was stopped or lost, or the runner is shutting down.
   */
  waitInPlace(taskId: string, index: number): Promise<PersonAnswer | undefined>;
  /** The person's answer to the task the previous attempt opened at this attempt's start step (db.ts resumedAnswer). */
  resumed?: ResumedAnswer;
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

export type PersonAnswer = { choice: string; decidedBy: string | null; decidedAt: Date };

/** What a step says while its run waits for a person (the engine ends the attempt as interrupted). */
const WAITING: Decision & ElementAnswer = { fail: 'waiting for a person: the run goes on from this step when the task is decided', errorType: 'stopped' };

/**
 * Whether the element a resumed attempt found is the one the person confirmed: the same tag, role, name, text and
 * row. Anything else is a new question (the page changed while the run waited).
 */
export function sameCandidate(confirmed: Record<string, unknown> | null | undefined, found: Record<string, unknown> | undefined): boolean {
  if (!confirmed || !found) return false;
  return (['tag', 'role', 'name', 'text', 'row'] as const).every((key) => (confirmed[key] ?? null) === (found[key] ?? null));
}

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
  let resumed = deps.resumed;

  /** The resumed answer, once, for the start step's own question (for an element, the same candidate). */
  function takeResumed(index: number, step: Step, kind: ResumedAnswer['kind'], candidate?: Record<string, unknown>): (PersonAnswer & { earlier: ResumedAnswer }) | undefined {
    const earlier = resumed;
    if (!earlier || earlier.stepIndex !== index || earlier.stepId !== step.id || earlier.kind !== kind) return undefined;
    if (kind === 'element_confirmation' && !sameCandidate(earlier.candidate, candidate)) return undefined;
    resumed = undefined;
    return { choice: earlier.choice, decidedBy: earlier.decidedBy, decidedAt: new Date(earlier.decidedAt), earlier };
  }

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

  /**
   * The person's answer to this step's question: the one given while the run was parked for it (this attempt
   * resumed at the step), or else a new task, the run paused for it and let go of (`waiting`: the engine ends,
   * the runner parks the run, and the person's decision starts the next attempt here).
   */
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
  }): Promise<PersonAnswer | 'waiting'> {
    const earlier = takeResumed(index, step, task.kind, task.candidate);
    if (earlier) return earlier;

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
    if (await deps.park(index)) return 'waiting';
    // Kept in place (parking would send data twice): the person's decision comes to this attempt.
    return (await deps.waitInPlace(taskId, index)) ?? 'waiting';
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
    if (answer === 'waiting') return WAITING;
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
      if (answer === 'waiting') return WAITING;
      return { done: true, by: 'person', details: { person: { userId: answer.decidedBy, decidedAt: answer.decidedAt.toISOString(), choice: 'done' } } };
    }
    if (step.type !== 'ai_decision') return { fail: `a ${step.type} step is not decided` };
    const options = step.options.map((o) => ({ value: o.value, label: o.label }));
    const resumedChoice = takeResumed(index, step, 'ai_confirmation');
    if (resumedChoice) {
      // Decided while the run was parked: the model is not asked again; the step records its earlier answer.
      const { handoverReason, ai } = resumedChoice.earlier;
      return {
        choice: resumedChoice.choice,
        by: 'person',
        confidence: ai?.confidence,
        reason: ai?.reason,
        details: {
          handoverReason,
          ...(ai && { ai: { ...ai, threshold: step.threshold, outcome: 'handed_over', label: options.find((o) => o.value === ai.choice)?.label } }),
          person: { userId: resumedChoice.decidedBy, decidedAt: resumedChoice.decidedAt.toISOString(), choice: resumedChoice.choice },
        },
      };
    }
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
    if (answer === 'waiting') return WAITING;
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
