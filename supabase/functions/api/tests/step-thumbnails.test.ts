// Step pictures (issue 24): PUT /api/workflows/:id/steps/:stepId/thumbnail stores the element's picture a person
// pointed at (a JPEG of at most 20 KB), GET …/thumbnail serves it to the organisation, and GET
// /api/workflows/:id/thumbnails lists a picture per step: the element's own, else the step's screenshot from
// the workflow's last run that took one.
import { assertEquals } from './assert.ts';
import { registerUser, team } from './helpers.ts';
import { insertRun, insertStep, TINY_JPEG, workflowWithSteps } from './run-fixtures.ts';

Deno.test('a step picture is stored by an editor, listed before run screenshots, served to members, refused to others', async () => {
  const { admin, member } = await team();
  const id = await workflowWithSteps(admin.client, { name: 'Leverantörer' });
  // The last run's screenshots of steps s1 and s4 (a run before it: not used).
  const older = await insertRun(id, { status: 'completed', minutesAgo: 10 });
  await insertStep(older, { seq: 1, jpeg: TINY_JPEG });
  const last = await insertRun(id, { status: 'completed', minutesAgo: 1 });
  const s1 = await insertStep(last, { seq: 0, jpeg: TINY_JPEG });
  await insertStep(last, { seq: 3, jpeg: TINY_JPEG });

  const jpeg = btoa(String.fromCharCode(...TINY_JPEG));
  assertEquals((await admin.client.put(`/workflows/${id}/steps/s4/thumbnail`, { jpeg })).status, 204);
  const listed = await member.client.get(`/workflows/${id}/thumbnails`);
  assertEquals(listed.status, 200);
  assertEquals(listed.body, [
    { stepId: 's1', source: 'run', runId: last, stepResultId: s1 },
    { stepId: 's4', source: 'element', version: listed.body[1].version },
  ]);
  const served = await member.client.get(`/workflows/${id}/steps/s4/thumbnail`);
  assertEquals([served.status, served.headers.get('content-type')], [200, 'image/jpeg']);

  // A member who did not create the workflow may not change it, nor its pictures.
  const denied = await member.client.put(`/workflows/${id}/steps/s4/thumbnail`, { jpeg });
  assertEquals([denied.status, denied.body.code], [403, 'forbidden']);
  // Not a JPEG, or larger than 20 KB: 400 with the field's message.
  const png = await admin.client.put(`/workflows/${id}/steps/s4/thumbnail`, { jpeg: 'iVBORw0KGgo=' });
  assertEquals([png.status, png.body.fields?.jpeg], [400, "The element's picture could not be read. Point at the element again."]);
  const large = await admin.client.put(`/workflows/${id}/steps/s4/thumbnail`, { jpeg: `/9j/${'A'.repeat(28_000)}` });
  assertEquals([large.status, large.body.fields?.jpeg], [400, "The element's picture is too large (at most 20 KB)."]);

  // Another organisation finds neither the workflow nor its pictures.
  const outsider = await registerUser();
  assertEquals((await outsider.client.get(`/workflows/${id}/thumbnails`)).status, 404);
  assertEquals((await outsider.client.get(`/workflows/${id}/steps/s4/thumbnail`)).status, 404);
  assertEquals((await outsider.client.put(`/workflows/${id}/steps/s9/thumbnail`, { jpeg })).status, 404);
});
