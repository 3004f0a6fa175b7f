// The mutation suite at a small scale (issue 19, item 7; full scale: bench/mutation.ts): steps recorded with
// the recorder's own code, replayed by the engine against mutated pages. Goals: no action on a wrong element
// anywhere; ≥ 90 % of the steps whose target is still there and clearly the same act on it without a person;
// the engine's candidate scoring answers within 1 s. Also: the mutations really change the pages, and the
// suite's identity marker is invisible to the recorder and the engine.
import { JSDOM } from 'jsdom';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { main } from '../../../bench/mutation.ts';
import { getBrowser } from '../../src/engine/test/browser.ts';
import { mutatePage } from './mutations.ts';
import { PAGES } from './pages.ts';
import { ALL_MUTATIONS, runSuite, type CaseResult } from './suite.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await getBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The small scale: the cases that matter most, on every page (a critical button in re-ordered and look-alike
 * rows, a button beside its decoy, a card, a checkbox, a button in an iframe): 8 whose target is clearly the
 * same, 4 where it is gone or in an unknown iframe. The full scale is bench/mutation.ts.
 */
const SMALL: Record<string, string[]> = {
  'attest-2215': ['reorder-rows', 'lookalike-rows', 'remove-target'],
  save: ['relabel-button', 'rename-ids-classes', 'remove-target'],
  'open-t1': ['rename-ids-classes+wrappers+reorder-rows', 'lookalike-rows+remove-target'],
  'notify-sms': ['rename-ids-classes+wrappers', 'unrelated-text'],
  'reg-submit': ['unrelated-text', 'into-iframe'],
};
/** Generous: on the shared 2-core machine (load 20–35) locating and clicking alone took up to 9 s. */
const STEP_TIMEOUT_MS = 12_000;

const describeCase = (c: CaseResult) =>
  `${c.page} ${c.target} ${c.mutation} (seed ${c.seed}): ${c.status}${c.errorType ? ` ${c.errorType}` : ''}; acted: ${c.acted.map((a) => a.id).join(', ') || 'nothing'}; ${c.log.join(' | ')} ${c.errorMessage ?? ''}`;

describe('mutations (jsdom, no browser)', () => {
  const page = PAGES.find((p) => p.name === 'invoices')!;
  const target = page.targets[0]!;
  const mutate = (name: string, seed = 1) => new JSDOM(mutatePage(page.html, ALL_MUTATIONS.find((m) => m.name === name)!, target, seed)).window.document;
  const original = new JSDOM(page.html).window.document;
  const rowTexts = (doc: Document) => Array.from(doc.querySelectorAll('tbody tr')).map((tr) => tr.querySelector('td')!.textContent);

  test('each mutation changes the page, and a new load (seed) changes it again', () => {
    const renamed = mutate('rename-ids-classes');
    expect(renamed.querySelector('#rows')).toBeNull();
    expect(renamed.querySelector('.btn-attest')).toBeNull();
    expect(mutate('rename-ids-classes', 2).querySelector('tbody')!.id).not.toBe(renamed.querySelector('tbody')!.id);
    expect(rowTexts(mutate('reorder-rows'))).not.toEqual(rowTexts(original));
    expect(rowTexts(mutate('lookalike-rows'))).toEqual(expect.arrayContaining(['2215-K', '2215']));
    expect(mutate('lookalike-rows').querySelectorAll('[data-mut-id="decoy:attest-2215"]')).toHaveLength(1);
    expect(mutate('relabel-button').querySelector('[data-mut-id="attest-2215"]')!.textContent).toBe('Attestera faktura');
    expect(mutate('remove-target').querySelector('[data-mut-id="attest-2215"]')).toBeNull();
    expect(mutate('into-iframe').querySelector('iframe')!.getAttribute('srcdoc')).toContain('data-mut-id="attest-2215"');
    expect(mutate('wrappers').querySelectorAll('[class^="w-"]').length).toBeGreaterThan(5);
    expect(mutate('unrelated-text').querySelector('h1')!.textContent).toContain('(uppdaterad vy)');
  });
});

describe('mutation suite (Chromium: the recorder records, the engine replays)', () => {
  test('0 wrong actions; ≥ 90 % right without a person where the target is clearly the same; scoring ≤ 1 s', { timeout: 300_000 }, async () => {
    const { cases, summary, recordings } = await runSuite({
      browser,
      mutations: ALL_MUTATIONS,
      filter: (_page, target, mutation) => !!SMALL[target.marker]?.includes(mutation.name),
      timeoutMs: STEP_TIMEOUT_MS,
      concurrency: 2,
    });
    expect(recordings.map((r) => r.target).sort()).toEqual(Object.keys(SMALL).sort());
    // The recorder's steps lead with meaning (issue 19, item 1) and carry a fingerprint.
    for (const { recorded } of recordings) expect(recorded.step).toHaveProperty('fingerprint');
    expect(cases).toHaveLength(Object.values(SMALL).flat().length);

    expect(cases.filter((c) => c.outcome === 'wrong').map(describeCase), 'actions on a wrong element').toEqual([]);
    expect(cases.filter((c) => c.expect === 'gone' && c.outcome !== 'safe').map(describeCase), 'a removed target must end in a safe failure').toEqual([]);
    const notRight = cases.filter((c) => c.expect === 'same' && c.outcome !== 'right').map(describeCase);
    expect(summary.sameRate, `right without a person ${summary.same.right}/${summary.same.cases}; not right:\n${notRight.join('\n')}`).toBeGreaterThanOrEqual(0.9);
    expect(summary.scoring.calls).toBeGreaterThan(0);
    expect(summary.scoring.p95, 'the engine scoring candidates (ms, in-page call with its round trip)').toBeLessThanOrEqual(1000);
  });

  test('bench/mutation.ts --tiny runs and reports', { timeout: 180_000 }, async () => {
    const lines: string[] = [];
    const result = await main({ tiny: true, rounds: 1, concurrency: 2, timeoutMs: STEP_TIMEOUT_MS, browser, print: (line) => lines.push(line) });
    expect(result.cases.length).toBeGreaterThan(0);
    expect(result.summary.wrong).toBe(0);
    expect(lines.join('\n')).toContain('| Mutation | Expect | Cases | Right | Safe failure | WRONG | Partial |');
  });
});
