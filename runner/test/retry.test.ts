// A retry's earlier decisions (runner/src/db.ts earlierDecisions) against the stack's database (DB_URL as
// postgres, RUNNER_DB_URL as kollega_runner): the steps a retry runs again to restore its start step's page
// reuse, per step id, the decision the latest earlier attempt passed with; a failed step's answer, this
// attempt's rows and other runs do not count. Its own organisation, as in decisions.test.ts.
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ClaimedRun, earlierDecisions } from '../src/db.ts';
import { definitionSchema } from '../../supabase/functions/_shared/schemas/definition.ts';
import { createTestOrganization } from './organization.ts';

const admin = postgres(process.env.DB_URL ?? 'postgresql://postgres:postgres@127.0.0.1:55322/postgres', { max: 2, onnotice: () => {} });
const runnerSql = postgres(process.env.RUNNER_DB_URL ?? 'postgresql://kollega_runner:postgres@127.0.0.1:55322/postgres', { max: 2, onnotice: () => {} });

const definition = definitionSchema.parse({
  version: 1,
  steps: [
    { id: 'open', type: 'navigate', description: 'Öppna formuläret', url: 'https://fastighet.example.se/ny' },
    { id: 'decide', type: 'ai_decision', description: 'Brådskande?', prompt: 'Är det brådskande?', inputs: [], options: [{ value: 'yes', label: 'Ja', then: 'continue' }, { value: 'no', label: 'Nej', then: 'continue' }] },
    { id: 'check', type: 'manual', description: 'Kontrollera', instructions: 'Titta på ärendet.' },
    { id: 'save', type: 'click', description: 'Spara', selectors: ['aria/Spara[role="button"]'] },
  ],
});

let ORG: string;
let WORKFLOW: string;

beforeAll(async () => {
  ({ organizationId: ORG, workflowId: WORKFLOW } = await createTestOrganization(admin, {
    slug: 'omforsok',
    company: 'Omförsök AB',
    person: 'Försök Igen',
    workflow: 'Nytt ärende',
    definition,
  }));
});

afterAll(async () => {
  await Promise.all([admin.end(), runnerSql.end()]);
});

async function aRun(attempt: number): Promise<ClaimedRun> {
  const [{ id }] = await admin<{ id: string }[]>`
    insert into public.runs (organization_id, workflow_id, workflow_version, trigger, status, step_count, attempt, start_step, started_at, runner_id, heartbeat_at)
    values (${ORG}, ${WORKFLOW}, 1, 'manual', 'running', 4, ${attempt}, 3, now(), 'runner-retry', now()) returning id`;
  return { id, runnerId: 'runner-retry', organizationId: ORG, workflowId: WORKFLOW, attempt, startStep: 3, inputs: {}, variables: {}, definition };
}

async function stepRow(run: ClaimedRun, attempt: number, seq: number, stepId: string, status: string, decision: Record<string, unknown> | null) {
  const index = definition.steps.findIndex((s) => s.id === stepId);
  await admin`
    insert into public.run_steps (organization_id, run_id, attempt, seq, step_index, step_id, step_type, status, decision)
    values (${ORG}, ${run.id}, ${attempt}, ${seq}, ${index}, ${stepId}, ${definition.steps[index]!.type}, ${status}, ${decision ? admin.json(decision as never) : null})`;
}

it('reuses the latest passed decision of each step from earlier attempts, read as the runner', async () => {
  const run = await aRun(3);
  await stepRow(run, 1, 0, 'decide', 'passed', { choice: 'no', by: 'ai', confidence: 97 });
  await stepRow(run, 1, 1, 'check', 'failed', null);
  await stepRow(run, 2, 0, 'decide', 'passed', { choice: 'yes', by: 'person', details: { person: { userId: 'u1' } } });
  await stepRow(run, 2, 1, 'check', 'passed', { choice: 'done', by: 'person' });
  await stepRow(run, 2, 2, 'decide', 'failed', { choice: 'no', by: 'person' }); // a later failed row does not count
  await stepRow(run, 3, 0, 'decide', 'passed', { choice: 'no', by: 'ai' }); // this attempt's own rows do not either
  const other = await aRun(2);
  await stepRow(other, 1, 0, 'check', 'passed', { choice: 'other-run', by: 'person' });

  expect(await earlierDecisions(runnerSql, run)).toEqual({
    decide: { choice: 'yes', by: 'person', details: { person: { userId: 'u1' } } },
    check: { choice: 'done', by: 'person' },
  });
  expect(await earlierDecisions(runnerSql, { ...run, startStep: 0 })).toEqual({}); // nothing runs again from the first step
  expect(await earlierDecisions(runnerSql, { ...other, attempt: 1 })).toEqual({});
});
