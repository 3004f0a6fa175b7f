// Element confirmations and heals (docs/automation.md "Confirming a candidate and heals"): the task's candidate
// and outlined screenshot for the organisation only, decided yes/no by its members and by nobody else; a heal
// on a run step saved as the workflow's next version by those who may edit it (403 for a member who may not,
// 404 for another organisation, 409 once applied), the previous version kept. Rows are written the way the
// runner writes them (as postgres), for runs with no job, so no runner takes them.
import { assert, assertEquals } from './assert.ts';
import { team, withDb } from './helpers.ts';
import { CLICK_DEFINITION, confirmationAndHeal, workflowWithSteps } from './run-fixtures.ts';

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
