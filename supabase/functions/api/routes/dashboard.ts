// The dashboard's data (SPEC §2 dashboard, §7): recent activity and flow performance.
import { Hono } from 'hono';
import type { Tx } from '../../_shared/db.ts';
import { auditQuerySchema } from '../../_shared/schemas/audit.ts';
import type { WorkflowPerformance } from '../../_shared/types/api.ts';
import { type AppEnv, requireSession } from '../middleware.ts';
import { asCaller, readQuery } from '../resource.ts';
import { selectActivities } from './audit.ts';
import { WORKFLOW_LIST_LIMIT } from './workflows.ts';

export const DASHBOARD_PERFORMANCE_LIMIT = 10;

const recentActivityQuerySchema = auditQuerySchema.pick({ limit: true });

/** Workflows most recently run first (never run last), served by (organization_id, last_run_at desc nulls last). */
function performance(tx: Tx, limit: number) {
  return tx<WorkflowPerformance[]>`
    select id, name, status, start_method as "startMethod", last_run_at as "lastRunAt",
           success_rate::float8 as "successRate", run_count as "runCount"
    from public.workflows
    order by last_run_at desc nulls last, id
    limit ${limit}`;
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
  return c.json(await asCaller(c, (tx) => performance(tx, WORKFLOW_LIST_LIMIT)));
});
