// Workflows (SPEC §2 workflows, §7): list, create, edit, start/pause, delete, duplicate, run. RLS decides
// who sees and changes which workflow; a run goes through public.run_workflow (users cannot write run statistics).
import { Hono } from 'hono';
import { z } from 'zod';
import { HttpError } from '../../_shared/http.ts';
import { createWorkflowSchema, updateWorkflowSchema } from '../../_shared/schemas/workflows.ts';
import type { Workflow } from '../../_shared/types/api.ts';
import { type AppEnv, readJson, requireSession } from '../middleware.ts';
import { asCaller, deniedOrMissing, likePattern, pathId, readQuery } from '../resource.ts';

export const WORKFLOW_LIST_LIMIT = 500;

const listQuerySchema = z.strictObject({ q: z.string().trim().max(200, 'too_long').optional() });

/** The columns of a `Workflow`, for `select`/`returning` on public.workflows (alias-free). */
export const WORKFLOW_COLUMNS = `id, name, description, category, start_method as "startMethod", status,
  is_active as "isActive", created_at as "createdAt", updated_at as "updatedAt", created_by as "createdBy",
  last_run_at as "lastRunAt", success_rate::float8 as "successRate", run_count as "runCount"`;

export const workflowRoutes = new Hono<AppEnv>();

workflowRoutes.get('/workflows', requireSession, async (c) => {
  const { q } = readQuery(c, listQuerySchema);
  const rows = await asCaller(c, (tx) =>
    tx<Workflow[]>`
      select ${tx.unsafe(WORKFLOW_COLUMNS)} from public.workflows
      where ${q ? tx`name ilike ${likePattern(q)}` : tx`true`}
      order by created_at desc, id desc
      limit ${WORKFLOW_LIST_LIMIT}`
  );
  return c.json(rows);
});

workflowRoutes.post('/workflows', requireSession, async (c) => {
  const input = await readJson(c, createWorkflowSchema);
  const [row] = await asCaller(c, (tx) =>
    tx<Workflow[]>`
      insert into public.workflows (name, description, category, start_method)
      values (${input.name}, ${input.description}, ${input.category}, ${input.startMethod})
      returning ${tx.unsafe(WORKFLOW_COLUMNS)}`
  );
  return c.json(row, 201);
});

workflowRoutes.put('/workflows/:id', requireSession, async (c) => {
  const id = pathId(c);
  const input = await readJson(c, updateWorkflowSchema);
  const changes: Record<string, string | boolean> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  if (input.category !== undefined) changes.category = input.category;
  if (input.startMethod !== undefined) changes.start_method = input.startMethod;
  if (input.status !== undefined) {
    changes.status = input.status;
    changes.is_active = input.status === 'active';
  }
  const row = await asCaller(c, async (tx) => {
    const [updated] = await tx<Workflow[]>`
      update public.workflows set ${tx(changes)} where id = ${id}
      returning ${tx.unsafe(WORKFLOW_COLUMNS)}`;
    return updated ?? deniedOrMissing(tx, 'public.workflows', id, new HttpError(403, 'forbidden'));
  });
  return c.json(row);
});

workflowRoutes.delete('/workflows/:id', requireSession, async (c) => {
  const id = pathId(c);
  await asCaller(c, async (tx) => {
    const [deleted] = await tx`delete from public.workflows where id = ${id} returning id`;
    return deleted ?? deniedOrMissing(tx, 'public.workflows', id, new HttpError(403, 'forbidden'));
  });
  return c.body(null, 204);
});

workflowRoutes.post('/workflows/:id/duplicate', requireSession, async (c) => {
  const id = pathId(c);
  const row = await asCaller(c, async (tx) => {
    const [copy] = await tx<Workflow[]>`
      insert into public.workflows (name, description, category, start_method, status, is_active)
      select left(name, 192) || ' (kopia)', description, category, start_method, 'draft', false
      from public.workflows where id = ${id}
      returning ${tx.unsafe(WORKFLOW_COLUMNS)}`;
    if (!copy) throw new HttpError(404, 'not_found');
    return copy;
  });
  return c.json(row, 201);
});

workflowRoutes.post('/workflows/:id/run', requireSession, async (c) => {
  const id = pathId(c);
  const [row] = await asCaller(c, (tx) => tx<{ executionId: string }[]>`select public.run_workflow(${id}) as "executionId"`);
  return c.json(row, 202);
});
