// The hard cases again, attended: each Chrome Recorder recording is imported through the api, allowed to run in a
// person's browser (runLocation 'both'), and run there (POST …/attended-runs) in a fresh tab of the person's
// Chromium, relayed by the stand-in of the extension (fake-extension.ts) to the stack's runner. The goal of issue 22:
// every case that passes unattended (replay.test.ts) passes attended, with the same result at the test page, and
// the run touches no other tab of the person's.
// Needs a running stack with a runner and its relay (npm test starts them): API_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendedConnection } from '../../supabase/functions/_shared/types/api.ts';
import { Session } from './api-session.ts';
import { CASES, loadRecording } from './cases.ts';
import { FakeExtension } from './fake-extension.ts';
import { startSites, type Sites } from './sites/server.ts';

let sites: Sites;
let person: FakeExtension;
const session = new Session();

// Three things start at once on a machine busy with the stack; each names itself if it fails.
beforeAll(async () => {
  const named = <T>(what: string, started: Promise<T>) => started.catch((error: unknown) => {
    throw new Error(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  });
  [sites, person] = await Promise.all([
    named('the test sites', startSites()),
    named('the person\'s Chromium', FakeExtension.launch()),
    named('registering the company', session.registerCompany('Replay attended')),
  ]).then(([s, p]) => [s, p] as const);
}, 120_000);

afterAll(async () => {
  await person?.close();
  await sites?.close();
});

describe('hard cases replayed attended, in a tab of the person\'s browser through the relay', () => {
  for (const testCase of CASES) {
    it(`${testCase.id}: ${testCase.title}`, async () => {
      sites.reset();
      const workflowId = await session.importActive(loadRecording(testCase.id, sites.origin), { runLocation: 'both' });
      const bystander = await person.openTab('about:blank');
      const tab = await person.openTab('about:blank');
      const started = await session.request<AttendedConnection>('POST', `/workflows/${workflowId}/attended-runs`, {});
      expect(started.status).toBe(201);
      expect(await person.connect(started.body.relayUrl, started.body.token, tab)).toBe('accepted');

      const run = await session.runToEnd(started.body.runId, 90_000);
      expect({ status: run.status, error: run.errorMessage }).toEqual({ status: 'completed', error: null });
      expect(run.steps.every((s) => s.status === 'passed')).toBe(true);
      await expect.poll(() => sites.results(testCase.id).at(-1), { timeout: 5_000 }).toEqual(testCase.expected);
      expect(await person.url(bystander), 'the person\'s other tab was never touched').toBe('about:blank');
    });
  }
});
