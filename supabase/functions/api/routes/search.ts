// The top bar's search (docs/api.md "Search"): one question, three kinds of answer, each at most SEARCH_LIMIT,
// all read as the caller (RLS: only their organisation's). Workflows whose name contains the text; the newest
// runs of those workflows; the open tasks whose workflow or step title contains it.
import { Hono } from 'hono';
import { z } from 'zod';
import type { SearchResults } from '../../_shared/types/api.ts';
import { type AppEnv, requireSession } from '../middleware.ts';
import { asCaller, likePattern, readQuery } from '../resource.ts';

export const SEARCH_LIMIT = 5;
/** How many matching workflows the runs are looked for in (each by its own index range). */
const RUN_WORKFLOWS = 20;

const searchQuerySchema = z.strictObject({ q: z.string().trim().min(1, 'search_text_required').max(200, 'too_long') });

export const searchRoutes = new Hono<AppEnv>();

searchRoutes.get('/search', requireSession, async (c) => {
  const { q } = readQuery(c, searchQuerySchema);
  const pattern = likePattern(q);
  const results = await asCaller(c, async (tx): Promise<SearchResults> => {
    const [workflows, runs, tasks] = await Promise.all([
      tx<SearchResults['workflows']>`
        select id, name, status from public.workflows where name ilike ${pattern} order by name, id limit ${SEARCH_LIMIT}`,
      tx<SearchResults['runs']>`
        select r.id, w.name as "workflowName", r.status, r.created_at as "createdAt"
        from (select id, name from public.workflows where name ilike ${pattern} order by updated_at desc limit ${RUN_WORKFLOWS}) w
        cross join lateral (
          select id, status, created_at from public.runs where workflow_id = w.id order by created_at desc limit ${SEARCH_LIMIT}) r
        order by r.created_at desc, r.id desc
        limit ${SEARCH_LIMIT}`,
      tx<SearchResults['tasks']>`
        select t.id, t.run_id as "runId", w.name as "workflowName", t.kind, t.title
        from public.human_tasks t join public.workflows w on w.id = t.workflow_id
        where t.status = 'open' and (w.name ilike ${pattern} or t.title ilike ${pattern})
        order by t.created_at desc, t.id desc
        limit ${SEARCH_LIMIT}`,
    ]);
    return { workflows, runs, tasks };
  });
  return c.json(results);
});
