// The marketplace of workflow templates (SPEC §2 marketplace): the global catalogue with the steps each
// installs, and installing a template as a draft workflow of the caller's organisation with those steps as
// version 1 (app.install_template: members cannot update templates). No ratings or download counts are
// shown: nothing measures what they would claim.
import { Hono } from 'hono';
import { z } from 'zod';
import { type Definition, referencedNames } from '../../_shared/schemas/definition.ts';
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
    tx<Array<Omit<Template, 'stepCount' | 'steps' | 'inputs' | 'secrets'> & { definition: Definition }>>`
      select id, name, description, category, industry, difficulty, creator,
             is_featured as "isFeatured", definition, updated_at as "updatedAt"
      from public.templates
      where ${q ? tx`(name ilike ${likePattern(q)} or description ilike ${likePattern(q)})` : tx`true`}
        and ${category ? tx`category = ${category}` : tx`true`}
      order by is_featured desc, name, id
      limit 500`
  );
  return c.json(rows.map(({ definition, ...template }): Template => ({
    ...template,
    stepCount: definition.steps.length,
    steps: definition.steps.map((step) => ({ type: step.type, description: step.description ?? '' })),
    inputs: referencedNames(definition, 'input'),
    secrets: referencedNames(definition, 'secret'),
  })));
});

templateRoutes.post('/templates/:id/install', requireSession, async (c) => {
  const id = pathId(c);
  const [row] = await asCaller(c, (tx) =>
    tx<Workflow[]>`select ${tx.unsafe(WORKFLOW_COLUMNS)} from app.install_template(${id})`
  );
  return c.json(row, 201);
});
