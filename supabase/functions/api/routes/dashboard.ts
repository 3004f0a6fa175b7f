// The dashboard's data (SPEC §2 dashboard, §7): recent activity, flow performance and the stat tiles,
// all computed from the organisation's runs, step results and error queue under RLS.
import { Hono } from 'hono';
import type { Tx } from '../../_shared/db.ts';
import { auditQuerySchema } from '../../_shared/schemas/audit.ts';
import type { DashboardStats, WorkflowPerformance } from '../../_shared/types/api.ts';
import { type AppEnv, requireSession } from '../middleware.ts';
import { asCaller, readQuery } from '../resource.ts';
import { WORKFLOW_PERFORMANCE } from '../../_shared/statements.ts';
import { selectActivities } from './audit.ts';

export const DASHBOARD_PERFORMANCE_LIMIT = 10;
/** GET /api/workflow-performance (the AI panel's figures per workflow): the most recently run 500. */
export const PERFORMANCE_LIST_LIMIT = 500;
/** The AI decisions the confidence tile averages. */
export const AI_CONFIDENCE_SAMPLE = 100;
const ZONE = 'Europe/Stockholm';

const recentActivityQuerySchema = auditQuerySchema.pick({ limit: true });

/** Workflows most recently run first (never run last), served by (organization_id, last_run_at desc nulls last). */
function performance(tx: Tx, limit: number) {
  return tx<WorkflowPerformance[]>`${tx.unsafe(WORKFLOW_PERFORMANCE.select)} ${tx.unsafe(WORKFLOW_PERFORMANCE.order)} limit ${limit}`;
}

export const dashboardRoutes = new Hono<AppEnv>();

dashboardRoutes.get('/dashboard/recent-activity', requireSession, async (c) => {
  const query = readQuery(c, recentActivityQuerySchema);
  return c.json(await asCaller(c, (tx) => selectActivities(tx, query)));
});

dashboardRoutes.get('/dashboard/workflow-performance', requireSession, async (c) => {
  return c.json(await asCaller(c, (tx) => performance(tx, DASHBOARD_PERFORMANCE_LIMIT)));
});

dashboardRoutes.get('/workflow-performance', requireSession, async (c) => {
  return c.json(await asCaller(c, (tx) => performance(tx, PERFORMANCE_LIST_LIMIT)));
});

/**
 * The tiles (each defined in docs/product.md "Figures"; test runs count in none). "This month" is the
 * calendar month in Europe/Stockholm; hours saved are completed runs times their workflow's manual time
 * (workflows.manual_seconds: the recording's duration until a person sets it; null while no completed run has one). The AI confidence is the same figure as the AI
 * panel's: the average confidence of the last 100 AI assessments (ai_decisions), whether the AI acted on
 * them or handed them to a person. Reads go through
 * (organization_id, created_at desc), (workflow_id, created_at desc), (organization_id, status) and the
 * steps' (run_id, attempt, seq); the running and waiting counts share one pass (docs/api.md, "Indexes").
 */
function stats(tx: Tx) {
  return tx<DashboardStats[]>`
    with bounds as (
      select (date_trunc('month', now() at time zone ${ZONE}) at time zone ${ZONE}) as month_start,
             now() - interval '7 days' as week_start
    ),
    saved as (
      select r.created_at, w.manual_seconds * 1000 as recorded_duration_ms
      from public.runs r
      join public.workflows w on w.id = r.workflow_id
      where r.status = 'completed' and r.trigger <> 'test' and r.created_at >= (select least(month_start, week_start) from bounds)
    ),
    decisions as (
      select d.confidence
      from public.ai_decisions d
      join public.runs r on r.id = d.run_id
      where d.confidence is not null and r.trigger <> 'test'
      order by d.created_at desc
      limit ${AI_CONFIDENCE_SAMPLE}
    )
    select
      (select count(*)::int from public.runs where created_at >= (select month_start from bounds) and trigger <> 'test') as "executionsThisMonth",
      (select round(sum(recorded_duration_ms) / 3600000.0, 1)::float8 from saved where created_at >= (select week_start from bounds))
        as "hoursSavedThisWeek",
      (select round(sum(recorded_duration_ms) / 3600000.0, 1)::float8 from saved where created_at >= (select month_start from bounds))
        as "hoursSavedThisMonth",
      (select round(avg(confidence), 1)::float8 from decisions) as "aiConfidence",
      active.running as "runningNow",
      active.waiting as "waitingForPeople",
      (select count(*)::int from public.error_queue_items where status = 'pending') as "pendingErrors"
    from (
      select count(*) filter (where status = 'running')::int as running,
             count(*) filter (where status = 'paused' and requires_manual_intervention)::int as waiting
      from public.runs
      where status in ('running', 'paused')
    ) active`;
}

dashboardRoutes.get('/dashboard/stats', requireSession, async (c) => {
  const [row] = await asCaller(c, (tx) => stats(tx));
  return c.json(row);
});
