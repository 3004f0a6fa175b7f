// The pictures the step editor shows beside each step (issue 24): the element's own picture, which the
// recorder extension crops when a person points at it ("Peka ut"; table step_thumbnails, at most 20 KB), else
// the step's screenshot from the workflow's last run that took one. All as the caller: members read their
// organisation's, only those who may change the workflow store one (RLS: 403 otherwise), another
// organisation's workflow is not found.
import { Hono } from 'hono';
import { HttpError } from '../../_shared/http.ts';
import { stepThumbnailSchema } from '../../_shared/schemas/step-thumbnails.ts';
import type { StepThumbnail } from '../../_shared/types/api.ts';
import { type AppEnv, readJson, requireSession } from '../middleware.ts';
import { asCaller, pathId } from '../resource.ts';

export const stepThumbnailRoutes = new Hono<AppEnv>();

const stepIdOf = (value: string | undefined) => {
  if (!value || value.length > 100) throw new HttpError(404, 'not_found');
  return value;
};

stepThumbnailRoutes.get('/workflows/:id/thumbnails', requireSession, async (c) => {
  const id = pathId(c);
  const rows = await asCaller(c, async (tx) => {
    const [workflow] = await tx`select 1 from public.workflows where id = ${id}`;
    if (!workflow) throw new HttpError(404, 'not_found');
    return tx<StepThumbnail[]>`
      with own as (
        select step_id, left(md5(jpeg), 12) as version from public.step_thumbnails where workflow_id = ${id}
      ),
      last_run as (
        select r.id from public.runs r
        where r.workflow_id = ${id} and exists (select 1 from public.run_steps s where s.run_id = r.id and s.has_screenshot)
        order by r.created_at desc limit 1
      ),
      shots as (
        select distinct on (s.step_id) s.step_id, s.run_id, s.id
        from public.run_steps s join last_run l on l.id = s.run_id
        where s.has_screenshot
        order by s.step_id, s.attempt desc, s.seq desc
      )
      select step_id as "stepId", 'element' as source, version, null as "runId", null as "stepResultId" from own
      union all
      select sh.step_id, 'run', null, sh.run_id, sh.id from shots sh where not exists (select 1 from own where own.step_id = sh.step_id)
      order by 1`;
  });
  return c.json(rows.map((row) => Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null))));
});

stepThumbnailRoutes.get('/workflows/:id/steps/:stepId/thumbnail', requireSession, async (c) => {
  const id = pathId(c);
  const stepId = stepIdOf(c.req.param('stepId'));
  const [row] = await asCaller(c, (tx) =>
    tx<{ jpeg: Uint8Array }[]>`select jpeg from public.step_thumbnails where workflow_id = ${id} and step_id = ${stepId}`);
  if (!row) throw new HttpError(404, 'not_found');
  return c.body(new Uint8Array(row.jpeg), 200, { 'Content-Type': 'image/jpeg', 'Cache-Control': 'private, max-age=86400' });
});

stepThumbnailRoutes.put('/workflows/:id/steps/:stepId/thumbnail', requireSession, async (c) => {
  const id = pathId(c);
  const stepId = stepIdOf(c.req.param('stepId'));
  const { jpeg } = await readJson(c, stepThumbnailSchema);
  const bytes = Uint8Array.from(atob(jpeg), (char) => char.charCodeAt(0));
  await asCaller(c, async (tx) => {
    const [workflow] = await tx`select 1 from public.workflows where id = ${id}`;
    if (!workflow) throw new HttpError(404, 'not_found');
    await tx`
      insert into public.step_thumbnails (workflow_id, step_id, jpeg) values (${id}, ${stepId}, ${bytes})
      on conflict (workflow_id, step_id) do update set jpeg = excluded.jpeg`;
  });
  return c.body(null, 204);
});
