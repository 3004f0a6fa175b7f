// Element confirmations and heals (docs/automation.md "Confirming a candidate and heals"): the task's candidate
// and outlined screenshot for the organisation only, decided yes/no by its members and by nobody else; a heal
// on a run step saved as the workflow's next version by those who may edit it (403 for a member who may not,
// 404 for another organisation, 409 once applied), the previous version kept. Rows are written the way the
// runner writes them (as postgres), for runs with no job, so no runner takes them.
import { assert, assertEquals } from './assert.ts';
import { team, withDb } from './helpers.ts';
import { insertRun, TINY_JPEG, workflowWithSteps } from './run-fixtures.ts';

const CLICK_DEFINITION = {
  version: 1,
  steps: [
    { id: 'open', type: 'navigate', description: 'Öppna', url: 'https://portal.example.se/' },
    { id: 'save', type: 'click', description: 'Klicka på Spara', selectors: ['#save', 'aria/Spara[role="button"]', 'form > button:nth-of-type(2)'] },
  ],
};

const CANDIDATE = {
  describe: 'button "Spara ändringar"',
  tag: 'button',
  role: 'button',
  name: 'Spara ändringar',
  selectors: ['aria/Spara ändringar[role="button"]', '#save-changes', 'form > button:nth-of-type(3)'],
  fingerprint: { tag: 'button', role: 'button', name: 'Spara ändringar' },
};

/** A paused run waiting on an element confirmation (with its screenshot), and a passed step of it carrying a heal. */
async function confirmationAndHeal(workflowId: string) {
  const runId = await insertRun(workflowId, { status: 'paused', requiresManualIntervention: true, completedSteps: 1 });
  return withDb(async (sql) => {
    const [task] = await sql<{ id: string }[]>`
      insert into public.human_tasks (organization_id, run_id, workflow_id, attempt, step_index, step_id, kind, title, instructions, options, handover_reason, candidate)
      select r.organization_id, r.id, r.workflow_id, 1, 1, 'save', 'element_confirmation', 'Klicka på Spara', 'no element matched #save',
             ${sql.json([{ value: 'yes', label: 'Ja, det är rätt' }, { value: 'no', label: 'Nej' }])}, 'below_threshold',
             ${sql.json({ ...CANDIDATE, score: 0.7, threshold: 0.9, why: 'below_threshold', errorType: 'element_not_found', errorMessage: 'no element matched #save' })}
      from public.runs r where r.id = ${runId}
      returning id`;
    await sql`insert into public.human_task_screenshots (human_task_id, organization_id, jpeg)
              select id, organization_id, ${TINY_JPEG} from public.human_tasks where id = ${task.id}`;
    const heal = { reason: 'confirmed', score: 0.7, threshold: 0.9, candidate: CANDIDATE, oldSelectors: CLICK_DEFINITION.steps[1].selectors, newSelectors: [] };
    const [step] = await sql<{ id: string }[]>`
      insert into public.run_steps (organization_id, run_id, attempt, seq, step_index, step_id, step_type, description, status, finished_at, heal)
      select r.organization_id, r.id, 1, 1, 1, 'save', 'click', 'Klicka på Spara', 'passed', now(), ${sql.json(heal as never)}
      from public.runs r where r.id = ${runId}
      returning id`;
    return { runId, taskId: task.id, stepResultId: step.id };
  });
}

Deno.test('an element confirmation shows its candidate and screenshot to the organisation only, and only its members decide it', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const workflowId = await workflowWithSteps(a.admin.client, { name: 'Spara formulär', definition: CLICK_DEFINITION });
  const { runId, taskId } = await confirmationAndHeal(workflowId);

  const [task] = (await a.member.client.get(`/tasks?runId=${runId}`)).body;
  assertEquals([task.kind, task.hasScreenshot, task.candidate.name, task.candidate.score], ['element_confirmation', true, 'Spara ändringar', 0.7]);
  const shot = await a.member.client.get(`/tasks/${taskId}/screenshot`);
  assertEquals([shot.status, shot.headers.get('content-type')], [200, 'image/jpeg']);

  assertEquals((await b.admin.client.get(`/tasks/${taskId}/screenshot`)).status, 404);
  assertEquals((await b.admin.client.post(`/tasks/${taskId}/decide`, { choice: 'yes' })).status, 404);
  assertEquals((await a.member.client.post(`/tasks/${taskId}/decide`, { choice: 'perhaps' })).status, 400);
  const decided = await a.member.client.post(`/tasks/${taskId}/decide`, { choice: 'no' });
  assertEquals([decided.status, decided.body.decidedChoice], [200, 'no']);
});

Deno.test('POST /api/runs/:id/steps/:stepId/heal saves the heal as the next version for an editor only, keeping the previous one', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const workflowId = await workflowWithSteps(a.admin.client, { name: 'Spara formulär', definition: CLICK_DEFINITION });
  const { runId, stepResultId } = await confirmationAndHeal(workflowId);
  const path = `/runs/${runId}/steps/${stepResultId}/heal`;

  // A member who did not create the workflow sees the proposal but may not apply it.
  const seen = (await a.member.client.get(`/runs/${runId}`)).body.steps.find((s: { id: string }) => s.id === stepResultId);
  assertEquals([seen.heal.proposal, seen.heal.canApply], ['open', false]);
  assertEquals((await a.member.client.post(path, {})).status, 403);
  assertEquals((await b.admin.client.post(path, {})).status, 404);

  const applied = await a.superuser.client.post(path, {});
  assertEquals(applied.status, 201);
  assertEquals(applied.body, { workflowId, version: 2, previousVersion: 1 });
  const workflow = (await a.admin.client.get(`/workflows/${workflowId}`)).body;
  const step = workflow.definition.steps.find((s: { id: string }) => s.id === 'save');
  // the candidate's selectors with meaning first, the old ones with meaning after, positional ones last
  assertEquals(step.selectors, ['aria/Spara ändringar[role="button"]', '#save-changes', '#save', 'aria/Spara[role="button"]', 'form > button:nth-of-type(3)', 'form > button:nth-of-type(2)']);
  assertEquals(step.fingerprint.name, 'Spara ändringar');
  const versions = await withDb((sql) => sql<{ version: number; source: string }[]>`
    select version, source from public.workflow_versions where workflow_id = ${workflowId} order by version`);
  assertEquals(versions.map((v) => [v.version, v.source]), [[1, 'editor'], [2, 'heal']]);

  const again = await a.admin.client.post(path, {});
  assertEquals([again.status, again.body.code], [409, 'heal_already_applied']);
  const after = (await a.admin.client.get(`/runs/${runId}`)).body.steps.find((s: { id: string }) => s.id === stepResultId);
  assertEquals([after.heal.proposal, after.heal.canApply], ['applied', false]);
  assert(after.heal.candidate.name === 'Spara ändringar');

  // The previous version can be restored (saved again as version 3) by an editor, not by a member who may not edit.
  assertEquals((await a.member.client.post(`/workflows/${workflowId}/versions/1/restore`, {})).status, 403);
  assertEquals((await b.admin.client.post(`/workflows/${workflowId}/versions/1/restore`, {})).status, 404);
  assertEquals((await a.admin.client.post(`/workflows/${workflowId}/versions/9/restore`, {})).status, 404);
  const restored = await a.admin.client.post(`/workflows/${workflowId}/versions/1/restore`, {});
  assertEquals([restored.status, restored.body.version], [201, 3]);
  assertEquals((await a.admin.client.get(`/workflows/${workflowId}`)).body.definition.steps[1].selectors, CLICK_DEFINITION.steps[1].selectors);
  const reopened = (await a.admin.client.get(`/runs/${runId}`)).body.steps.find((s: { id: string }) => s.id === stepResultId);
  assertEquals([reopened.heal.proposal, reopened.heal.canApply], ['open', true]);
});
