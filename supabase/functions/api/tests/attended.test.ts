// Attended runs: POST /api/workflows/:id/attended-runs and POST /api/runs/:id/attended, the workflow's run
// location, and the refusal of unattended starts of a workflow with a login step. The relay token comes back
// once and only its SHA-256 is stored; whether the runner's relay accepts it is pgTAP's (260-attended-runs).
import { assert, assertEquals, assertMatch } from './assert.ts';
import { registerUser, team, withDb } from './helpers.ts';
import { workflowWithSteps } from './run-fixtures.ts';

const LOGIN_DEFINITION = {
  version: 1,
  steps: [
    { id: 'open', type: 'navigate', description: 'Öppna banken', url: 'https://bank.example.se/' },
    { id: 'login', type: 'login', description: 'Logga in med BankID', instructions: 'Öppna BankID-appen och skanna koden.', until: { url: 'https://bank.example.se/start*' } },
    { id: 'pay', type: 'click', description: 'Betala', selectors: ['aria/Betala[role="button"]'] },
  ],
};

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

Deno.test('a workflow with a login step runs attended only: Kör nu, test runs and webhooks are refused with 409 in the caller\'s language', async () => {
  const { member, admin } = await team();
  const id = await workflowWithSteps(member.client, { definition: LOGIN_DEFINITION, active: true });
  const run = await member.client.post(`/workflows/${id}/run`, {});
  assertEquals([run.status, run.body.code], [409, 'workflow_attended_only']);
  assertMatch(run.body.error, /own browser/);
  const test = await member.client.post(`/workflows/${id}/run`, { mode: 'test' });
  assertEquals(test.status, 409);
  const hook = await admin.client.post(`/workflows/${id}/webhook`, {});
  const called = await fetch(hook.body.url, { method: 'POST', headers: { authorization: `Bearer ${hook.body.token}`, 'content-type': 'application/json' }, body: '{}' });
  assertEquals(called.status, 409, await called.text());
  const inSwedish = await member.client.clone('sv').post(`/workflows/${id}/run`, {});
  assertMatch(inSwedish.body.error, /egen webbläsare/);
});

Deno.test('POST /api/workflows/:id/attended-runs answers 201 with the relay, a token stored only as its hash, and an attended run in the caller\'s name', async () => {
  const { member, organizationId } = await team();
  const id = await workflowWithSteps(member.client, { definition: LOGIN_DEFINITION, active: true });
  const response = await member.client.post(`/workflows/${id}/attended-runs`, {});
  assertEquals(response.status, 201, response.text);
  const { runId, relayUrl, token, expiresAt } = response.body;
  assertMatch(relayUrl, /^wss?:\/\//);
  assertMatch(token, /^[A-Za-z0-9_-]{43}$/);
  const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
  assert(minutes > 9 && minutes <= 10, `the token is short-lived (${minutes} min)`);
  const [stored] = await withDb((sql) => sql`
    select r.mode, r.attended_by, r.status, r.organization_id, t.token_hash, t.attempt,
           (select count(*)::int from pgboss.job j where j.data ->> 'runId' = r.id::text) as jobs
    from public.runs r join private.attended_tokens t on t.run_id = r.id where r.id = ${runId}`);
  assertEquals([stored.mode, stored.attended_by, stored.status, stored.organization_id, stored.attempt, stored.jobs], ['attended', member.id, 'pending', organizationId, 1, 0]);
  assertEquals(new Uint8Array(stored.token_hash), await sha256(token), 'only the SHA-256 of the token is kept');
  const detail = await member.client.get(`/runs/${runId}`);
  assertEquals([detail.body.mode, detail.body.attendedBy, detail.body.pauseReason], ['attended', member.id, null]);
});

Deno.test('the run location: unattended-only workflows refuse attended starts, attended-only ones refuse Kör nu, and another organisation starts nothing', async () => {
  const { member } = await team();
  const plain = await workflowWithSteps(member.client, { active: true });
  const refused = await member.client.post(`/workflows/${plain}/attended-runs`, {});
  assertEquals([refused.status, refused.body.code], [409, 'workflow_unattended_only']);
  const set = await member.client.put(`/workflows/${plain}`, { runLocation: 'attended' });
  assertEquals([set.status, set.body.runLocation], [200, 'attended']);
  assertEquals((await member.client.post(`/workflows/${plain}/run`, {})).body.code, 'workflow_attended_only');
  assertEquals((await member.client.post(`/workflows/${plain}/attended-runs`, {})).status, 201);
  assertEquals((await member.client.put(`/workflows/${plain}`, { runLocation: 'both' })).status, 200);
  assertEquals((await member.client.post(`/workflows/${plain}/run`, {})).status, 202);
  assertEquals((await member.client.put(`/workflows/${plain}`, { runLocation: 'anywhere' })).status, 400);
  const outsider = await registerUser();
  const other = await outsider.client.post(`/workflows/${plain}/attended-runs`, {});
  assertEquals(other.status, 404);
});

Deno.test('POST /api/runs/:id/attended gives a new token only to the person who started the run or an admin, only while it waits for a browser', async () => {
  const { member, superuser, admin } = await team();
  const id = await workflowWithSteps(member.client, { definition: LOGIN_DEFINITION, active: true });
  const { runId, token } = (await member.client.post(`/workflows/${id}/attended-runs`, {})).body;
  const again = await member.client.post(`/runs/${runId}/attended`, {});
  assertEquals(again.status, 200, again.text);
  assert(again.body.token !== token, 'a new token');
  assertEquals((await superuser.client.post(`/runs/${runId}/attended`, {})).status, 403, 'another member');
  const outsider = await registerUser();
  assertEquals((await outsider.client.post(`/runs/${runId}/attended`, {})).status, 404, 'another organisation');
  await withDb((sql) => sql`update public.runs set status = 'running', runner_id = 'relay-test', heartbeat_at = now() where id = ${runId}`);
  const running = await member.client.post(`/runs/${runId}/attended`, {});
  assertEquals([running.status, running.body.code], [409, 'run_state_invalid']);
  await withDb((sql) => sql`update public.runs set status = 'paused', pause_reason = 'tab_closed', runner_id = null where id = ${runId}`);
  const byAdmin = await admin.client.post(`/runs/${runId}/attended`, {});
  assertEquals(byAdmin.status, 200, 'an admin continues it in their own browser');
  const [{ attended_by }] = await withDb((sql) => sql`select attended_by from public.runs where id = ${runId}`);
  assertEquals(attended_by, admin.id);
  const plain = await workflowWithSteps(member.client, { active: true });
  const unattended = (await member.client.post(`/workflows/${plain}/run`, {})).body.executionId;
  assertEquals((await member.client.post(`/runs/${unattended}/attended`, {})).status, 409, 'an unattended run has no browser to continue in');
});
