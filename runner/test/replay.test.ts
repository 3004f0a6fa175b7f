// The hard cases end to end, as a user would do them: each Chrome Recorder recording is imported through
// the api (POST /api/workflows/import), the workflow activated and run (POST …/run), the run followed
// through GET /api/runs/{id} until it ends, executed by the stack's real runner in Chromium. A case
// passes only if the run completed AND the test page received exactly the expected result.
// Needs a running stack with a runner (npm test starts one): API_URL, APP_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASES, loadRecording } from './cases.ts';
import { startSites, type Sites } from './sites/server.ts';
import { Session } from './api-session.ts';

let sites: Sites;
const session = new Session();

beforeAll(async () => {
  sites = await startSites();
  await session.registerCompany('Replay');
});

afterAll(async () => {
  await sites?.close();
});

describe('hard cases replayed by the runner through import → activate → run → GET /api/runs/{id}', () => {
  for (const testCase of CASES) {
    it(`${testCase.id}: ${testCase.title}`, async () => {
      sites.reset();
      const workflowId = await session.importActive(loadRecording(testCase.id, sites.origin));
      const started = await session.request<{ executionId: string }>('POST', `/workflows/${workflowId}/run`, {});
      expect(started.status).toBe(202);

      const run = await session.runToEnd(started.body.executionId, 90_000);
      expect({ status: run.status, error: run.errorMessage }).toEqual({ status: 'completed', error: null });
      expect(run.steps.every((s) => s.status === 'passed')).toBe(true);
      // The page's last request may land a moment after the last step.
      await expect.poll(() => sites.results(testCase.id).at(-1), { timeout: 5_000 }).toEqual(testCase.expected);
    });
  }
});
