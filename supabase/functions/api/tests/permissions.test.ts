// The shared permission table (supabase/functions/_shared/permissions.ts) walked against the api: for every
// action, each role (and a plain user who created the workflow) calls the endpoints the action names on a
// fresh fixture; whoever the table allows gets a 2xx, whoever it refuses a 403 and nothing changes. The web
// app hides or disables actions from the same table, so a rule the server changes fails here first.
import { type Action, ACTIONS, can } from '../../_shared/permissions.ts';
import type { Role } from '../../_shared/types/api.ts';
import { assert, assertEquals } from './assert.ts';
import { type Actor, addMember, type ApiResponse, signIn, team, withDb } from './helpers.ts';
import { CLICK_DEFINITION, confirmationAndHeal, definition, insertRun, workflowWithSteps } from './run-fixtures.ts';

const RENT_NOTICES = 'e0000000-0000-4000-8000-000000000001'; // seed template: Hyresavisering

type World = Awaited<ReturnType<typeof team>> & { creator: Actor };

/** Who calls: the three roles, and a plain user who created the workflows the fixtures make. */
type Caller = { label: string; role: Role; actor: (world: World) => Actor };
const CALLERS: Caller[] = [
  { label: 'a user (not the creator)', role: 'user', actor: (w) => w.member },
  { label: 'the creator (a user)', role: 'user', actor: (w) => w.creator },
  { label: 'a superuser', role: 'superuser', actor: (w) => w.superuser },
  { label: 'an admin', role: 'admin', actor: (w) => w.admin },
];

/** Makes a fresh fixture, then returns the calls the action stands for (each must pass or be refused). */
type Probe = (world: World) => Promise<(actor: Actor) => Promise<ApiResponse[]>>;

const errorItem = (runId: string) =>
  withDb(async (sql) => (await sql<{ id: string }[]>`select id from public.error_queue_items where execution_id = ${runId}`)[0].id);

let secretCount = 0;

const PROBES: Record<Action, Probe> = {
  'workflow.create': () => Promise.resolve(async (a) => [await a.client.post('/workflows', { name: 'Ny rutin' })]),
  'workflow.edit': async (w) => {
    const id = await workflowWithSteps(w.creator.client);
    return async (a) => [await a.client.put(`/workflows/${id}`, { name: 'Nytt namn', description: 'Ändrad' })];
  },
  'workflow.edit_steps': async (w) => {
    const id = await workflowWithSteps(w.creator.client);
    return async (a) => [
      await a.client.put(`/workflows/${id}/definition`, { definition: definition() }),
      await a.client.post(`/workflows/${id}/versions/1/restore`, {}),
    ];
  },
  'workflow.set_status': async (w) => {
    const id = await workflowWithSteps(w.creator.client);
    return async (a) => [await a.client.put(`/workflows/${id}`, { status: 'active' }), await a.client.put(`/workflows/${id}`, { status: 'paused' })];
  },
  'workflow.delete': async (w) => {
    const id = await workflowWithSteps(w.creator.client);
    return async (a) => [await a.client.delete(`/workflows/${id}`)];
  },
  'workflow.duplicate': async (w) => {
    const id = await workflowWithSteps(w.creator.client);
    return async (a) => [await a.client.post(`/workflows/${id}/duplicate`)];
  },
  'workflow.schedule': async (w) => {
    const id = await workflowWithSteps(w.creator.client);
    return async (a) => [await a.client.put(`/workflows/${id}/schedule`, { cron: '30 7 * * 1-5' }), await a.client.put(`/workflows/${id}/schedule`, { cron: null })];
  },
  'workflow.webhook': async (w) => {
    const id = await workflowWithSteps(w.creator.client);
    const made = await w.creator.client.post(`/workflows/${id}/webhook`);
    assertEquals(made.status, 201);
    return async (a) => [await a.client.delete(`/workflows/${id}/webhook`), await a.client.post(`/workflows/${id}/webhook`)];
  },
  'workflow.run': async (w) => {
    const id = await workflowWithSteps(w.creator.client);
    return async (a) => [await a.client.post(`/workflows/${id}/run`, { mode: 'test' })];
  },
  'run.control': async (w) => {
    const id = await workflowWithSteps(w.creator.client);
    const [running, paused, pending] = await Promise.all([
      insertRun(id, { status: 'running' }),
      insertRun(id, { status: 'paused' }),
      insertRun(id, { status: 'pending' }),
    ]);
    return async (a) => [
      await a.client.post(`/runs/${running}/pause`),
      await a.client.post(`/runs/${paused}/resume`),
      await a.client.post(`/runs/${pending}/stop`),
    ];
  },
  'run.retry': async (w) => {
    const id = await workflowWithSteps(w.creator.client);
    const runId = await insertRun(id, { status: 'failed', failedStep: 1 });
    return async (a) => [await a.client.post(`/runs/${runId}/retry`, {})];
  },
  'run.apply_heal': async (w) => {
    const id = await workflowWithSteps(w.creator.client, { definition: CLICK_DEFINITION });
    const { runId, stepResultId } = await confirmationAndHeal(id);
    return async (a) => [await a.client.post(`/runs/${runId}/steps/${stepResultId}/heal`, {})];
  },
  'task.decide': async (w) => {
    const id = await workflowWithSteps(w.creator.client, { definition: CLICK_DEFINITION });
    const { taskId } = await confirmationAndHeal(id);
    return async (a) => [await a.client.post(`/tasks/${taskId}/decide`, { choice: 'no' })];
  },
  'template.install': () => Promise.resolve(async (a) => [await a.client.post(`/templates/${RENT_NOTICES}/install`)]),
  'error.resolve': async (w) => {
    const id = await workflowWithSteps(w.creator.client);
    const item = await errorItem(await insertRun(id, { status: 'failed', failedStep: 1 }));
    return async (a) => [await a.client.post(`/error-queue/${item}/resolve`)];
  },
  'error.moderate': async (w) => {
    const id = await workflowWithSteps(w.creator.client);
    const item = await errorItem(await insertRun(id, { status: 'failed', failedStep: 1 }));
    return async (a) => [await a.client.post(`/error-queue/${item}/escalate`, { priority: 'high' }), await a.client.post(`/error-queue/${item}/ignore`)];
  },
  'secret.manage': () =>
    Promise.resolve(async (a) => {
      const name = `PERMISSION_${(secretCount += 1)}`;
      const created = await a.client.post('/secrets', { name, value: 'hemligt', origins: ['https://bank.example'] });
      const sites = await a.client.patch(`/secrets/${name}`, { origins: ['https://bank2.example'] });
      return [created, sites, await a.client.delete(`/secrets/${name}`)];
    }),
  'user.manage': () => Promise.resolve(async (a) => [await a.client.get('/users')]),
  'organization.edit': (w) =>
    Promise.resolve(async (a) => [
      await a.client.put(`/admin/organizations/${w.organizationId}`, {
        name: 'Nytt Namn AB',
        address: 'Lilla gatan 2',
        city: 'Malmö',
        postalCode: '21122',
        country: 'Sverige',
        email: 'kontakt@nyttnamn.se',
        phone: '040-123 45 67',
        domain: 'nyttnamn.se',
      }),
    ]),
  'organization.settings': () =>
    Promise.resolve(async (a) => [
      // No automatic retries: this organisation's failing fixture runs must stay failed for the other probes.
      await a.client.put('/organization-settings', { aiThresholdDefault: 90, retryAttempts: 0, retryBackoffSeconds: 60, runRetentionDays: null }),
    ]),
  'payment_method.manage': () => Promise.resolve(async (a) => [await a.client.post('/payment-methods', { name: 'Faktura', type: 'invoice' })]),
};

let world: Promise<World> | undefined;

/** One organisation for every test of this file: an admin, a superuser, a user and a user who creates the workflows. */
function theWorld(): Promise<World> {
  world ??= (async () => {
    const members = await team();
    const creator = await addMember(members.organizationId, 'user');
    return { ...members, creator: { id: creator.id, email: creator.email, client: await signIn(creator.email, creator.password) } };
  })();
  return world;
}

for (const action of ACTIONS) {
  Deno.test(`the permission table's "${action}" is what the api enforces for every role and for the workflow's creator`, async () => {
    const w = await theWorld();
    for (const caller of CALLERS) {
      const actor = caller.actor(w);
      const allowed = can({ id: actor.id, role: caller.role }, action, { createdBy: w.creator.id });
      const call = await PROBES[action](w);
      const responses = await call(actor);
      for (const [index, response] of responses.entries()) {
        const what = `${action} by ${caller.label}, call ${index + 1}: ${response.status} ${response.text}`;
        if (allowed) assert(response.status >= 200 && response.status < 300, `allowed, yet refused: ${what}`);
        else assertEquals(response.status, 403, `refused by the table, yet: ${what}`);
      }
    }
  });
}
