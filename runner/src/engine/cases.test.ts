// The replay cases (runner/test/cases.ts, docs/replay-cases.md): each Chrome Recorder recording, given step ids
// s1…sn, is a valid definition, and the engine replays it so the test site posts the expected result.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { definitionSchema } from '../../../supabase/functions/_shared/schemas/definition.ts';
import { CASES, loadRecording } from '../../test/cases.ts';
import { startSites, type Sites } from '../../test/sites/server.ts';
import { executeDefinition } from './run.ts';
import type { StepEnd } from './types.ts';
import { getBrowser } from './test/browser.ts';

let sites: Sites;
let browser: Browser;

beforeAll(async () => {
  sites = await startSites();
  browser = await getBrowser();
});

afterAll(async () => {
  await browser?.close();
  await sites?.close();
});

function definitionOf(id: string) {
  const recording = loadRecording(id, sites.origin);
  return definitionSchema.safeParse({ version: 1, steps: recording.steps.map((step, i) => ({ id: `s${i + 1}`, ...step })) });
}

describe('Chrome recordings are definitions once their steps have ids', () => {
  test.each(CASES.map((c) => c.id))('%s', (id) => {
    const parsed = definitionOf(id);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });
});

// Three cases at a time: they mostly wait on their pages' timers. Each case posts under its own id.
describe.concurrent('every replay case passes', () => {
  test.for(CASES.map((c) => [c.id, c.expected] as const))('%s', async ([id, expected], { expect }) => {
    const before = sites.results(id).length;
    const definition = definitionOf(id).data!;
    const context = await browser.newContext({ acceptDownloads: true });
    const ends: StepEnd[] = [];
    try {
      const outcome = await executeDefinition({
        context,
        definition,
        secrets: {},
        allowPrivateAddresses: true,
        onStepStart: async () => {},
        onStepEnd: async (e) => void ends.push(e),
        control: async () => 'continue',
      });
      const trace = ends.map((e) => `${e.index + 1} ${e.step.type} ${e.status} ${e.durationMs} ms ${e.errorMessage ?? ''} ${e.log.map((l) => l.message).join(' | ')}`).join('\n');
      if (process.env.ENGINE_TRACE) console.log(`${id}\n${trace}`);
      expect(outcome.status, trace).toBe('completed');
      await expect.poll(() => sites.results(id).slice(before).at(-1), { timeout: 3000 }).toEqual(expected);
    } finally {
      await context.close();
    }
  });
});
