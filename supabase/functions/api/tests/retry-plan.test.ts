// _shared/retry-plan.ts: which steps a retry from step N runs again (no stack needed).
import { retryPlan, stepRanges } from '../../_shared/retry-plan.ts';
import { assertEquals, assertThrows } from './assert.ts';

const types = (...list: string[]) => list.map((type) => ({ type }));

/** The form flow of issue 19: open the list, open the form, fill it, decide, save. */
const FORM = types(
  'setViewport', // 0
  'navigate', // 1  the list
  'click', // 2
  'navigate', // 3  the form
  'change', // 4
  'change', // 5
  'extract', // 6
  'ai_decision', // 7
  'click', // 8  Spara
  'waitForElement', // 9
);

Deno.test('a retry from the submit step runs its page again: from the last navigate before it, every fill, click and decision', () => {
  assertEquals(retryPlan(FORM, 8), {
    fromStep: 8,
    replay: [0, 3, 4, 5, 6, 7],
    page: 3,
    context: [0],
    fills: [4, 5],
    decisions: [7],
  });
});

Deno.test('a retry from a step right after its navigate reopens only the page (and the window size set before it)', () => {
  assertEquals(retryPlan(FORM, 4).replay, [0, 3]);
  assertEquals(retryPlan(FORM, 4).fills, []);
  assertEquals(retryPlan(FORM, 2), { fromStep: 2, replay: [0, 1], page: 1, context: [0], fills: [], decisions: [] });
});

Deno.test('a retry from a navigate runs nothing of the page again, only the context steps before it', () => {
  assertEquals(retryPlan(FORM, 3), { fromStep: 3, replay: [0], page: 3, context: [0], fills: [], decisions: [] });
  assertEquals(retryPlan(types('navigate', 'click'), 0).replay, []);
});

Deno.test('without a navigate before the step the start of the definition is the page: every earlier step runs again', () => {
  const steps = types('setViewport', 'change', 'manual', 'click');
  assertEquals(retryPlan(steps, 3), { fromStep: 3, replay: [0, 1, 2], page: null, context: [], fills: [1], decisions: [2] });
  assertEquals(retryPlan(steps, 0).replay, []);
});

Deno.test('only the last setViewport and network setting before the page run again, in definition order', () => {
  const steps = types('emulateNetworkConditions', 'setViewport', 'setViewport', 'navigate', 'click', 'navigate', 'click');
  assertEquals(retryPlan(steps, 6).replay, [0, 2, 5]);
  assertEquals(retryPlan(steps, 6).context, [0, 2]);
  // A setViewport on the page itself is one of the page's steps.
  assertEquals(retryPlan(types('navigate', 'setViewport', 'change', 'click'), 3).replay, [0, 1, 2]);
});

Deno.test('a step that is not in the definition is refused', () => {
  for (const step of [-1, 10, 1.5, Number.NaN]) assertThrows(() => retryPlan(FORM, step), RangeError);
  assertThrows(() => retryPlan([], 0), RangeError);
});

Deno.test('stepRanges: 1-based runs of consecutive steps', () => {
  assertEquals(stepRanges([0, 3, 4, 5, 6, 7]), [[1, 1], [4, 8]]);
  assertEquals(stepRanges([2]), [[3, 3]]);
  assertEquals(stepRanges([]), []);
});
