// Human tasks (docs/automation.md "AI decisions and people"): the organisation's tasks (RLS: members read
// their organisation's), each with who may decide it and whether the caller may (app.task_refusal), and
// deciding one through app.decide_task (20261123000700, 20261126007000), which refuses a member the task's
// approvers leave out (403 task_not_allowed), a second decision, a choice that is not an option and other
// organisations' tasks, resumes the run and audits the decision in the caller's name.
import { Hono } from 'hono';
import { z } from 'zod';
import type { Tx } from '../../_shared/db.ts';
import { HttpError } from '../../_shared/http.ts';
import { decideTaskSchema } from '../../_shared/schemas/tasks.ts';
import type { HumanTask } from '../../_shared/types/api.ts';
import { type AppEnv, readJson, requireSession } from '../middleware.ts';
import { asCaller, pathId, readQuery } from '../resource.ts';

export const TASK_LIST_LIMIT = 100;

const listQuerySchema = z.strictObject({
  status: z.enum(['open', 'decided', 'cancelled', 'all'], { message: 'task_status_invalid' }).default('open'),
  runId: z.uuid({ message: 'invalid_id' }).optional(),
});

const TASK_COLUMNS = `t.id, t.kind, t.status, t.run_id as "runId", t.workflow_id as "workflowId", w.name as "workflowName", t.attempt,
  t.step_index as "stepIndex", t.step_id as "stepId", t.title, t.instructions, t.inputs, t.options, t.suggestion,
  t.confidence::int as confidence, t.reason, t.handover_reason as "handoverReason", t.decided_choice as "decidedChoice",
  t.decided_by as "decidedBy", p.full_name as "decidedByName", t.decided_at as "decidedAt", t.created_at as "createdAt",
  t.candidate, exists (select 1 from public.human_task_screenshots sc where sc.human_task_id = t.id) as "hasScreenshot",
  t.approvers, d.refusal as "cannotDecideReason", (t.status = 'open' and d.refusal is null) as "canDecide"`;

function selectTasks(tx: Tx, status: string, runId: string | undefined, id?: string) {
  return tx<HumanTask[]>`
    select ${tx.unsafe(TASK_COLUMNS)}
    from public.human_tasks t
    join public.workflows w on w.id = t.workflow_id
    left join public.profiles p on p.id = t.decided_by
    cross join lateral (select app.task_refusal(t) as refusal) d
    where ${status === 'all' ? tx`true` : tx`t.status = ${status}::public.human_task_status`}
      and ${runId ? tx`t.run_id = ${runId}` : tx`true`}
      and ${id ? tx`t.id = ${id}` : tx`true`}
    order by t.created_at desc, t.id desc
    limit ${TASK_LIST_LIMIT}`;
}

export const taskRoutes = new Hono<AppEnv>();

taskRoutes.get('/tasks', requireSession, async (c) => {
  const { status, runId } = readQuery(c, listQuerySchema);
  return c.json(await asCaller(c, (tx) => selectTasks(tx, status, runId)));
});

// The page with the candidate outlined (element_confirmation), as the runner took it.
taskRoutes.get('/tasks/:id/screenshot', requireSession, async (c) => {
  const id = pathId(c);
  const [shot] = await asCaller(c, (tx) => tx<{ jpeg: Uint8Array }[]>`select jpeg from public.human_task_screenshots where human_task_id = ${id}`);
  if (!shot) throw new HttpError(404, 'not_found');
  return c.body(new Uint8Array(shot.jpeg), 200, { 'Content-Type': 'image/jpeg' });
});

taskRoutes.post('/tasks/:id/decide', requireSession, async (c) => {
  const id = pathId(c);
  const body = await readJson(c, decideTaskSchema);
  const task = await asCaller(c, async (tx) => {
    await tx`select 1 from app.decide_task(${id}, ${'choice' in body ? body.choice : null}, ${'done' in body})`;
    const [row] = await selectTasks(tx, 'all', undefined, id);
    return row;
  });
  if (!task) throw new HttpError(404, 'not_found');
  return c.json(task);
});
