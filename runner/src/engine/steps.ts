// One function per step type. Each gets the step with its templates substituted and the run's state, acts
// within the step's deadline and throws a StepError (or a Playwright error, classified by run.ts) on failure.
import type { Frame, Locator, Page, Response } from 'playwright-core';
import { fileStepInput, HEAL_THRESHOLD_DEFAULT, type Selector, type Step, type StepOf } from '../../../supabase/functions/_shared/schemas/definition.ts';
import { StepError, describeError, isClosedError, isTimeoutError } from './errors.ts';
import { extractTable } from './extract-table.ts';
import { evaluateNow } from './evaluate-now.ts';
import { isLabelEcho, noteLabelClick } from './label-echo.ts';
import { confirmCandidate, recordHeal } from './confirm.ts';
import { POLL_MS, UncertainElement, frameFor, locateElement, pageFor, sameUrlLoosely, selectorLocators, sleep } from './locate.ts';
import { captureJpeg } from './screenshot.ts';
import { cdpSession, remaining, type NetworkConditions, type RunState, type StepContext } from './state.ts';
import { refuseScriptOnSecretSite, refuseSecretRead, refuseValueProbe, secretsOfStep, typeSecret } from './secret-fields.ts';
import { maskSecrets } from './templates.ts';
import { login } from './login.ts';
import type { InputFile } from './types.ts';

/** Steps that look for their element before the previous step's report is done; they act only after (element()). */
const LOOKS_FIRST = new Set<Step['type']>(['click', 'doubleClick', 'change', 'hover', 'scroll', 'extract', 'waitForElement']);

export async function runStep(ctx: StepContext): Promise<void> {
  const step = ctx.step;
  if (!LOOKS_FIRST.has(step.type)) await ctx.ready;
  switch (step.type) {
    case 'setViewport':
      // The person's window keeps its size: an attended run does not emulate another screen in their tab.
      if (ctx.run.opts.attended) return ctx.log('the window size is the person\'s own in their browser; not changed');
      return setViewport(ctx, step);
    case 'navigate':
      return navigate(ctx, step);
    case 'click':
    case 'doubleClick':
      return click(ctx, step);
    case 'change':
      return change(ctx, step);
    case 'keyDown':
    case 'keyUp':
      return key(ctx, step);
    case 'hover':
      return hover(ctx, step);
    case 'scroll':
      return scroll(ctx, step);
    case 'waitForElement':
      return waitForElement(ctx, step);
    case 'waitForExpression':
      return waitForExpression(ctx, step);
    case 'close':
      return close(ctx, step);
    case 'emulateNetworkConditions':
      return emulateNetworkConditions(ctx, step);
    case 'wait':
      return wait(ctx, step);
    case 'screenshot':
      return screenshot(ctx, step);
    case 'extract':
      return extract(ctx, step);
    case 'extract_table': {
      const found = await element(ctx, step);
      const table = await extractTable(ctx, step, found);
      ctx.table = { variable: step.variable, ...table };
      ctx.extracted = { [step.variable]: String(table.rows.length) };
      ctx.run.variables[step.variable] = String(table.rows.length);
      return ctx.log(`${table.rows.length} rows, ${table.columns.length} columns from ${table.pages} page${table.pages === 1 ? '' : 's'}${table.capped ? ` (its limit of ${step.maxRows} rows or ${step.maxPages} pages was reached; the page had more)` : ''}`);
    }
    case 'ai_decision':
      return aiDecision(ctx, step);
    case 'manual':
      return manual(ctx, step);
    case 'login':
      return login(ctx, step);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Shared pieces

async function pageOf(ctx: StepContext, step: Step): Promise<Page> {
  const page = await pageFor(ctx.run, step, ctx.deadline, ctx.signal);
  ctx.page = page;
  return page;
}

function hasFrame(step: Step): boolean {
  return ('frame' in step && !!step.frame?.length) || ('frameSelectors' in step && !!step.frameSelectors?.length);
}

/**
 * The element the step acts on (locate.ts). A heal is recorded on the step; an uncertain element with a candidate
 * worth asking about goes to a person when the run can ask one (confirm.ts), else the step fails.
 */
async function element(ctx: StepContext, step: Step & { selectors: Selector[]; healThreshold?: number }) {
  const page = await pageOf(ctx, step);
  try {
    const located = await locateElement(page, step, () => ctx.deadline, ctx.log, ctx.signal);
    refuseValueProbe(ctx, located.frame, step);
    if (located.heal) await recordHeal(ctx, step, located.locator, located.heal, step.healThreshold ?? HEAL_THRESHOLD_DEFAULT);
    await ctx.ready;
    return { page, ...located };
  } catch (error) {
    if (!(error instanceof UncertainElement) || !ctx.run.opts.confirmElement) throw error;
    await ctx.ready; // the question belongs to this step: its start is reported first
    const locator = await confirmCandidate(ctx, page, step, error);
    return { page, locator, frame: error.confirmable.frame, selectorIndex: -1 };
  }
}

/** The document changed under the call (a navigation, a re-rendered iframe): worth trying again. */
function isTransient(error: unknown): boolean {
  return error instanceof Error && /Execution context was destroyed|Cannot find context with specified id|Frame was detached|frame got detached|Element is not attached/i.test(error.message);
}

/**
 * Runs a Playwright action: its timeout becomes a `timeout` StepError saying what did not happen; a document that
 * changed under it (navigation in progress) means trying again while the step has time; and a window that closes
 * because of the action (a popup's "Save and close") ends it without failing.
 */
async function act<T>(ctx: StepContext, what: string, page: Page, fn: () => Promise<T>): Promise<T | undefined> {
  for (;;) {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof StepError) throw error;
      if (isTimeoutError(error)) throw new StepError('timeout', `${what} did not succeed within ${ctx.timeoutMs} ms: ${describeError(error)}`);
      if (isClosedError(error) && page.isClosed() && !ctx.run.crashed && !ctx.run.aborted) {
        ctx.log(`the window closed during ${what}`);
        return undefined;
      }
      if (isTransient(error) && Date.now() + POLL_MS < ctx.deadline && !ctx.signal.aborted) {
        await sleep(POLL_MS, ctx.signal);
        continue;
      }
      throw error;
    }
  }
}

type AssertedNavigation = { type: 'navigation'; url?: string; title?: string };
type WithAsserted = { assertedEvents?: AssertedNavigation[] };

/** A path segment that may differ between runs: it has a digit (ids, dates, numbers) or is a long token. */
const VARIABLE_SEGMENT = /\d|^[A-Za-z0-9_-]{16,}$/;

/**
 * Whether `at` is the place the recording arrived at (`recorded`): the same origin and the same path, where a
 * segment may differ only when both look like ids or tokens (`/fakturor/1043` ~ `/fakturor/1044`, not
 * `/login` ~ `/fakturor`). Query and hash are ignored (search terms, session tokens).
 */
export function samePlace(at: string, recorded: string): boolean {
  if (!URL.canParse(at) || !URL.canParse(recorded)) return at === recorded;
  const [a, b] = [new URL(at), new URL(recorded)];
  if (a.origin !== b.origin) return false;
  const segments = (u: URL) => u.pathname.replace(/\/+$/, '').split('/');
  const [pa, pb] = [segments(a), segments(b)];
  return pa.length === pb.length && pa.every((s, i) => s === pb[i] || (VARIABLE_SEGMENT.test(s) && VARIABLE_SEGMENT.test(pb[i]!)));
}

/** Whether a page title is the recorded one: case, spacing and numbers aside, or containing it ("(3) Inkorg"). */
export function sameTitle(now: string, recorded: string): boolean {
  const plain = (t: string) => t.normalize('NFC').replace(/\d+(?:[.,\s]\d+)*/g, '#').replace(/\s+/g, ' ').trim().toLowerCase();
  const [a, b] = [plain(now), plain(recorded)];
  return b === '' || a === b || a.includes(b);
}

/**
 * Where a step that the recording saw navigate (`assertedEvents`) must end: at the recorded place (samePlace)
 * with the recorded title (sameTitle), by the step's deadline (pages that redirect or set their title late get
 * the time). Ending elsewhere (a login page, an error page, the same form again) fails the step as
 * `navigation_failed`: the page did not do what it did when recorded.
 */
async function checkArrival(ctx: StepContext, frame: () => Frame, asserted: AssertedNavigation, what: string): Promise<void> {
  if (!asserted.url && !asserted.title) return;
  for (;;) {
    const now = frame();
    const url = now.url();
    const urlOk = !asserted.url || samePlace(url, asserted.url);
    const title = urlOk && asserted.title ? await titleOf(ctx, now) : '';
    if (urlOk && (!asserted.title || sameTitle(title, asserted.title))) return;
    if (Date.now() >= ctx.deadline || ctx.signal.aborted) {
      const recorded = [asserted.url, asserted.title && `"${asserted.title}"`].filter(Boolean).join(' ');
      const ended = urlOk ? `${url} "${title}"` : url;
      throw new StepError('navigation_failed', `${what} ended at ${ended}; when recorded it ended at ${recorded}`);
    }
    await sleep(Math.min(POLL_MS, Math.max(1, ctx.deadline - Date.now())), ctx.signal);
  }
}

/**
 * A document's title. A window's own document is asked through the run's CDP session: Playwright would first give
 * a new document its script helpers (a 14 KB script, 30–40 ms after each navigation on the step's path), which the
 * next step's lookups do not need. A frame's, or when that fails (a navigation under way), as Playwright reads it.
 */
async function titleOf(ctx: StepContext, frame: Frame): Promise<string> {
  const page = frame.page();
  if (frame === page.mainFrame()) {
    const cdp = await cdpSession(ctx.run, page);
    try {
      const answer = await cdp?.send('Runtime.evaluate', { expression: 'document.title', returnByValue: true });
      if (typeof answer?.result.value === 'string') return answer.result.value;
    } catch {
      // the document changed under the call: read as below
    }
  }
  return frame.title().catch(() => '');
}

/**
 * When the recording saw a navigation after this step (`assertedEvents`), waits for one (main frame or the
 * step's frame) and for its load, then checks that it arrived where the recording did (checkArrival). A page that
 * answers the navigation with an HTTP error (≥ 400) rejected the action: the step fails as `navigation_failed`. Call
 * before the action, await the result after it.
 */
function expectNavigation(ctx: StepContext, page: Page, frame: Frame | undefined, step: WithAsserted): (() => Promise<void>) | undefined {
  const asserted = step.assertedEvents?.find((e) => e.type === 'navigation');
  if (!asserted) return undefined;
  let answered: Response | undefined; // the last document the navigation received (after any redirects)
  const onResponse = (response: Response) => {
    const f = response.frame();
    if (response.request().isNavigationRequest() && (f === page.mainFrame() || f === frame)) answered = response;
  };
  page.on('response', onResponse);
  ctx.signal.addEventListener('abort', () => page.off('response', onResponse), { once: true }); // the step is over
  const navigated = page
    .waitForEvent('framenavigated', { predicate: (f) => f === page.mainFrame() || f === frame, timeout: remaining(ctx) })
    .then(
      () => true,
      () => false,
    );
  return async () => {
    if (page.isClosed()) return;
    const happened = await navigated;
    const where = () => (frame && frame !== page.mainFrame() && !frame.isDetached() ? frame : page.mainFrame());
    if (!happened) {
      if (asserted.url && sameUrlLoosely(where().url(), asserted.url)) return; // already there
      if (page.isClosed()) return;
      throw new StepError('timeout', `the page did not navigate${asserted.url ? ` to ${asserted.url}` : ''} within ${ctx.timeoutMs} ms, as it did when recorded`);
    }
    await page.waitForLoadState('load', { timeout: remaining(ctx) }).catch(() => ctx.log('the new page did not finish loading in time; continuing'));
    if (page.isClosed()) return;
    if (answered && answered.status() >= 400) {
      throw new StepError('navigation_failed', `the page answered HTTP ${answered.status()} at ${answered.url()}; when recorded this step led to ${asserted.url ?? 'a new page'}`);
    }
    await checkArrival(ctx, where, asserted, 'the navigation');
  };
}

// ---------------------------------------------------------------------------------------------------------
// Window and navigation

/** The window size of a setViewport step in whole pixels (Chrome may write fractions; the browser takes integers). */
export function viewportSize(step: StepOf<'setViewport'>): { width: number; height: number } {
  return { width: Math.max(1, Math.round(step.width)), height: Math.max(1, Math.round(step.height)) };
}

async function setViewport(ctx: StepContext, step: StepOf<'setViewport'>) {
  const page = await pageOf(ctx, step);
  await page.setViewportSize(viewportSize(step));
  const ignored = [
    step.deviceScaleFactor !== 1 && `deviceScaleFactor ${step.deviceScaleFactor}`,
    step.isMobile && 'isMobile',
    step.hasTouch && 'hasTouch',
  ].filter(Boolean);
  if (ignored.length) ctx.log(`${ignored.join(', ')} kept as the run's browser context sets them (only the size changes during a run)`);
}

/** Opens `url` in `frame` after the network guard allowed it; waits for 'load'. */
export async function openUrl(ctx: StepContext, frame: Frame, url: string): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new StepError('navigation_failed', `not a valid address: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new StepError('navigation_failed', `only http and https addresses can be opened, not ${url}`);
  if (ctx.run.guard) {
    const verdict = await ctx.run.guard.check(url);
    if (!verdict.allowed) throw new StepError(verdict.unresolved ? 'navigation_failed' : 'blocked_address', `${url} is not reachable from a run: ${verdict.reason}`);
  }
  try {
    const response = await frame.goto(url, { waitUntil: 'load', timeout: remaining(ctx) });
    if (response && response.status() >= 400) ctx.log(`the server answered HTTP ${response.status()}`);
  } catch (error) {
    if (error instanceof StepError) throw error;
    if (isTimeoutError(error)) {
      const ready = await frame.evaluate(() => document.readyState, undefined).catch(() => 'loading');
      if (ready !== 'loading' && frame.url() !== 'about:blank') {
        ctx.log(`the page did not finish loading within ${ctx.timeoutMs} ms; continuing with what has loaded`);
        return;
      }
      throw new StepError('navigation_failed', `${url} did not load within ${ctx.timeoutMs} ms`);
    }
    throw new StepError('navigation_failed', `could not open ${url}: ${describeError(error)}`);
  }
}

async function navigate(ctx: StepContext, step: StepOf<'navigate'>) {
  const page = await pageOf(ctx, step);
  const frame = hasFrame(step) ? await frameFor(page, step, ctx.deadline, ctx.signal) : page.mainFrame();
  await openUrl(ctx, frame, step.url);
  const asserted = step.assertedEvents?.find((e) => e.type === 'navigation');
  if (asserted) await checkArrival(ctx, () => frame, asserted, `opening ${step.url}`);
}

async function close(ctx: StepContext, step: StepOf<'close'>) {
  const page = await pageOf(ctx, step);
  const url = page.url();
  await page.close();
  ctx.page = undefined;
  ctx.log(`closed the window ${url}`);
}

// ---------------------------------------------------------------------------------------------------------
// Pointer and keyboard

const BUTTONS = { primary: 'left', secondary: 'right', auxiliary: 'middle' } as const;

/**
 * The recorded click point when it still lies inside the element; otherwise the centre (logged). `size`: the
 * element's size as the lookup measured it a moment ago (else it is measured now). Either way it is measured
 * before Playwright's own checks: a point that an element shrinking meanwhile no longer covers is refused by
 * Playwright's hit check, never clicked beside the element.
 */
async function clickPosition(ctx: StepContext, locator: Locator, step: StepOf<'click'>, size?: { width: number; height: number }) {
  if (step.offsetX === undefined || step.offsetY === undefined) return undefined;
  // A hidden element measured 0×0 may have shown since: measured again.
  const box = size && size.width > 0 && size.height > 0 ? size : await locator.boundingBox({ timeout: remaining(ctx) }).catch(() => null);
  if (!box) return undefined;
  const { offsetX: x, offsetY: y } = step;
  if (x >= 0 && y >= 0 && x < box.width && y < box.height) return { x, y };
  ctx.log(`the recorded point (${x}, ${y}) lies outside the element (${Math.round(box.width)}×${Math.round(box.height)}); clicked its centre`);
  return undefined;
}

async function click(ctx: StepContext, step: StepOf<'click'> | StepOf<'doubleClick'>) {
  const { page, locator, frame, size } = await element(ctx, step);
  if (step.type === 'click') {
    // A label's click and the browser's own click on its box, recorded as two steps, toggle the box once.
    if (await isLabelEcho(ctx, step, locator)) return;
    await noteLabelClick(ctx, step, locator);
  }
  const after = expectNavigation(ctx, page, frame, step);
  if (step.button === 'back' || step.button === 'forward') {
    ctx.log(`the ${step.button} mouse button goes ${step.button} in the window's history`);
    await act(ctx, `going ${step.button}`, page, () => (step.button === 'back' ? page.goBack({ timeout: remaining(ctx) }) : page.goForward({ timeout: remaining(ctx) })));
  } else {
    const position = await clickPosition(ctx, locator, step as StepOf<'click'>, size);
    const options = { button: BUTTONS[step.button ?? 'primary'], position, delay: step.duration, timeout: remaining(ctx) };
    if (step.type === 'click') await act(ctx, 'the click', page, () => locator.click(options));
    else await act(ctx, 'the double click', page, () => locator.dblclick(options));
  }
  await after?.();
}

async function hover(ctx: StepContext, step: StepOf<'hover'>) {
  const { page, locator, frame } = await element(ctx, step);
  const after = expectNavigation(ctx, page, frame, step);
  await act(ctx, 'hovering', page, () => locator.hover({ timeout: remaining(ctx) }));
  await after?.();
}

async function key(ctx: StepContext, step: StepOf<'keyDown'> | StepOf<'keyUp'>) {
  const page = await pageOf(ctx, step);
  const frame = hasFrame(step) ? await frameFor(page, step, ctx.deadline, ctx.signal) : undefined;
  const after = expectNavigation(ctx, page, frame, step);
  await act(ctx, `pressing ${step.key}`, page, () => (step.type === 'keyDown' ? page.keyboard.down(step.key) : page.keyboard.up(step.key)));
  await after?.();
}

/** How long a scroll that the page's height cut short waits for the page to grow (lazy loading) before it gives up. */
const SCROLL_SETTLE_MS = 1500;

/**
 * Scrolls the window (or an element) to the recorded position. When the page is shorter than when recorded
 * (content loaded as one scrolls), it keeps scrolling as the page grows, until the position is reached, the
 * page stops growing for a moment, or the step's time is up: scrolls replayed back to back then give lazy
 * loading the time a person gave it.
 */
async function scroll(ctx: StepContext, step: StepOf<'scroll'>) {
  const to = { x: step.x, y: step.y };
  const target: { page: Page; run: () => Promise<{ x: number; y: number; height: number }> } = step.selectors?.length
    ? await (async () => {
        const { page, locator } = await element(ctx, { ...step, selectors: step.selectors! });
        return {
          page,
          run: () =>
            evaluateNow(
              locator,
              (el, p) => {
                el.scrollTo({ left: p.x ?? el.scrollLeft, top: p.y ?? el.scrollTop, behavior: 'instant' });
                return { x: el.scrollLeft, y: el.scrollTop, height: el.scrollHeight };
              },
              to,
              remaining(ctx),
            ),
        };
      })()
    : await (async () => {
        const page = await pageOf(ctx, step);
        const frame = await frameFor(page, step, ctx.deadline, ctx.signal);
        await ctx.ready;
        return {
          page,
          run: () =>
            frame.evaluate((p) => {
              window.scrollTo({ left: p.x ?? window.scrollX, top: p.y ?? window.scrollY, behavior: 'instant' });
              return { x: window.scrollX, y: window.scrollY, height: document.documentElement.scrollHeight };
            }, to),
        };
      })();
  const reached = (at: { x: number; y: number }) => (to.x === undefined || Math.abs(at.x - to.x) <= 1) && (to.y === undefined || Math.abs(at.y - to.y) <= 1);
  let height = -1;
  let grewAt = Date.now();
  let nudged = false;
  for (;;) {
    const at = await act(ctx, 'scrolling', target.page, target.run);
    if (!at || reached(at)) return;
    if (at.height !== height) {
      if (height >= 0) grewAt = Date.now();
      height = at.height;
      nudged = false;
    }
    // A page that loads more when its end comes into view (an IntersectionObserver) may have seen the end while it
    // was still loading the previous part, and waits for the end to come into view again: show it again, once.
    if (!nudged && !step.selectors?.length && !hasFrame(step) && Date.now() - grewAt >= SCROLL_SETTLE_MS / 3) {
      nudged = true;
      await act(ctx, 'scrolling', target.page, () => target.page.evaluate(() => window.scrollBy({ top: -Math.round(window.innerHeight / 2), behavior: 'instant' })));
      await sleep(POLL_MS, ctx.signal);
      continue;
    }
    if (Date.now() - grewAt >= SCROLL_SETTLE_MS || Date.now() >= ctx.deadline || ctx.signal.aborted) {
      ctx.log(`the page ends before the recorded position (${to.x ?? at.x}, ${to.y ?? at.y}); scrolled to (${Math.round(at.x)}, ${Math.round(at.y)})`);
      return;
    }
    await sleep(Math.min(POLL_MS, ctx.deadline - Date.now()), ctx.signal);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Form fields

const TYPED_INPUTS = new Set(['', 'text', 'search', 'email', 'tel', 'url', 'password', 'number']);
const MAX_TYPED = 200;

/** Sets a value as a script would (for read-only widgets such as date pickers): native setter, input and change events. */
async function setValueDirectly(locator: Locator, value: string, timeout: number) {
  await evaluateNow(
    locator,
    (el, v) => {
      const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
    },
    value,
    timeout,
  );
}

/** What kind of field the element is and what it holds (a list's options too), in one look. */
async function fieldInfo(locator: Locator, timeout: number) {
  return evaluateNow(
    locator,
    (el) => {
      const input = el as HTMLInputElement;
      const r = el.getBoundingClientRect();
      return {
        tag: el.tagName.toLowerCase(),
        type: typeof input.type === 'string' ? input.type.toLowerCase() : '',
        editable: (el as HTMLElement).isContentEditable,
        readOnly: input.readOnly === true,
        checked: input.checked === true,
        ownValue: typeof input.value === 'string' ? input.value : '',
        text: typeof input.value === 'string' ? input.value : (el.textContent ?? ''),
        visible: r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden',
        options: el instanceof HTMLSelectElement ? [...el.options].map((o) => ({ value: o.value, label: o.label.trim(), text: o.text.trim() })) : [],
      };
    },
    undefined,
    timeout,
  );
}

async function change(ctx: StepContext, step: StepOf<'change'>) {
  const file = fileOfStep(ctx);
  const { page, locator, frame } = await element(ctx, step);
  const after = expectNavigation(ctx, page, frame, step);
  const secrets = secretsOfStep(ctx);
  if (file) await act(ctx, 'choosing the file', page, () => setFile(ctx, page, locator, file.file));
  else if (secrets.length) await act(ctx, 'typing the secret', page, () => typeSecret(ctx, page, locator, step.value, secrets));
  else await act(ctx, 'setting the value', page, () => setField(ctx, page, locator, step.value));
  await after?.();
}

/**
 * The file a step fills into a file field (docs/automation.md "File inputs"): the step's value as saved is
 * `{{input.x}}` and the definition declares x as a file input. Null for any other step; `file` null for an optional
 * file input the run was given no file for (the field is left empty). A file input whose file did not come fails
 * the step as input_missing before anything is done.
 */
function fileOfStep(ctx: StepContext): { input: string; file: InputFile | null } | null {
  const saved = ctx.run.opts.definition.steps[ctx.index];
  if (saved?.type !== 'change') return null;
  const input = fileStepInput(saved);
  if (!input || !ctx.run.opts.definition.inputs?.some((i) => i.name === input && i.type === 'file')) return null;
  const file = ctx.run.opts.files?.[input];
  if (file) return { input, file };
  if (ctx.run.inputs[input]) throw new StepError('input_missing', `the file of the run input ${input} (${ctx.run.inputs[input]}) was not given`);
  const declared = ctx.run.opts.definition.inputs.find((i) => i.name === input);
  if (declared?.required) throw new StepError('input_missing', `the run input ${input} was not given`);
  return { input, file: null };
}

/**
 * Sets the file on the file field the step found: the element itself, the file field inside it (a styled upload
 * area), or, when it is a button that opens the browser's file chooser, the chooser it opens. Exactly the file's
 * bytes reach the page; only its own name (no folders) is given.
 */
async function setFile(ctx: StepContext, page: Page, locator: Locator, file: InputFile | null) {
  const files = file ? [{ name: file.name.split(/[\\/]/).pop() || file.name, mimeType: file.mimeType, buffer: file.buffer }] : [];
  const info = await fieldInfo(locator, remaining(ctx));
  if (info.tag === 'input' && info.type === 'file') return locator.setInputFiles(files, { timeout: remaining(ctx) });
  const inner = locator.locator('input[type=file]').first();
  if ((await inner.count()) > 0) {
    ctx.log('the element is not a file field; the file field inside it was used');
    return inner.setInputFiles(files, { timeout: remaining(ctx) });
  }
  const chooser = page.waitForEvent('filechooser', { timeout: Math.min(remaining(ctx), 5000) });
  chooser.catch(() => {});
  await locator.click({ timeout: remaining(ctx) });
  try {
    await (await chooser).setFiles(files, { timeout: remaining(ctx) });
  } catch (error) {
    if (isTimeoutError(error)) throw new StepError('assertion_failed', 'the element is not a file field and opens no file chooser');
    throw error;
  }
  ctx.log('the element opened the file chooser; the file was chosen there');
}

/** Sets `value` on the element (or the form field inside it); returns the field that got it. */
async function setField(ctx: StepContext, page: Page, locator: Locator, value: string, depth = 0): Promise<Locator> {
  const info = await fieldInfo(locator, remaining(ctx));
  const timeout = remaining(ctx);
  if (info.tag === 'select') {
    await selectOption(ctx, locator, info.options, value);
  } else if (info.tag === 'input' && (info.type === 'checkbox' || info.type === 'radio')) {
    await setChecked(ctx, locator, info, value);
  } else if (info.tag === 'input' && info.type === 'file') {
    throw new StepError('assertion_failed', 'a file field is filled only from a file input ({{input.x}} of type file): save the workflow again to make this step ask for a file');
  } else if (info.tag === 'input' && info.type === 'range') {
    await setValueDirectly(locator, value, timeout);
  } else if ((info.tag === 'input' || info.tag === 'textarea') && info.readOnly) {
    ctx.log('the field is read-only; its value was set by script');
    await setValueDirectly(locator, value, timeout);
  } else if (info.tag === 'textarea' || (info.tag === 'input' && TYPED_INPUTS.has(info.type))) {
    // Typed like a person (key events), as Chrome's own replay does: widgets that listen to keys see them.
    if (info.text !== '') await locator.fill('', { timeout });
    // Typed unless long, or a line break would press Enter in a one-line input (and submit its form).
    const typed = value.length <= MAX_TYPED && (info.tag === 'textarea' || !/[\r\n]/.test(value));
    if (typed) await locator.pressSequentially(value, { timeout: remaining(ctx) });
    else await locator.fill(value, { timeout: remaining(ctx) });
    const now = await evaluateNow(locator, (el) => (el as HTMLInputElement).value, undefined, remaining(ctx));
    if (now === '' && value !== '') {
      ctx.log('typing left the field empty; its value was filled in directly');
      await locator.fill(value, { timeout: remaining(ctx) });
    } else if (now !== value) {
      ctx.log('the page reformatted the value as it was typed');
    }
  } else if (info.tag === 'input') {
    await locator.fill(value, { timeout }); // date, time, color, …: Playwright's fill knows their formats
  } else if (info.editable) {
    if (info.text !== '') await locator.fill('', { timeout });
    await locator.pressSequentially(value, { timeout: remaining(ctx) });
  } else {
    const inner = locator.locator('input:not([type=hidden]), textarea, select, [contenteditable=""], [contenteditable=true]').first();
    if (depth === 0 && (await inner.count()) > 0) {
      ctx.log('the element is not a form field; the field inside it was used');
      return setField(ctx, page, inner, value, 1);
    }
    ctx.log('the element is not a form field; the value was typed into it');
    await locator.click({ timeout });
    await page.keyboard.type(value);
  }
  return locator;
}

async function selectOption(ctx: StepContext, locator: Locator, options: FieldInfo['options'], value: string) {
  if (options.some((o) => o.value === value)) {
    await locator.selectOption({ value }, { timeout: remaining(ctx) });
  } else if (options.some((o) => o.label === value.trim() || o.text === value.trim())) {
    ctx.log('no option has that value; picked the option with that label');
    await locator.selectOption({ label: value.trim() }, { timeout: remaining(ctx) });
  } else {
    try {
      await locator.selectOption(value, { timeout: remaining(ctx) }); // waits for the option to be added
    } catch (error) {
      if (isTimeoutError(error)) throw new StepError('assertion_failed', `the list has no option "${value}" (options: ${options.map((o) => o.label).join(', ')})`);
      throw error;
    }
  }
}

type FieldInfo = Awaited<ReturnType<typeof fieldInfo>>;

async function setChecked(ctx: StepContext, locator: Locator, info: FieldInfo, value: string) {
  const on = ['on', 'true', info.ownValue].includes(value);
  const off = info.type === 'checkbox' && ['off', 'false', ''].includes(value);
  if (!on && !off) throw new StepError('assertion_failed', `the ${info.type} has the value "${info.ownValue}", not "${value}"`);
  if (info.checked === on) return;
  try {
    // A person's click where one is possible; custom-styled boxes whose input is hidden or covered get a script click.
    if (!info.visible) throw new Error('hidden');
    await locator.setChecked(on, { timeout: Math.min(remaining(ctx), 2000) });
  } catch (error) {
    if (error instanceof StepError) throw error;
    ctx.log(`the ${info.type} could not be clicked where it is drawn; it was clicked by script`);
    await evaluateNow(locator, (el, want) => {
      if ((el as HTMLInputElement).checked !== want) (el as HTMLInputElement).click();
    }, on);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Waits

async function waitForElement(ctx: StepContext, step: StepOf<'waitForElement'>) {
  const page = await pageOf(ctx, step);
  const frame = await frameFor(page, step, ctx.deadline, ctx.signal);
  refuseValueProbe(ctx, frame, step);
  const operator = step.operator ?? '>=';
  const count = step.count ?? 1;
  const filter = { visible: step.visible ?? true, attributes: step.attributes ?? {}, properties: step.properties ?? {} };
  const holds = (n: number) => (operator === '>=' ? n >= count : operator === '<=' ? n <= count : n === count);
  let best = 0;
  for (;;) {
    const counts = await Promise.all(
      step.selectors.flatMap((selector) =>
        selectorLocators(frame, selector).map((locator) =>
          locator
            .evaluateAll(
              (els, f) =>
                els.filter((e) => {
                  if (f.visible) {
                    const r = e.getBoundingClientRect();
                    if (!(r.width > 0 && r.height > 0) || getComputedStyle(e).visibility === 'hidden') return false;
                  }
                  for (const [k, v] of Object.entries(f.attributes)) if (e.getAttribute(k) !== v) return false;
                  for (const [k, v] of Object.entries(f.properties)) if (JSON.stringify((e as unknown as Record<string, unknown>)[k]) !== JSON.stringify(v)) return false;
                  return true;
                }).length,
              filter,
            )
            .catch(() => 0),
        ),
      ),
    );
    if (counts.some(holds)) return;
    best = Math.max(best, ...counts);
    if (Date.now() >= ctx.deadline || ctx.signal.aborted) break;
    await sleep(Math.min(POLL_MS, ctx.deadline - Date.now()), ctx.signal);
  }
  const wanted = `${operator} ${count} ${filter.visible ? 'visible ' : ''}matching element${count === 1 ? '' : 's'}`;
  if (best === 0 && count >= 1 && operator !== '<=') throw new StepError('element_not_found', `no element matched within ${ctx.timeoutMs} ms (expected ${wanted})`);
  throw new StepError('timeout', `expected ${wanted} within ${ctx.timeoutMs} ms; at most ${best} matched`);
}

async function waitForExpression(ctx: StepContext, step: StepOf<'waitForExpression'>) {
  const page = await pageOf(ctx, step);
  const frame = await frameFor(page, step, ctx.deadline, ctx.signal);
  refuseScriptOnSecretSite(ctx, page, frame);
  const expression = step.expression.trim().replace(/;+\s*$/, '');
  const source = `(async () => !!(await (\n${expression}\n)))()`;
  let lastError: string | undefined;
  for (;;) {
    try {
      if (await frame.evaluate(source)) return;
      lastError = undefined;
    } catch (error) {
      lastError = describeError(error); // not there yet (or navigating): keep polling
    }
    if (Date.now() >= ctx.deadline || ctx.signal.aborted) break;
    await sleep(Math.min(POLL_MS, ctx.deadline - Date.now()), ctx.signal);
  }
  const shown = expression.length > 120 ? `${expression.slice(0, 117)}…` : expression;
  throw new StepError('timeout', `the expression did not become true within ${ctx.timeoutMs} ms: ${shown}${lastError ? ` (last error: ${lastError})` : ''}`);
}

/** A fixed wait; a stop or pause meanwhile aborts it (the runner's watch aborts the run within about a second). */
async function wait(ctx: StepContext, step: StepOf<'wait'>) {
  await sleep(step.ms, ctx.signal);
}

// ---------------------------------------------------------------------------------------------------------
// Network conditions

/** Applies the run's emulated network conditions to a page (Chromium only; CDP). */
export async function applyNetworkConditions(run: RunState, page: Page, conditions: NetworkConditions): Promise<void> {
  const session = await cdpSession(run, page);
  if (!session) throw new Error('network conditions can be emulated in Chromium only');
  await session.send('Network.emulateNetworkConditions', conditions);
}

async function emulateNetworkConditions(ctx: StepContext, step: StepOf<'emulateNetworkConditions'>) {
  const browser = ctx.run.context.browser();
  if (browser && browser.browserType().name() !== 'chromium') {
    ctx.log(`network conditions are emulated in Chromium only; skipped in ${browser.browserType().name()}`);
    return;
  }
  // DevTools' presets: all zero is "Offline"; a negative throughput means no throttling.
  const offline = step.download === 0 && step.upload === 0 && step.latency === 0;
  const conditions: NetworkConditions = {
    offline,
    latency: step.latency,
    downloadThroughput: step.download < 0 || offline ? -1 : step.download,
    uploadThroughput: step.upload < 0 || offline ? -1 : step.upload,
  };
  ctx.run.network = conditions;
  try {
    for (const page of ctx.run.pages.filter((p) => !p.isClosed())) await applyNetworkConditions(ctx.run, page, conditions);
  } catch (error) {
    ctx.log(`network conditions could not be emulated (${describeError(error)}); skipped`);
    return;
  }
  ctx.log(offline ? 'network offline' : `network: ${step.download} B/s down, ${step.upload} B/s up, ${step.latency} ms latency`);
}

// ---------------------------------------------------------------------------------------------------------
// Screenshots and extraction

async function screenshot(ctx: StepContext, step: StepOf<'screenshot'>) {
  const page = await pageOf(ctx, step);
  const timeoutMs = remaining(ctx);
  const shot = await act(ctx, 'the screenshot', page, () => captureJpeg(page, { fullPage: step.fullPage, extraMasks: ctx.run.secretFields, timeoutMs }));
  if (shot?.note) ctx.log(shot.note);
  if (shot?.image) {
    ctx.screenshot = shot.image;
    ctx.log(`screenshot ${Math.round(shot.image.length / 1024)} kB${step.fullPage ? ' (full page)' : ''}`);
  }
}

async function extract(ctx: StepContext, step: StepOf<'extract'>) {
  const { page, locator, frame } = await element(ctx, step);
  await refuseSecretRead(ctx, locator, frame);
  const attribute = step.attribute;
  const read = await act(ctx, 'reading the element', page, () =>
    evaluateNow(
      locator,
      (el, attr) => {
        const field = el as HTMLInputElement;
        if (attr) return attr === 'value' && typeof field.value === 'string' ? field.value : el.getAttribute(attr);
        if (el instanceof HTMLSelectElement) return el.selectedOptions[0]?.text ?? '';
        if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) return el.value;
        return (el as HTMLElement).innerText ?? el.textContent ?? '';
      },
      attribute,
      remaining(ctx),
    ),
  );
  if (read === null) throw new StepError('assertion_failed', `the element has no attribute ${attribute}`);
  // Whatever a page shows back of a secret is masked before it becomes a variable (and so an AI input or a log).
  const shown = maskSecrets((read ?? '').trim(), ctx.run.secrets);
  ctx.run.variables[step.variable] = shown;
  ctx.extracted = { [step.variable]: shown };
  ctx.log(`${step.variable} = "${shown.length > 80 ? `${shown.slice(0, 77)}…` : shown}"`);
}

// ---------------------------------------------------------------------------------------------------------
// Decisions

async function aiDecision(ctx: StepContext, step: StepOf<'ai_decision'>) {
  const decide = ctx.run.opts.decide;
  if (!decide) throw new StepError('ai_unavailable', 'no AI provider or person can answer decisions in this run');
  // Only the declared inputs leave for the model, secret values masked.
  const given: { variables: Record<string, string>; inputs: Record<string, string> } = { variables: {}, inputs: {} };
  for (const ref of step.inputs) {
    const [kind, name] = ref.split('.') as ['var' | 'input', string];
    const source = kind === 'var' ? ctx.run.variables : ctx.run.inputs;
    if (!Object.hasOwn(source, name)) throw new StepError('assertion_failed', `the decision needs ${ref}, which has no value`);
    given[kind === 'var' ? 'variables' : 'inputs'][name] = maskSecrets(source[name]!, ctx.run.secrets);
  }
  let answer;
  try {
    answer = await decide(ctx.index, step, given);
  } catch (error) {
    if (error instanceof StepError) throw error;
    throw new StepError('ai_unavailable', `the decision could not be asked for: ${describeError(error)}`);
  }
  if ('fail' in answer) throw new StepError(answer.errorType ?? 'assertion_failed', answer.fail);
  if (!('choice' in answer)) throw new StepError('assertion_failed', 'the decision was answered without a choice');
  const option = step.options.find((o) => o.value === answer.choice);
  if (!option) throw new StepError('assertion_failed', `the answer "${answer.choice}" is not one of the options (${step.options.map((o) => o.value).join(', ')})`);
  const by = answer.by ?? 'ai';
  ctx.decision = { choice: option.value, label: option.label, by, confidence: answer.confidence, reason: answer.reason, ...(answer.details && { details: answer.details }) };
  const who = by === 'ai' ? `AI${answer.confidence !== undefined ? ` (confidence ${answer.confidence})` : ''}` : 'a person';
  ctx.log(`decided "${option.label}" by ${who}`);
  if (option.then === 'stop') ctx.flow = { end: true, why: `"${option.label}" chosen by ${who}` };
  else if (typeof option.then === 'object') {
    const goto = option.then.goto;
    const index = ctx.run.opts.definition.steps.findIndex((s) => s.id === goto);
    if (index < 0) throw new StepError('assertion_failed', `the option goes to step ${goto}, which does not exist`);
    ctx.flow = { goto: index };
  }
}

async function manual(ctx: StepContext, step: StepOf<'manual'>) {
  const decide = ctx.run.opts.decide;
  if (!decide) throw new StepError('assertion_failed', 'a manual step needs a person, and this run cannot ask one');
  const answer = await decide(ctx.index, step, { variables: { ...ctx.run.variables }, inputs: { ...ctx.run.inputs } });
  if ('fail' in answer) throw new StepError(answer.errorType ?? 'assertion_failed', answer.fail);
  const by = answer.by ?? 'person';
  ctx.decision = 'choice' in answer
    ? { choice: answer.choice, by, confidence: answer.confidence, reason: answer.reason, ...(answer.details && { details: answer.details }) }
    : { choice: 'done', by, reason: answer.reason, ...(answer.details && { details: answer.details }) };
  ctx.log(`marked done by ${by === 'ai' ? 'AI' : 'a person'}`);
}
