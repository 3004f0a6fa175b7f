// Finding where a step acts: the window (main or a popup by its URL), the frame (iframe selectors per level,
// then index paths) and the element (every selector of the step, best first).
//
// Element choice, polled every 100 ms until the step's deadline: every selector is probed and the answers are
// compared element by element (`judge`, below): meaning outvotes position, a guess is checked against the
// recorded fingerprint, and nothing is done when the element is not certain. Every choice other than
// "selector 1, one element" is written to the step log.
import type { Frame, Locator, Page } from 'playwright-core';
import { HEAL_THRESHOLD_DEFAULT, type Fingerprint, type Selector, type Step } from '../../../supabase/functions/_shared/schemas/definition.ts';
import { StepError } from './errors.ts';
import { expectedOf, hasMeaning, isCritical, scoreCandidatesExpression, selectorKind, type Scored, type SelectorKind } from './fingerprint.ts';

type Root = Page | Frame | Locator;
type AriaRole = Parameters<Page['getByRole']>[0];

export const POLL_MS = 100;

const ARIA_ROLES = new Set<string>(
  'alert alertdialog application article banner blockquote button caption cell checkbox code columnheader combobox complementary contentinfo definition deletion dialog directory document emphasis feed figure form generic grid gridcell group heading img insertion link list listbox listitem log main marquee math meter menu menubar menuitem menuitemcheckbox menuitemradio navigation none note option paragraph presentation progressbar radio radiogroup region row rowgroup rowheader scrollbar search searchbox separator slider spinbutton status strong subscript superscript switch tab table tablist tabpanel term textbox time timer toolbar tooltip tree treegrid treeitem'.split(
    ' ',
  ),
);

/** Roles whose elements commonly carry an accessible name: what `aria/Name` without a role can mean. */
export const NAMED_ROLES: AriaRole[] = [
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

/** Whether a selector has an `aria/Name` part without a role (Chrome's Recorder writes them so). */
function hasAriaWithoutRole(selector: Selector): boolean {
  return (Array.isArray(selector) ? selector : [selector]).some((part) => part.startsWith('aria/') && !parseAria(part.slice(5)).role);
}

/**
 * Every role an element of the frame's document (and its open shadow roots) could have: its `role` attribute's
 * words and every role its tag can give it implicitly (a superset of what Playwright computes). `aria/Name`
 * without a role then asks only for the named roles that occur at all, not for all 28, each of which walks the
 * whole document (35 ms against 7 ms per look on the form page).
 */
const PRESENT_ROLES_JS = String.raw`(() => {
  const implicit = { A: 'link', AREA: 'link', BUTTON: 'button', DATALIST: 'listbox', DETAILS: 'group', FIELDSET: 'group',
    OPTGROUP: 'group', DIALOG: 'dialog', FORM: 'form', H1: 'heading', H2: 'heading', H3: 'heading', H4: 'heading',
    H5: 'heading', H6: 'heading', IMG: 'img', SVG: 'img',
    NAV: 'navigation', OPTION: 'option', SECTION: 'region', SELECT: 'combobox listbox', TD: 'cell gridcell',
    TH: 'columnheader rowheader', TEXTAREA: 'textbox' };
  const found = new Set();
  const roots = [document];
  while (roots.length) {
    for (const el of roots.pop().querySelectorAll('*')) {
      const type = el.tagName.toUpperCase() === 'INPUT' && typeof el.type === 'string' ? el.type.toLowerCase() : undefined;
      const tag = type === undefined ? implicit[el.tagName.toUpperCase()]
        : ['email', 'tel', 'text', 'url', ''].includes(type) ? 'textbox combobox' : type === 'search' ? 'searchbox combobox'
        : type === 'hidden' ? '' : type === 'file' || type === 'button' || type === 'image' || type === 'reset' || type === 'submit' ? 'button'
        : { checkbox: 'checkbox', number: 'spinbutton', radio: 'radio', range: 'slider' }[type] || 'textbox';
      if (tag) for (const r of tag.split(' ')) found.add(r);
      const explicit = el.getAttribute('role');
      if (explicit) for (const r of explicit.trim().toLowerCase().split(/\s+/)) found.add(r);
      if (el.shadowRoot) roots.push(el.shadowRoot);
    }
  }
  return [...found];
})()`;

/** The roles that occur in `frame` (PRESENT_ROLES_JS), or undefined when the frame cannot answer (all roles then). */
export async function presentRoles(frame: Frame): Promise<ReadonlySet<string> | undefined> {
  try {
    return new Set((await frame.evaluate(PRESENT_ROLES_JS)) as string[]);
  } catch {
    return undefined;
  }
}

/**
 * The locators one selector string can mean under `root`, best first (text: exact, then contained). `roles`: the
 * roles that occur where it is looked up (`presentRoles`); `aria/Name` without a role looks only among those.
 */
function partLocators(root: Root, part: string, roles?: ReadonlySet<string>): Locator[] {
  if (part.startsWith('aria/')) {
    const { name, role } = parseAria(part.slice(5));
    if (role && ARIA_ROLES.has(role)) return [name ? root.getByRole(role as AriaRole, { name, exact: true }) : root.getByRole(role as AriaRole)];
    let any = root.getByLabel(name, { exact: true });
    for (const r of NAMED_ROLES) if (!roles || roles.has(r)) any = any.or(root.getByRole(r, { name, exact: true }));
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
export function selectorLocators(root: Root, selector: Selector, roles?: ReadonlySet<string>): Locator[] {
  const parts = Array.isArray(selector) ? selector : [selector];
  let scope: Root = root;
  for (const part of parts.slice(0, -1)) {
    const [first, ...rest] = partLocators(scope, part, roles);
    scope = rest.reduce((acc, l) => acc.or(l), first!);
  }
  return partLocators(scope, parts.at(-1)!, roles);
}

/**
 * What a selector asks Playwright, as a key: selectors with the same key find the same elements. `pierce/x` is the
 * CSS query `x` (Playwright's CSS enters open shadow roots, as `pierce/` does in Chrome's replay).
 */
export function queryKey(selector: Selector): string {
  return JSON.stringify((Array.isArray(selector) ? selector : [selector]).map((part) => (part.startsWith('pierce/') ? part.slice(7) : part)));
}

export type Probe = {
  count: number;
  visibleIndex: number;
  visibleCount: number;
  locator?: Locator;
  /** The matched elements' numbers (per frame, stable while the element lives: see `elementIds` below). */
  ids: number[];
  visible: boolean[];
  /** Per element, the numbers of its nearest ancestors (up to 3): an option inside its select, a span inside its button. */
  up?: number[][];
  /** Matched only by the loose variant (text contained, not equal): supports a choice but never disputes one. */
  loose?: boolean;
  /** Per element (the first 5), its size when probed: where a click may land without another look. */
  sizes?: { width: number; height: number }[];
};

const NONE: Probe = { count: 0, visibleIndex: -1, visibleCount: 0, ids: [], visible: [], up: [] };

/**
 * How many elements a selector matches right now (first variant that matches anything), which are visible, and
 * which they are: every element gets a number in a WeakMap of its window, so the answers of different
 * selectors can be compared (do they point at the same element?).
 */
export async function probeSelector(root: Root, selector: Selector, roles?: ReadonlySet<string>): Promise<Probe> {
  let locators: Locator[];
  try {
    locators = selectorLocators(root, selector, roles);
  } catch {
    return NONE; // a selector Playwright cannot parse matches nothing
  }
  for (const [variant, locator] of locators.entries()) {
    try {
      const found = await locator.evaluateAll((els) => {
        const key = Symbol.for('kollega.elementIds');
        const w = window as unknown as Record<symbol, { map: WeakMap<Element, number>; next: number } | undefined>;
        const store = (w[key] ??= { map: new WeakMap(), next: 1 });
        // No named functions in here: the runner's TypeScript loader would wrap them in a helper the page lacks.
        const ids: number[] = [];
        const up: number[][] = [];
        for (const [k, e] of els.entries()) {
          const chain: number[] = [];
          for (let node: Element | null = e, level = 0; node && level < (k < 5 ? 4 : 1); node = node.parentElement, level++) {
            let id = store.map.get(node);
            if (id === undefined) store.map.set(node, (id = store.next++));
            chain.push(id);
          }
          ids.push(chain[0]!);
          if (k < 5) up.push(chain.slice(1));
        }
        const sizes: { width: number; height: number }[] = [];
        const visible = els.map((e, k) => {
          const r = e.getBoundingClientRect();
          if (k < 5) sizes.push({ width: r.width, height: r.height });
          return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
        });
        return { count: els.length, visibleIndex: visible.indexOf(true), visibleCount: visible.filter(Boolean).length, ids, visible, up, sizes };
      });
      if (found.count > 0) return { ...found, locator, ...(variant > 0 && { loose: true }) };
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
//
// Right element or no action (docs/automation.md, "Which element a step acts on"): every selector of the step
// is probed, and the answers are compared element by element. Selectors with meaning (aria, text, row context,
// ids and attributes) outvote positional ones (nth-of-type, index xpaths); when the selectors with meaning
// disagree, or only a positional one still finds something, the candidate is checked against the recorded
// fingerprint (healing, with a threshold); a step never acts on a guess below it, nor on a guess at all when
// it is critical (Attestera, Betala, Skicka, …): it fails as `element_ambiguous` or `element_not_found` and
// names the closest candidate.

/** `size`: the element's size when it was found (its box's width and height), when a probe measured it. */
export type Located = { locator: Locator; frame: Frame; selectorIndex: number; heal?: Heal; size?: { width: number; height: number } };

/** A step acted on an element no recorded selector pointed at unanimously: what, and how sure. */
export type Heal = { score: number; describe: string; reason: 'verified' | 'healed' | 'chosen' };

/** Polls after which an ambiguous or missing element is scored against the fingerprint (at most every second). */
const HEAL_EVERY_MS = 1000;
/** A guess is checked against the fingerprint at most this often (the check reads the whole frame). */
const VERIFY_EVERY_MS = 400;
/** The best candidate must beat the second by this much to be acted on. */
export const HEAL_MARGIN = 0.1;
/** Below this score a candidate is not worth a person's question: the step fails as it is. */
export const CONFIRM_FLOOR = 0.5;

/** The candidate an uncertain step could ask a person about: marked in `frame` by `best.marker`. */
export type Confirmable = { frame: Frame; best: Scored; second?: Scored; threshold: number; why: 'below_threshold' | 'too_close' | 'critical' };

/** `element_ambiguous` / `element_not_found` with the candidate a person may confirm (score ≥ CONFIRM_FLOOR). */
export class UncertainElement extends StepError {
  constructor(
    type: 'element_ambiguous' | 'element_not_found',
    message: string,
    readonly confirmable: Confirmable,
  ) {
    super(type, message);
  }
}

function state(p: Probe): string {
  if (p.count === 0) return 'not found';
  if (p.count > 1) return `matches ${p.count} elements`;
  return p.visibleCount ? 'found' : 'hidden';
}

/** What one poll of every selector says. */
export type Verdict =
  /** One element, by consensus of the selectors with meaning (or the only kind the step has). */
  | { kind: 'act'; id: number; via: number; hidden: boolean; notes: string[] }
  /** Only positional evidence (or position breaking a tie): act only if the element passes the fingerprint. */
  | { kind: 'verify'; id: number; via: number; hidden: boolean; notes: string[] }
  /** Selectors with meaning point at different elements, or at several with nothing to tell them apart. */
  | { kind: 'ambiguous'; ids: number[]; notes: string[] }
  | { kind: 'none' };

/** The elements a probe offers: its visible ones, else its hidden ones. */
function offered(p: Probe): number[] {
  return p.visibleCount > 0 ? p.ids.filter((_, i) => p.visible[i]) : p.ids;
}

/**
 * The verdict of one poll (pure: unit-tested without a browser). `kinds[i]` says whether selector i has
 * meaning or only position.
 */
export function judge(selectors: Selector[], probes: Probe[], kinds: SelectorKind[]): Verdict {
  const name = (i: number) => `selector ${i + 1} (${describeSelector(selectors[i]!)})`;
  const visibleOf = (id: number) => probes.some((p) => p.ids.some((x, k) => x === id && p.visible[k]));
  const via = (id: number, among: number[]) => among.find((i) => offered(probes[i]!).length === 1 && offered(probes[i]!)[0] === id) ?? among.find((i) => probes[i]!.ids.includes(id))!;
  const indexes = probes.map((_, i) => i);
  const matched = indexes.filter((i) => probes[i]!.count > 0);
  // A text selector that matches only by containment ("Spara" in "Spara som utkast") is no identity of its own:
  // it supports what the others find, and alone it is a guess to check, like a positional one.
  const meaning = matched.filter((i) => kinds[i] === 'meaning' && !probes[i]!.loose);
  const loose = matched.filter((i) => kinds[i] === 'meaning' && probes[i]!.loose);
  const position = matched.filter((i) => kinds[i] === 'position');
  const stepHasMeaning = kinds.includes('meaning');
  // An element and one inside it (a select and its selected option, a button and its label span) are one
  // target: the one the best selector names.
  const ancestors = new Map<number, number[]>();
  for (const p of probes) p.ids.forEach((id, k) => p.up?.[k] && ancestors.set(id, p.up[k]!));
  const sameTarget = (a: number, b: number) => a === b || !!ancestors.get(a)?.includes(b) || !!ancestors.get(b)?.includes(a);
  /** Why the choice is not "selector 1, one element": earlier selectors that found nothing, and every dissent. */
  const dissent = (id: number, at: number) =>
    indexes.flatMap((i) => {
      const p = probes[i]!;
      if (p.count === 0) return i < at ? [`${name(i)} not found`] : [];
      const offers = offered(p);
      if (!offers.some((o) => sameTarget(o, id))) return [`${name(i)}${p.loose ? ' (contained text only)' : ''} ${offers.length === 1 ? 'points at another element' : `${state(p)}, not this one`}`];
      if (i === at && p.count > 1) return [`${name(i)} matches ${p.count} elements, ${offers.length} of them visible`];
      return [];
    });

  if (!stepHasMeaning) {
    const unique = position.filter((i) => offered(probes[i]!).length === 1);
    if (!unique.length) return position.length ? { kind: 'ambiguous', ids: [...new Set(position.flatMap((i) => offered(probes[i]!)))], notes: [] } : { kind: 'none' };
    const id = offered(probes[unique[0]!]!)[0]!;
    return { kind: 'act', id, via: unique[0]!, hidden: !visibleOf(id), notes: dissent(id, unique[0]!) };
  }

  const uniqueMeaning = meaning.filter((i) => offered(probes[i]!).length === 1);
  const agreed: number[] = [];
  for (const id of uniqueMeaning.map((i) => offered(probes[i]!)[0]!)) if (!agreed.some((a) => sameTarget(a, id))) agreed.push(id);
  if (agreed.length > 1) {
    return { kind: 'ambiguous', ids: agreed, notes: uniqueMeaning.map((i) => `${name(i)} → element ${agreed.indexOf(offered(probes[i]!)[0]!) + 1}`) };
  }
  if (agreed.length === 1) {
    const id = agreed[0]!;
    const at = via(id, uniqueMeaning);
    return { kind: 'act', id, via: at, hidden: !visibleOf(id), notes: dissent(id, at) };
  }
  if (meaning.length) {
    // Several elements each: those every selector with meaning offers.
    const common = meaning.map((i) => offered(probes[i]!)).reduce((a, b) => a.filter((x) => b.includes(x)));
    if (common.length === 1) {
      const at = via(common[0]!, meaning);
      return { kind: 'act', id: common[0]!, via: at, hidden: !visibleOf(common[0]!), notes: [...dissent(common[0]!, at), 'together the selectors with meaning point at one element'] };
    }
    const pointed = [...new Set(position.filter((i) => offered(probes[i]!).length === 1).map((i) => offered(probes[i]!)[0]!))].filter((id) => common.includes(id));
    if (pointed.length === 1) {
      const id = pointed[0]!;
      return { kind: 'verify', id, via: via(id, position), hidden: !visibleOf(id), notes: [`only a positional selector tells the ${common.length} matching elements apart`] };
    }
    return { kind: 'ambiguous', ids: common.length ? common : [...new Set(meaning.flatMap((i) => offered(probes[i]!)))], notes: [] };
  }
  // No selector with meaning matches anything exactly: a contained text or a positional one alone is a guess to check.
  const unique = [...loose, ...position].filter((i) => offered(probes[i]!).length === 1);
  if (unique.length) {
    const id = offered(probes[unique[0]!]!)[0]!;
    const missing = indexes.filter((i) => kinds[i] === 'meaning' && probes[i]!.count === 0).map((i) => `${name(i)} not found`);
    const partial = loose.map((i) => `${name(i)} matches by contained text only`);
    return { kind: 'verify', id, via: unique[0]!, hidden: !visibleOf(id), notes: [...missing, ...partial] };
  }
  if (loose.length) return { kind: 'ambiguous', ids: [...new Set(loose.flatMap((i) => offered(probes[i]!)))], notes: [] };
  return { kind: 'none' };
}

function scoreText(score: number): string {
  return score.toFixed(2);
}

/**
 * The element a step acts on: every selector of the step, in the step's frame, until the deadline. Throws
 * `element_not_found`, `element_ambiguous` (or `frame_not_found`) when no element is certain in time.
 */
export async function locateElement(
  page: Page,
  step: Step & { selectors: Selector[]; fingerprint?: Fingerprint; healThreshold?: number },
  /** A number, or the step's deadline as it stands (it moves when the step waited for the previous report). */
  deadlineOf: number | (() => number),
  log: (message: string) => void,
  signal?: AbortSignal,
): Promise<Located> {
  const until = typeof deadlineOf === 'number' ? () => deadlineOf : deadlineOf;
  const deadline = until();
  const placement = placementOf(step);
  const selectors = step.selectors;
  const kinds = selectors.map(selectorKind);
  const ariaAny = selectors.map(hasAriaWithoutRole);
  const expected = expectedOf(step);
  const critical = isCritical(step, expected);
  const threshold = step.healThreshold ?? HEAL_THRESHOLD_DEFAULT;
  const started = Date.now();
  const grace = selectors.length > 1 ? Math.min(1000, (deadline - started) / 3) : 0;
  const healAfter = Math.min(3000, (deadline - started) / 2);
  let missingLevel: number | undefined;
  let lastScore = 0;
  let closest: Scored[] = [];
  let lastVerdict: Verdict = { kind: 'none' };
  let lastHealAt: number | undefined;
  let lastVerifyAt = 0;
  /** The frame of the last poll and the elements its last scoring was limited to (for the final candidate). */
  let lastFrame: Frame | undefined;
  let lastOnly: number[] | undefined;

  /** Scores candidates (all of the frame, or only `only`) against the expected fingerprint. */
  const score = async (frame: Frame, only?: number[]): Promise<Scored[]> => {
    if (!hasMeaning(expected)) return [];
    const marker = Math.random().toString(36).slice(2);
    try {
      const scored = (await frame.evaluate(scoreCandidatesExpression({ fp: expected, ids: only ?? [], only: !!only, marker, limit: 3 }))) as Scored[];
      return scored;
    } catch {
      return [];
    }
  };
  const accept = (best: Scored | undefined, second: Scored | undefined) =>
    !!best && !critical && best.score >= threshold && (!second || best.score - second.score >= HEAL_MARGIN);
  /**
   * Scores the elements the selectors point at (`only`); when none of those is clearly the one (the other rows'
   * "Visa" when this row's became "Visa faktura"), the whole frame too, so the recorded row's element is a candidate.
   */
  const scoreWide = async (frame: Frame, only?: number[]): Promise<Scored[]> => {
    const scored = await score(frame, only);
    if (!only || accept(scored[0], scored[1])) return scored;
    const wide = await score(frame);
    const merged = mergeScored(scored, wide);
    // Each scoring marks only its own best; mark the merged best if the wider one did not.
    if (merged[0] && merged[0].marker !== wide[0]?.marker) merged[0] = (await score(frame, [merged[0].id]))[0] ?? merged[0];
    return merged;
  };

  for (;;) {
    checkCancelled(signal);
    const found = await frameNow(page, placement);
    if ('frame' in found) {
      missingLevel = undefined;
      const frame = (lastFrame = found.frame);
      const roles = ariaAny.includes(true) ? presentRoles(frame) : undefined;
      // One probe per distinct query: Chrome's Recorder writes `#a` and `pierce/#a`, the same query in Playwright.
      const asked = new Map<string, Promise<Probe>>();
      const probes = await Promise.all(
        selectors.map((s, i) => {
          const key = queryKey(s);
          let probe = asked.get(key);
          if (!probe) asked.set(key, (probe = (async () => probeSelector(frame, s, ariaAny[i] ? await roles : undefined))()));
          return probe;
        }),
      );
      const waited = Date.now() - started >= grace;
      const verdict = (lastVerdict = judge(selectors, probes, kinds));
      const byId = (id: number, via: number) => {
        // Acted on through the cheapest selector with meaning that finds exactly this element (every later look at
        // the element, e.g. Playwright's checks before a click, runs the selector again), else through `via`.
        const cheap = cheapestFor(selectors, probes, kinds, id);
        if (cheap !== undefined && actCost(selectors[cheap]!) < actCost(selectors[via]!)) return probes[cheap]!.locator!.first();
        const p = probes[via]!;
        return p.count === 1 ? p.locator!.first() : p.locator!.nth(p.ids.indexOf(id));
      };
      const sizeOf = (id: number) => {
        for (const p of probes) {
          const k = p.ids.indexOf(id);
          if (k >= 0 && p.sizes?.[k]) return p.sizes[k];
        }
        return undefined;
      };
      if (verdict.kind === 'act' && (!verdict.hidden || waited)) {
        const notes = [...verdict.notes];
        if (verdict.hidden) notes.push(`${describeUsed(selectors, verdict.via)} is hidden; waiting for it to show`);
        else if (verdict.via > 0 || notes.length) notes.push(`${describeUsed(selectors, verdict.via)} used`);
        if (notes.length) log(notes.join('; '));
        return { locator: byId(verdict.id, verdict.via), frame, selectorIndex: verdict.via, size: sizeOf(verdict.id) };
      }
      // A visible guess is checked at once: at or above the threshold it is the recorded element by what it is, not
      // by where it is (waiting for a better selector would only delay the same answer); a hidden one after the grace.
      if (verdict.kind === 'verify' && (!verdict.hidden || waited) && Date.now() - lastVerifyAt >= VERIFY_EVERY_MS) {
        lastVerifyAt = Date.now();
        const [checked] = await score(frame, [verdict.id]);
        if (checked) lastScore = Math.max(lastScore, checked.score);
        if (checked && checked.score >= threshold && !critical) {
          log(
            `${verdict.notes.join('; ')}; ${describeUsed(selectors, verdict.via)} finds ${checked.describe}, which matches the recording (score ${scoreText(checked.score)} ≥ ${scoreText(threshold)}): used`,
          );
          return { locator: byId(verdict.id, verdict.via), frame, selectorIndex: verdict.via, size: sizeOf(verdict.id), heal: { score: checked.score, describe: checked.describe, reason: 'verified' } };
        }
      }
      const healTime = Date.now() - started >= healAfter;
      if (verdict.kind !== 'act' && healTime && Date.now() - (lastHealAt ?? 0) >= HEAL_EVERY_MS) {
        lastHealAt = Date.now();
        const only = (lastOnly = verdict.kind === 'ambiguous' ? verdict.ids : undefined);
        const scored = await scoreWide(frame, only);
        if (scored.length) closest = scored;
        const [best, second] = scored;
        if (accept(best, second)) {
          const how = verdict.kind === 'ambiguous' ? 'chosen' : 'healed';
          const what =
            verdict.kind === 'ambiguous'
              ? `the selectors point at ${verdict.ids.length} elements; ${best!.describe} matches the recording best`
              : `no recorded selector finds the element; ${best!.describe} matches the recording`;
          log(`${what} (score ${scoreText(best!.score)} ≥ ${scoreText(threshold)}${second ? `, next ${scoreText(second.score)}` : ''}): used`);
          return { locator: frame.locator(`css=[data-kollega-pick="${best!.marker}"]`), frame, selectorIndex: -1, heal: { score: best!.score, describe: best!.describe, reason: how } };
        }
      }
    } else {
      missingLevel = found.missingLevel;
    }
    if (Date.now() >= until()) {
      const ms = until() - started;
      if (missingLevel !== undefined) throw frameNotFound(placement, missingLevel, ms);
      const error = notCertain(selectors, lastVerdict, closest, { ms, critical, threshold, lastScore });
      // The candidate as the page is now (scoring marks it), for a person to confirm when it is worth asking.
      const [best, second] = lastFrame && lastVerdict.kind !== 'act' ? await scoreWide(lastFrame, lastOnly) : [];
      if (best && best.score >= CONFIRM_FLOOR && (error.type === 'element_ambiguous' || error.type === 'element_not_found')) {
        const why = critical ? 'critical' : best.score < threshold ? 'below_threshold' : 'too_close';
        throw new UncertainElement(error.type, error.message, { frame: lastFrame!, best, second, threshold, why });
      }
      throw error;
    }
    await sleep(Math.min(POLL_MS, until() - Date.now()), signal);
  }
}

/**
 * What a selector costs each time Playwright runs it (lower is cheaper): an id or other CSS, an XPath, a text, an
 * aria name with a role, and last an aria name without one (a union over the named roles).
 */
export function actCost(selector: Selector): number {
  const parts = Array.isArray(selector) ? selector : [selector];
  const cost = (part: string) =>
    part.startsWith('aria/') ? (parseAria(part.slice(5)).role ? 4 : 5) : part.startsWith('text/') ? 3 : part.startsWith('xpath/') ? 2 : /^(pierce\/)?#[\w-]+$/.test(part) ? 0 : 1;
  return Math.max(...parts.map(cost)) + (parts.length - 1) * 0.5;
}

/** The cheapest selector with meaning that finds exactly element `id` and nothing else (exact, not contained text). */
export function cheapestFor(selectors: Selector[], probes: Probe[], kinds: SelectorKind[], id: number): number | undefined {
  let best: number | undefined;
  probes.forEach((p, i) => {
    if (kinds[i] !== 'meaning' || p.loose || p.count !== 1 || p.ids[0] !== id || !p.locator) return;
    if (best === undefined || actCost(selectors[i]!) < actCost(selectors[best]!)) best = i;
  });
  return best;
}

/** Two scorings of the same frame as one list, best first, each element once (its higher score). */
function mergeScored(a: Scored[], b: Scored[]): Scored[] {
  const byId = new Map<number, Scored>();
  for (const c of [...a, ...b]) if (!byId.has(c.id) || byId.get(c.id)!.score < c.score) byId.set(c.id, c);
  return [...byId.values()].sort((x, y) => y.score - x.score);
}

function describeUsed(selectors: Selector[], index: number): string {
  return `selector ${index + 1} (${describeSelector(selectors[index]!)})`;
}

function notCertain(
  selectors: Selector[],
  verdict: Verdict,
  closest: Scored[],
  how: { ms: number; critical: boolean; threshold: number; lastScore: number },
): StepError {
  const list = selectors.map(describeSelector).join(', ');
  const [best, second] = closest;
  const candidate = best
    ? ` The closest match is ${best.describe} (score ${scoreText(best.score)}${second ? `; next ${second.describe}, ${scoreText(second.score)}` : ''}); ${
        how.critical ? 'the step is critical, so a person must confirm it' : best.score < how.threshold ? `below the threshold ${scoreText(how.threshold)}` : 'too close to the next one to choose'
      }.`
    : '';
  if (verdict.kind === 'ambiguous' || verdict.kind === 'verify') {
    const notes = verdict.notes.length ? ` (${verdict.notes.join('; ')})` : '';
    const what = verdict.kind === 'ambiguous' ? `the selectors point at ${verdict.ids.length} different elements${notes}` : `only a guess (a positional selector, or text contained in a longer one) finds an element${notes}, and it does not match the recording${how.lastScore ? ` (score ${scoreText(how.lastScore)})` : ''}`;
    return new StepError('element_ambiguous', `not certain which element to act on within ${how.ms} ms: ${what}; nothing was done.${candidate}`);
  }
  return new StepError(
    'element_not_found',
    (selectors.length === 1 ? `no element matched ${list} within ${how.ms} ms` : `no element matched any of the ${selectors.length} selectors within ${how.ms} ms (${list})`) + candidate,
  );
}
