// Holding a run's page from sending, so that the runner can decide whether a new attempt would send anything twice
// (the drain's hand-back, docs/automation.md "Drain"). The engine reports a step as having sent data when it sees a
// request other than GET, HEAD or OPTIONS after the step acted (ExecuteOptions.onSent). That report comes from the
// browser a little after the page made the request (tens of milliseconds; more on a busy machine), and a page may
// send later still (a save after a short timer, a token fetched first). Deciding on the reports alone let a step's
// send arrive just after the decision, so the new attempt sent it again (seen once in the fault suite: a form sent
// twice after a SIGTERM).
//
// With the hold on, every request that would send data waits in the runner instead of leaving the browser; the
// hold then waits HOLD_SETTLE_MS for the reports of requests that left before it. Afterwards a request that sends
// data has either been reported (so the runner knows) or is held (so the site has not received it). The runner
// hands the run back only when neither happened, and closes the context with the hold still on; otherwise it
// releases the hold and the held requests go out as the page made them, only later. WebSocket messages are
// reported as sent (run.ts) but not held: one the page sends after the hold settled, before its context closes,
// is not known to the decision.
import type { BrowserContext, Route } from 'playwright-core';

/** How long the hold waits at least for the browser's reports of requests that left before it was on. */
export const HOLD_SETTLE_MS = 250;
/** How long the hold waits at most for every frame to answer (BARRIER, below) before it calls the question open. */
export const HOLD_BARRIER_MS = 5000;

/** Request methods that only read: not data sent to the site. */
export const READING_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export type SendHold = {
  /** Requests that would send data and wait in the hold (not yet sent to the site). */
  held(): number;
  /**
   * Whether every request made before the hold was on has been reported by now: every frame answered a script
   * within HOLD_BARRIER_MS. When false (a page too busy to answer), whether something left unreported is unknown.
   */
  settled: boolean;
  /** Lets the held requests go on (through the context's other routes, such as the network guard) and ends the hold. */
  release(): Promise<void>;
};

/**
 * Holds every request of `context` that would send data until `release()` (or until the context closes, when it is
 * never sent), then waits `settleMs` for the reports of requests that left before. A context that is already
 * closed sends nothing: the hold is then empty.
 */
export async function holdSends(context: BrowserContext, settleMs = HOLD_SETTLE_MS): Promise<SendHold> {
  const waiting: Route[] = [];
  let released = false;
  const gate = async (route: Route) => {
    // Reading requests (the page's own loads) go on to the next route or the network, as before.
    if (released || READING_METHODS.has(route.request().method())) return route.fallback().catch(() => {});
    waiting.push(route);
  };
  let on = true;
  try {
    await context.route('**', gate);
  } catch {
    on = false; // the context closed: nothing can be sent from it
  }
  // The barrier: a script round trip to every frame of the context. The browser reports a request a frame makes on
  // that frame's own channel, ahead of its answer to a script run after it; so once every frame has answered, the
  // report of every request made before the hold was on has arrived, however slow the machine. (A fixed wait alone
  // was not enough on a busy machine: the CI run of 2026-11-28 10:05 saw a save 150 ms after a click reported later
  // than 250 ms after the hold, and the run was handed back and saved twice.)
  const frames = on ? context.pages().flatMap((page) => (page.isClosed() ? [] : page.frames())) : [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const barrier = Promise.race([
    Promise.all(frames.map((frame) => frame.evaluate('0').then(() => true, () => true))).then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), HOLD_BARRIER_MS))),
  ]);
  const [settled] = await Promise.all([barrier, new Promise((resolve) => setTimeout(resolve, settleMs))]);
  clearTimeout(timer);
  return {
    settled,
    held: () => waiting.length,
    release: async () => {
      if (released) return;
      released = true;
      for (const route of waiting.splice(0)) await route.fallback().catch(() => {});
      if (on) await context.unroute('**', gate).catch(() => {});
    },
  };
}
