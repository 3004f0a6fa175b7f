// claimRun through a database that goes away as the job is taken (db.ts): the claim is tried again once the
// database is back, and a claim that committed although its answer was lost is still this runner's. A stand-in
// for postgres.js answers the statements in order; the first ones fail as a restart makes them fail.
import { expect, it } from 'vitest';
import { claimRun, type Sql } from './db.ts';

const definition = { version: 1, steps: [{ id: 'wait', type: 'wait', description: 'Vänta', ms: 1 }] };
const row = { id: 'run-1', organization_id: 'org-1', workflow_id: 'wf-1', attempt: 1, start_step: 0, inputs: {}, variables: {}, definition };
const closed = () => Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), { code: 'CONNECTION_CLOSED' });

/** A stand-in for the runner's connection: each statement gets the next answer (an Error is thrown). */
function database(answers: Array<unknown[] | Error>) {
  const statements: string[] = [];
  const sql = ((strings: TemplateStringsArray) => {
    statements.push(strings.join('$').replace(/\s+/g, ' ').trim());
    const answer = answers.shift();
    if (answer === undefined) throw new Error(`unexpected statement: ${statements.at(-1)}`);
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  }) as unknown as Sql;
  return { sql, statements };
}

it('tries a claim that the database cut off again once it is back, and runs the run', async () => {
  const { sql, statements } = database([closed(), closed(), [{ result: 'claimed' }], [row]]);
  const claimed = await claimRun(sql, 'run-1', 1, 'runner-a', 5_000);
  expect(claimed).toMatchObject({ id: 'run-1', attempt: 1, runnerId: 'runner-a' });
  expect(statements.filter((s) => s.includes('app.runner_claim_run'))).toHaveLength(3);
});

it('takes a claim whose answer was lost as its own when the run runs under this runner', async () => {
  // The claim committed, the connection closed before the answer came; tried again, the run is no longer pending.
  const { sql, statements } = database([closed(), [{ result: null }], [{ id: 'run-1' }], [row]]);
  const claimed = await claimRun(sql, 'run-1', 1, 'runner-a', 5_000);
  expect(claimed).toMatchObject({ id: 'run-1', runnerId: 'runner-a' });
  expect(statements[2]).toContain("r.runner_id = $ and r.status = 'running'");
});

it('leaves a run that another runner or a person took after an interrupted claim', async () => {
  const { sql } = database([closed(), [{ result: null }], []]);
  expect(await claimRun(sql, 'run-1', 1, 'runner-a', 5_000)).toBeNull();
});

it('does not look further when an uninterrupted claim finds the run taken', async () => {
  const { sql, statements } = database([[{ result: null }]]);
  expect(await claimRun(sql, 'run-1', 1, 'runner-a', 5_000)).toBeNull();
  expect(statements).toHaveLength(1);
});

it('gives up when the database stays away past the budget', async () => {
  const { sql } = database(Array.from({ length: 20 }, closed));
  await expect(claimRun(sql, 'run-1', 1, 'runner-a', 500)).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
});
