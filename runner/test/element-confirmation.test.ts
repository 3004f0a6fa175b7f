// A person confirms the candidate (docs/automation.md "Confirming a candidate and heals"), end to end through the
// api and the stack's runner: a renamed button below the threshold becomes an element_confirmation task with the
// outlined screenshot; "Ja" clicks that button once and the heal is offered as a new version, which an editor
// saves in one call; "Nej" fails the step and nothing is clicked; another organisation can neither see, decide
// nor apply anything. Needs a running stack with a runner (npm test starts one): API_URL.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppliedHeal, HumanTask, RunDetail, WorkflowDetail } from '../../supabase/functions/_shared/types/api.ts';
import { startServer, type TestServer } from '../src/engine/test/server.ts';
import { API_URL, Session } from './api-session.ts';

const owner = new Session();
const outsider = new Session();
let server: TestServer;

beforeAll(async () => {
  await owner.registerCompany('Bekrafta');
  await outsider.registerCompany('Fientlig');
  server = await startServer();
  server.page(
    '/form',
    `<form onsubmit="event.preventDefault()">
      <input aria-label="Namn" value="Anna">
      <button type="button" onclick="post('press', 'cancel')">Avbryt</button>
      <button type="button" id="save-changes" onclick="post('press', 'save')">Spara ändringar</button>
    </form>`,
  );
});

afterAll(async () => {
  await server?.close();
});

const SAVE_STEP = {
  id: 'save',
  type: 'click',
  description: 'Klicka på Spara',
  selectors: ['#save', 'aria/Spara[role="button"]'],
  timeout: 2500,
  fingerprint: { tag: 'button', role: 'button', name: 'Spara', attrs: { id: 'save' } },
};

async function activeWorkflow(): Promise<string> {
  const created = await owner.request<{ id: string }>('POST', '/workflows', { name: 'Spara formulär' });
  expect(created.status).toBe(201);
  const definition = { version: 1, steps: [{ id: 'open', type: 'navigate', description: 'Öppna', url: server.url('/form') }, SAVE_STEP] };
  expect((await owner.request('PUT', `/workflows/${created.body.id}/definition`, { definition })).status).toBe(200);
  expect((await owner.request('PUT', `/workflows/${created.body.id}`, { status: 'active' })).status).toBe(200);
  return created.body.id;
}

async function taskOf(runId: string): Promise<HumanTask> {
  let task: HumanTask | undefined;
  await expect
    .poll(async () => (task = (await owner.request<HumanTask[]>('GET', `/tasks?runId=${runId}`)).body.find((t) => t.status === 'open')), { timeout: 60_000, interval: 250 })
    .toBeDefined();
  return task!;
}

async function start(workflowId: string): Promise<string> {
  const started = await owner.request<{ executionId: string }>('POST', `/workflows/${workflowId}/run`, {});
  expect(started.status).toBe(202);
  return started.body.executionId;
}

it('"Ja" clicks the candidate once, the heal becomes a new version in one call; "Nej" clicks nothing; outsiders can do neither', async () => {
  const workflowId = await activeWorkflow();

  // 1. The run asks: the task has the candidate, its score and the outlined page.
  const yesRun = await start(workflowId);
  const task = await taskOf(yesRun);
  expect(task).toMatchObject({ kind: 'element_confirmation', title: 'Klicka på Spara', handoverReason: 'below_threshold', hasScreenshot: true });
  expect(task.options.map((o) => o.value)).toEqual(['yes', 'no']);
  expect(task.candidate).toMatchObject({ describe: 'button "Spara ändringar"', role: 'button', name: 'Spara ändringar', why: 'below_threshold', errorType: 'element_not_found' });
  expect(task.candidate!.score).toBeGreaterThanOrEqual(0.5);
  expect(task.candidate!.score).toBeLessThan(0.9);
  const shot = await fetch(`${API_URL}/tasks/${task.id}/screenshot`, { headers: { Cookie: owner.cookieHeader() } });
  expect(shot.status).toBe(200);
  expect(shot.headers.get('content-type')).toBe('image/jpeg');
  expect((await owner.request<{ status: string }>('GET', `/runs/${yesRun}`)).body.status).toBe('paused');
  expect(server.posts('press')).toEqual([]);

  // 2. Another organisation cannot see the page, nor decide.
  expect((await fetch(`${API_URL}/tasks/${task.id}/screenshot`, { headers: { Cookie: outsider.cookieHeader() } })).status).toBe(404);
  expect((await outsider.request('POST', `/tasks/${task.id}/decide`, { choice: 'yes' })).status).toBe(404);
  expect((await owner.request<{ status: string }>('GET', `/runs/${yesRun}`)).body.status).toBe('paused');

  // 3. "Ja": exactly that button, once; the step says how it was found and offers a new version.
  expect((await owner.request('POST', `/tasks/${task.id}/decide`, { choice: 'yes' })).status).toBe(200);
  const done = (await owner.runToEnd(yesRun, 30_000)) as unknown as RunDetail;
  expect({ status: done.status, error: done.errorMessage }).toEqual({ status: 'completed', error: null });
  await expect.poll(() => server.posts('press'), { timeout: 5_000 }).toEqual(['save']);
  // Attempt 1 let go of the run to wait for the person; attempt 2 found the same button and took the "Ja".
  expect(done.steps.filter((s) => s.stepId === 'save').map((s) => [s.attempt, s.status])).toEqual([[1, 'skipped'], [2, 'passed']]);
  const step = done.steps.findLast((s) => s.stepId === 'save')!;
  expect(step.heal).toMatchObject({ reason: 'confirmed', proposal: 'open', canApply: true, candidate: { name: 'Spara ändringar' } });
  expect(step.heal!.newSelectors[0]).toBe('aria/Spara ändringar[role="button"]');

  // 4. "Nej" on a second run: the step fails as before and the button is not clicked again.
  const noRun = await start(workflowId);
  const second = await taskOf(noRun);
  expect((await owner.request('POST', `/tasks/${second.id}/decide`, { choice: 'no' })).status).toBe(200);
  const failed = await owner.runToEnd(noRun, 30_000);
  expect({ status: failed.status, errorType: failed.errorType }).toEqual({ status: 'failed', errorType: 'element_not_found' });
  expect(failed.errorMessage).toContain('is not the right element; nothing was done');
  await new Promise((r) => setTimeout(r, 500));
  expect(server.posts('press')).toEqual(['save']);

  // 5. The heal as a new version: not by an outsider; once by the owner; the old version stays.
  const heal = `/runs/${yesRun}/steps/${step.id}/heal`;
  expect((await outsider.request('POST', heal, {})).status).toBe(404);
  const applied = await owner.request<AppliedHeal>('POST', heal, {});
  expect(applied.status).toBe(201);
  expect(applied.body).toMatchObject({ workflowId, previousVersion: 1, version: 2 });
  const workflow = (await owner.request<WorkflowDetail>('GET', `/workflows/${workflowId}`)).body;
  const saved = workflow.definition.steps.find((s) => s.id === 'save') as { selectors: string[]; fingerprint: { name: string } };
  expect(saved.selectors[0]).toBe('aria/Spara ändringar[role="button"]');
  expect(saved.selectors).toContain('#save');
  expect(saved.selectors).toContain('aria/Spara[role="button"]');
  expect(saved.fingerprint.name).toBe('Spara ändringar');
  expect((await owner.request('POST', heal, {})).status).toBe(409);
  const after = (await owner.request<RunDetail>('GET', `/runs/${yesRun}`)).body.steps.findLast((s) => s.stepId === 'save')!;
  expect(after.heal).toMatchObject({ proposal: 'applied', canApply: false });

  // 6. The new version finds the button at once: no question.
  const healedRun = await start(workflowId);
  const healed = await owner.runToEnd(healedRun, 30_000);
  expect(healed.status).toBe('completed');
  expect((await owner.request<HumanTask[]>('GET', `/tasks?runId=${healedRun}&status=all`)).body).toEqual([]);
  await expect.poll(() => server.posts('press'), { timeout: 5_000 }).toEqual(['save', 'save']);
});
