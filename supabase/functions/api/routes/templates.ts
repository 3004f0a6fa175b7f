// The marketplace of workflow templates (SPEC §2 marketplace): the global catalogue, and installing a
// template as a draft workflow of the caller's organisation (app.install_template: members cannot
// update templates, the function raises the download count).
import { Hono } from 'hono';
import { z } from 'zod';
import { WORKFLOW_COLUMNS } from '../../_shared/statements.ts';
import type { Template, Workflow } from '../../_shared/types/api.ts';
import { type AppEnv, requireSession } from '../middleware.ts';
import { asCaller, likePattern, pathId, readQuery } from '../resource.ts';

const listQuerySchema = z.strictObject({
  q: z.string().trim().max(200, 'too_long').optional(),
  category: z.string().trim().max(200, 'too_long').optional(),
});

export const templateRoutes = new Hono<AppEnv>();

templateRoutes.get('/templates', requireSession, async (c) => {
  const { q, category } = readQuery(c, listQuerySchema);
  const rows = await asCaller(c, (tx) =>
    tx<Template[]>`
      select id, name, description, category, industry, difficulty, rating::float8 as rating, downloads, creator,
             is_featured as "isFeatured", jsonb_array_length(steps) as "stepCount", updated_at as "updatedAt"
      from public.templates
      where ${q ? tx`(name ilike ${likePattern(q)} or description ilike ${likePattern(q)})` : tx`true`}
        and ${category ? tx`category = ${category}` : tx`true`}
      order by is_featured desc, downloads desc, name, id
      limit 500`
  );
  return c.json(rows);
});

templateRoutes.post('/templates/:id/install', requireSession, async (c) => {
  const id = pathId(c);
  const [row] = await asCaller(c, (tx) =>
    tx<Workflow[]>`select ${tx.unsafe(WORKFLOW_COLUMNS)} from app.install_template(${id})`
  );
  return c.json(row, 201);
});
