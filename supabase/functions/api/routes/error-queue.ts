// The error queue ('Felkö', SPEC §2): the organisation's failed steps, resolved by any member (idempotent,
// one `error_resolved` audit row by trigger), ignored or escalated by superusers and admins.
import { Hono } from 'hono';
import { z } from 'zod';
import type { Context } from 'hono';
import type { Tx } from '../../_shared/db.ts';
import { HttpError, parseJsonBody } from '../../_shared/http.ts';
import { ERROR_STATUSES, escalateErrorSchema } from '../../_shared/schemas/error-queue.ts';
import { CURSOR_TIMESTAMP } from '../../_shared/statements.ts';
import type { ErrorQueueItem, ErrorQueueStats, Page } from '../../_shared/types/api.ts';
import { decodeCursor, idKey, pageParams, scopeOf, timestampKey, toPage } from '../paging.ts';
import { type AppEnv, requireSession } from '../middleware.ts';
import { asCaller, pathId, readQuery, requirePermission } from '../resource.ts';

export const ERROR_QUEUE_PAGE_SIZE = 50;
export const ERROR_QUEUE_PAGE_MAX = 200;

const listQuerySchema = z.strictObject({
  /** Only the items of this status (the screen shows the pending ones); all when absent. */
  status: z.enum(ERROR_STATUSES, { message: 'error_status_invalid' }).optional(),
  ...pageParams(ERROR_QUEUE_PAGE_SIZE, ERROR_QUEUE_PAGE_MAX),
});
const itemKey = z.tuple([timestampKey, idKey]);
const ZONE = 'Europe/Stockholm';

const ITEM_COLUMNS = `e.id, e.status, e.priority, e.error_type as "errorType", e.error_message as "errorMessage",
  e.created_at as "createdAt", e.workflow_id as "workflowId", w.name as "workflowName", e.execution_id as "executionId",
  e.step_id as "stepId", e.step_index as "stepIndex", e.resolved_at as "resolvedAt"`;

async function selectItem(tx: Tx, id: string): Promise<ErrorQueueItem> {
  const [item] = await tx<ErrorQueueItem[]>`
    select ${tx.unsafe(ITEM_COLUMNS)}
    from public.error_queue_items e left join public.workflows w on w.id = e.workflow_id
    where e.id = ${id}`;
  if (!item) throw new HttpError(404, 'not_found');
  return item;
}

/**
 * Applies `changes` to a visible item (404 otherwise) and returns it. Idempotent: setting what is already
 * there changes nothing that matters (the resolution stamps stay, the audit trigger fires only on the
 * transition into resolved). The update must return the row: none means the caller lost access meanwhile.
 */
function change(c: Context<AppEnv>, id: string, changes: { status: string; priority?: string }, action: 'error.resolve' | 'error.moderate') {
  return asCaller(c, async (tx) => {
    await selectItem(tx, id);
    await requirePermission(tx, action);
    const priority = changes.priority ?? null;
    const [row] = await tx`
      update public.error_queue_items
      set status = ${changes.status}::public.error_status,
          priority = coalesce(${priority}::public.error_priority, priority)
      where id = ${id}
      returning id`;
    if (!row) throw new HttpError(403, 'forbidden');
    return selectItem(tx, id);
  });
}

export const errorQueueRoutes = new Hono<AppEnv>();

// A page of the organisation's error queue, newest first, of one status or all (docs/api.md "Lists and pages"),
// through (organization_id[, status], created_at desc, id desc).
errorQueueRoutes.get('/error-queue', requireSession, async (c) => {
  const { status, limit, cursor } = readQuery(c, listQuerySchema);
  const scope = scopeOf(c, 'error-queue', status ?? null);
  const after = cursor ? decodeCursor(c, scope, cursor, itemKey) : null;
  const rows = await asCaller(c, (tx) =>
    tx<(ErrorQueueItem & { cursorAt: string })[]>`
      select ${tx.unsafe(ITEM_COLUMNS)}, ${tx.unsafe(CURSOR_TIMESTAMP('e.created_at'))} as "cursorAt"
      from public.error_queue_items e left join public.workflows w on w.id = e.workflow_id
      where ${status ? tx`e.status = ${status}::public.error_status` : tx`true`}
        and ${after ? tx`(e.created_at, e.id) < (${after[0]}::text::timestamptz, ${after[1]}::uuid)` : tx`true`}
      order by e.created_at desc, e.id desc
      limit ${limit + 1}`);
  const page: Page<ErrorQueueItem> = toPage(scope, rows, limit, (e) => [e.cursorAt, e.id], ({ cursorAt: _, ...e }) => e);
  return c.json(page);
});

// The stat cards (their definitions: docs/product.md "Figures"): pending items (all, as the list shows them),
// items resolved today (Europe/Stockholm), the average minutes from failure to resolution and the automatic
// recovery: the share of resolved items that Kollega's automatic retry resolved (resolved_by is null: no person)
// and whose run then completed; the last three over the last 30 days, without test runs, null when no item was
// resolved in that time. Runs a decision stopped are reviewed, never recovered: their items count in the first
// three, not in the recovery share. Read through (organization_id, status, created_at desc).
errorQueueRoutes.get('/error-queue/stats', requireSession, async (c) => {
  const [row] = await asCaller(c, (tx) =>
    tx<ErrorQueueStats[]>`
      with resolved as (
        select e.created_at, e.resolved_at, e.error_type, e.resolved_by, r.status as run_status
        from public.error_queue_items e
        left join public.runs r on r.id = e.execution_id
        where e.status = 'resolved' and e.resolved_at >= now() - interval '30 days' and r.trigger is distinct from 'test'
      )
      select
        (select count(*)::int from public.error_queue_items where status = 'pending') as pending,
        (select count(*)::int from resolved
          where resolved_at >= date_trunc('day', now() at time zone ${ZONE}) at time zone ${ZONE}) as "resolvedToday",
        (select round((extract(epoch from avg(resolved_at - created_at)) / 60)::numeric, 1)::float8 from resolved)
          as "averageResolutionMinutes",
        (select round(100.0 * count(*) filter (where run_status = 'completed' and resolved_by is null) / nullif(count(*), 0), 1)::float8 from resolved
          where error_type <> 'stopped_by_decision')
          as "automaticRecoveryRate"`);
  return c.json(row);
});

errorQueueRoutes.post('/error-queue/:id/resolve', requireSession, async (c) => {
  return c.json(await change(c, pathId(c), { status: 'resolved' }, 'error.resolve'));
});

errorQueueRoutes.post('/error-queue/:id/ignore', requireSession, async (c) => {
  return c.json(await change(c, pathId(c), { status: 'ignored' }, 'error.moderate'));
});

errorQueueRoutes.post('/error-queue/:id/escalate', requireSession, async (c) => {
  const id = pathId(c);
  // The body is optional (priority defaults to high).
  const text = await c.req.text();
  const { priority } = parseJsonBody(text.trim() ? text : '{}', escalateErrorSchema, c.get('lang'));
  return c.json(await change(c, id, { status: 'in_progress', priority }, 'error.moderate'));
});
