import type { Locator } from 'playwright-core';

/**
 * `locator.evaluate(fn, arg)` in three protocol commands instead of about eleven, when the element is there.
 *
 * Playwright's own `evaluate` waits for the element in its utility world, creates a handle (and a preview of it),
 * describes the node, resolves it again in the page's world, and releases both handles. The engine calls it on an
 * element it located a moment ago (a locator pinned with `nth`), so the wait is not needed; in an attended run each
 * command is also a message through the relay to the person's browser (issue 22). `evaluateAll` on the same
 * locator queries the page's world directly and hands the elements to the function.
 *
 * When the locator does not match exactly one element right now (the page changed since the lookup), Playwright's
 * own `evaluate` runs instead, with its wait and its refusal of several: only the cost changes, never the outcome.
 *
 * `fn` is sent as its source text, as Playwright sends it: no named function inside it (README, on tsx's `keepNames`).
 */
export async function evaluateNow<R, A>(locator: Locator, fn: (el: Element, arg: A) => R | Promise<R>, arg: A, timeout?: number): Promise<R> {
  const now = (await locator.evaluateAll(onlyElement(fn) as never, arg)) as Outcome<R>;
  if ('value' in now) return now.value;
  return (await locator.evaluate(fn as never, arg, timeout === undefined ? undefined : { timeout })) as R;
}

type Outcome<R> = { value: R } | { matched: number };

/** By source text: the engine's call sites pass inline functions, a new object on every call but the same text. */
const compiled = new Map<string, object>();

/** `fn` applied to the only element of a list, or how many the list had (compiled once per source text). */
function onlyElement(fn: object): object {
  const source = fn.toString();
  let only = compiled.get(source);
  if (!only) {
    only = new Function(
      'els',
      'arg',
      `if (els.length !== 1) return { matched: els.length };
       return Promise.resolve((${source})(els[0], arg)).then((value) => ({ value }));`,
    );
    compiled.set(source, only);
  }
  return only;
}
