// Finding where a step acts: the window (main or a popup by its URL), the frame (iframe selectors per level,
// then index paths) and the element (every selector of the step, best first).
//
// Element choice, polled every 100 ms until the step's deadline:
//   1. the best (earliest) selector that matches exactly one visible element, at once;
//   2. after a short grace period (a better selector may still be rendering): a selector matching several
//      elements (its first visible one), then a unique hidden element (the action then waits for it to show).
// Every choice other than "selector 1, one element" is written to the step log.
import type { Frame, Locator, Page } from 'playwright-core';
import type { Selector, Step } from '../../../supabase/functions/_shared/schemas/definition.ts';
import { StepError } from './errors.ts';

type Root = Page | Frame | Locator;
type AriaRole = Parameters<Page['getByRole']>[0];

export const POLL_MS = 100;

const ARIA_ROLES = new Set<string>(
  'alert alertdialog application article banner blockquote button caption cell checkbox code columnheader combobox complementary contentinfo definition deletion dialog directory document emphasis feed figure form generic grid gridcell group heading img insertion link list listbox listitem log main marquee math meter menu menubar menuitem menuitemcheckbox menuitemradio navigation none note option paragraph presentation progressbar radio radiogroup region row rowgroup rowheader scrollbar search searchbox separator slider spinbutton status strong subscript superscript switch tab table tablist tabpanel term textbox time timer toolbar tooltip tree treegrid treeitem'.split(
    ' ',
  ),
);

/** Roles whose elements commonly carry an accessible name: what `aria/Name` without a role can mean. */
const NAMED_ROLES: AriaRole[] = [
  'button',
  'link',
  'textbox',
  'searchbox',
  'combobox',
  'checkbox',
  'radio',
  'switch',
  'slider',
  'spinbutton',
  'listbox',
  'option',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'treeitem',
  'heading',
  'img',
  'cell',
  'gridcell',
  'columnheader',
  'rowheader',
  'dialog',
  'navigation',
  'region',
  'form',
  'group',
];

export function describeSelector(selector: Selector): string {
  return Array.isArray(selector) ? selector.join(' » ') : selector;
}

function parseAria(text: string): { name: string; role?: string } {
  const m = /^(.*?)\[role="([^"]*)"\]$/s.exec(text);
  return m ? { name: m[1]!, role: m[2]! } : { name: text };
}

/** The locators one selector string can mean under `root`, best first (text: exact, then contained). */
function partLocators(root: Root, part: string): Locator[] {
  if (part.startsWith('aria/')) {
    const { name, role } = parseAria(part.slice(5));
    if (role && ARIA_ROLES.has(role)) return [name ? root.getByRole(role as AriaRole, { name, exact: true }) : root.getByRole(role as AriaRole)];
    let any = root.getByLabel(name, { exact: true });
    for (const r of NAMED_ROLES) any = any.or(root.getByRole(r, { name, exact: true }));
    return [any];
  }
  if (part.startsWith('text/')) {
    const text = part.slice(5);
    return [root.getByText(text, { exact: true }), root.getByText(text)];
  }
  if (part.startsWith('xpath/')) return [root.locator(`xpath=${part.slice(6)}`)];
  if (part.startsWith('pierce/')) return [root.locator(`css=${part.slice(7)}`)];
  return [root.locator(`css=${part}`)];
}

/**
 * The locators a selector can mean under `root`, best first. A list of strings is a path through open shadow
 * roots: each string is looked up inside the previous element (Playwright's CSS enters open shadow roots).
 */
export function selectorLocators(root: Root, selector: Selector): Locator[] {
  const parts = Array.isArray(selector) ? selector : [selector];
  let scope: Root = root;
  for (const part of parts.slice(0, -1)) {
    const [first, ...rest] = partLocators(scope, part);
    scope = rest.reduce((acc, l) => acc.or(l), first!);
  }
  return partLocators(scope, parts.at(-1)!);
}

export type Probe = { count: number; visibleIndex: number; visibleCount: number; locator?: Locator };

const NONE: Probe = { count: 0, visibleIndex: -1, visibleCount: 0 };

/** How many elements a selector matches right now (first variant that matches anything), and which are visible. */
export async function probeSelector(root: Root, selector: Selector): Promise<Probe> {
  let locators: Locator[];
  try {
    locators = selectorLocators(root, selector);
  } catch {
    return NONE; // a selector Playwright cannot parse matches nothing
  }
  for (const locator of locators) {
    try {
      const found = await locator.evaluateAll((els) => {
        const visible = els.map((e) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
        });
        return { count: els.length, visibleIndex: visible.indexOf(true), visibleCount: visible.filter(Boolean).length };
      });
      if (found.count > 0) return { ...found, locator };
    } catch {
      // navigation in progress, detached frame, invalid selector: nothing matched this time
    }
  }
  return NONE;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, Math.max(0, ms));
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

function checkCancelled(signal?: AbortSignal) {
  if (signal?.aborted) throw new StepError('stopped', 'the step was cancelled');
}

// ---------------------------------------------------------------------------------------------------------
// Windows

function looseUrl(url: string): string | undefined {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return undefined;
  }
}

/** Same origin and path, ignoring query, hash and a trailing slash. */
export function sameUrlLoosely(a: string, b: string): boolean {
  const la = looseUrl(a);
  return la !== undefined && la === looseUrl(b);
}

export type PageSource = { mainPage: Page; pages: Page[] };

/** The page a step acts in: the main page, or the open page whose URL matches the step's target (waiting for it). */
export async function pageFor(source: PageSource, step: Step, deadline: number, signal?: AbortSignal): Promise<Page> {
  const target = 'target' in step ? step.target : undefined;
  if (!target || target === 'main') {
    if (source.mainPage.isClosed()) throw new StepError('popup_not_found', 'the main window was closed by an earlier step');
    return source.mainPage;
  }
  for (;;) {
    checkCancelled(signal);
    const open = source.pages.filter((p) => !p.isClosed());
    const found = open.findLast((p) => p.url() === target) ?? open.findLast((p) => sameUrlLoosely(p.url(), target));
    if (found) return found;
    if (Date.now() >= deadline) {
      const urls = open.map((p) => p.url()).join(', ');
      throw new StepError('popup_not_found', `no window with the address ${target} opened (open windows: ${urls || 'none'})`);
    }
    await sleep(Math.min(POLL_MS, deadline - Date.now()), signal);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Frames

type Placement = { frame?: number[]; frameSelectors?: Selector[][] };

function placementOf(step: Step): Placement {
  return {
    frame: 'frame' in step ? step.frame : undefined,
    frameSelectors: 'frameSelectors' in step ? step.frameSelectors : undefined,
  };
}

/** The step's frame as it is right now, or the level (0 = first iframe) that is missing. */
async function frameNow(page: Page, placement: Placement): Promise<{ frame: Frame } | { missingLevel: number }> {
  let frame = page.mainFrame();
  const levels = Math.max(placement.frame?.length ?? 0, placement.frameSelectors?.length ?? 0);
  for (let level = 0; level < levels; level++) {
    let next: Frame | null = null;
    for (const selector of placement.frameSelectors?.[level] ?? []) {
      const probe = await probeSelector(frame, selector);
      if (!probe.locator) continue;
      try {
        const handle = await probe.locator.nth(Math.max(0, probe.visibleIndex)).elementHandle({ timeout: 1000 });
        next = (await handle?.contentFrame()) ?? null;
        await handle?.dispose();
      } catch {
        next = null;
      }
      if (next) break;
    }
    const index = placement.frame?.[level];
    if (!next && index !== undefined) next = frame.childFrames()[index] ?? null;
    if (!next || next.isDetached()) return { missingLevel: level };
    frame = next;
  }
  return { frame };
}

function frameNotFound(placement: Placement, level: number, timeoutMs: number): StepError {
  const selectors = placement.frameSelectors?.[level]?.map(describeSelector).join(', ');
  const index = placement.frame?.[level];
  const how = [selectors && `selectors ${selectors}`, index !== undefined && `index ${index}`].filter(Boolean).join(', then ');
  return new StepError('frame_not_found', `the iframe at level ${level + 1} (${how}) was not found within ${timeoutMs} ms`);
}

/** The frame a step acts in (main frame when it names none), waiting for it until the deadline. */
export async function frameFor(page: Page, step: Step, deadline: number, signal?: AbortSignal): Promise<Frame> {
  const placement = placementOf(step);
  const started = Date.now();
  for (;;) {
    checkCancelled(signal);
    const found = await frameNow(page, placement);
    if ('frame' in found) return found.frame;
    if (Date.now() >= deadline) throw frameNotFound(placement, found.missingLevel, deadline - started);
    await sleep(Math.min(POLL_MS, deadline - Date.now()), signal);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Elements

export type Located = { locator: Locator; frame: Frame; selectorIndex: number };

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${s}`;
}

function state(p: Probe): string {
  if (p.count === 0) return 'not found';
  if (p.count > 1) return `matches ${p.count} elements`;
  return p.visibleCount ? 'found' : 'hidden';
}

/**
 * The element a step acts on: every selector of the step, best first, in the step's frame, until the deadline.
 * Throws `element_not_found` (or `frame_not_found`) when nothing matched in time.
 */
export async function locateElement(
  page: Page,
  step: Step & { selectors: Selector[] },
  deadline: number,
  log: (message: string) => void,
  signal?: AbortSignal,
): Promise<Located> {
  const placement = placementOf(step);
  const selectors = step.selectors;
  const started = Date.now();
  const grace = selectors.length > 1 ? Math.min(1000, (deadline - started) / 3) : 0;
  let missingLevel: number | undefined;
  for (;;) {
    checkCancelled(signal);
    const found = await frameNow(page, placement);
    if ('frame' in found) {
      missingLevel = undefined;
      const probes = await Promise.all(selectors.map((s) => probeSelector(found.frame, s)));
      const waited = Date.now() - started >= grace;
      const pick =
        probes.findIndex((p) => p.count === 1 && p.visibleCount === 1) >= 0
          ? probes.findIndex((p) => p.count === 1 && p.visibleCount === 1)
          : !waited
            ? -1
            : [(p: Probe) => p.count > 1 && p.visibleCount > 0, (p: Probe) => p.count === 1, (p: Probe) => p.count > 1]
                .map((test) => probes.findIndex(test))
                .find((i) => i >= 0) ?? -1;
      if (pick >= 0) {
        const probe = probes[pick]!;
        const notes = probes.slice(0, pick).map((p, i) => `selector ${i + 1} (${describeSelector(selectors[i]!)}) ${state(p)}`);
        const used = `selector ${pick + 1} (${describeSelector(selectors[pick]!)})`;
        let locator = probe.locator!.first();
        if (probe.count > 1) {
          const at = Math.max(0, probe.visibleIndex);
          locator = probe.locator!.nth(at);
          notes.push(`${used} matches ${probe.count} elements; the ${probe.visibleIndex >= 0 ? 'first visible one' : 'first one'} (${ordinal(at + 1)}) used`);
        } else if (probe.visibleCount === 0) {
          notes.push(`${used} is hidden; waiting for it to show`);
        } else if (pick > 0) {
          notes.push(`${used} used`);
        }
        if (notes.length && (pick > 0 || probe.count > 1 || probe.visibleCount === 0)) log(notes.join('; '));
        return { locator, frame: found.frame, selectorIndex: pick };
      }
    } else {
      missingLevel = found.missingLevel;
    }
    if (Date.now() >= deadline) {
      const ms = deadline - started;
      if (missingLevel !== undefined) throw frameNotFound(placement, missingLevel, ms);
      const list = selectors.map(describeSelector).join(', ');
      throw new StepError(
        'element_not_found',
        selectors.length === 1 ? `no element matched ${list} within ${ms} ms` : `no element matched any of the ${selectors.length} selectors within ${ms} ms (${list})`,
      );
    }
    await sleep(Math.min(POLL_MS, deadline - Date.now()), signal);
  }
}
