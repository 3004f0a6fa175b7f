// The mutation suite's mutations: each one a function page → page (an HTML document → another), applied on
// the server for every load with that load's own random numbers (a seeded generator, so a case can be
// replayed exactly: the seed is in the results). They work on a jsdom Document and descend into srcdoc
// iframes. `data-mut-id` (the identities, see pages.ts) is still on the elements here; BOOT takes it off
// in the browser.
import { JSDOM } from 'jsdom';
import type { PageSpec, Target } from './pages.ts';

/**
 * What a person would say about the target after the mutation:
 * - `same`: it is there and clearly the same element (these count for the ≥ 90 % goal);
 * - `gone`: it is not there any more (the only right outcome is no action);
 * - `frame`: it is there but in an iframe the recording does not know (no action, or the right element).
 */
export type Expectation = 'same' | 'gone' | 'frame';

export type MutationContext = { doc: Document; target: Target; rnd: () => number };

export type Mutation = {
  name: string;
  expect: Expectation;
  /** Whether the mutation means anything for this page and target (look-alike rows need rows). */
  applies(page: PageSpec, target: Target): boolean;
  /** Changes `doc` in place (one document: the page's, or a srcdoc iframe's). */
  apply(ctx: MutationContext): void;
};

/** A small seeded generator (mulberry32): the same seed, the same page. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hashSeed(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

const randomName = (rnd: () => number, prefix: string) => `${prefix}-${Math.floor(rnd() * 36 ** 6).toString(36).padStart(6, '0')}`;

const ROW = 'tr, li, article';
const FIELD = '.field';

function targetIn(doc: Document, target: Target): Element | null {
  return doc.querySelector(`[data-mut-id="${target.marker}"]`);
}

function rowOf(el: Element): Element | null {
  const row = el.closest(ROW);
  return row?.parentElement && Array.from(row.parentElement.children).filter((c) => c.localName === row.localName).length > 1 ? row : null;
}

function shuffle<T>(items: T[], rnd: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const rowTargets = new Map<string, boolean>();
/** Whether the target sits in a row or card of the original page (srcdoc frames not looked into). */
function inRow(page: PageSpec, target: Target): boolean {
  const key = `${page.name} ${target.marker}`;
  if (!rowTargets.has(key)) rowTargets.set(key, new JSDOM(page.html).window.document.querySelector(`[data-mut-id="${target.marker}"]`)?.closest(ROW) != null);
  return rowTargets.get(key)!;
}

/** ids and classes renamed, new on every load (CSS-in-JS builds); label[for] and aria references follow. */
const renameIdsAndClasses: Mutation = {
  name: 'rename-ids-classes',
  expect: 'same',
  applies: () => true,
  apply({ doc, rnd }) {
    const ids = new Map<string, string>();
    for (const el of Array.from(doc.querySelectorAll('[id]'))) {
      const fresh = randomName(rnd, 'r');
      ids.set(el.id, fresh);
      el.id = fresh;
    }
    for (const el of Array.from(doc.querySelectorAll('[for], [aria-labelledby], [aria-describedby]'))) {
      for (const attr of ['for', 'aria-labelledby', 'aria-describedby']) {
        const value = el.getAttribute(attr);
        if (value) el.setAttribute(attr, value.split(/\s+/).map((v) => ids.get(v) ?? v).join(' '));
      }
    }
    const classes = new Map<string, string>();
    const style = doc.querySelector('style');
    for (const el of Array.from(doc.querySelectorAll('[class]'))) {
      el.className = Array.from(el.classList)
        .map((c) => {
          if (!classes.has(c)) classes.set(c, randomName(rnd, 'css'));
          return classes.get(c)!;
        })
        .join(' ');
    }
    // The page's own style sheet follows the new class names (the layout stays as it was).
    if (style) style.textContent = (style.textContent ?? '').replace(/\.([\w-]+)/g, (m, c: string) => (classes.has(c) ? `.${classes.get(c)}` : m));
  },
};

/** Extra wrapper elements (a new layout component): about half the elements get a div or span around them. */
const wrappers: Mutation = {
  name: 'wrappers',
  expect: 'same',
  applies: () => true,
  apply({ doc, rnd }) {
    const keep = 'html, head, body, script, style, title, meta, tr, td, th, tbody, thead, tfoot, table, li, option, legend, iframe, header, main, h1';
    for (const el of Array.from(doc.body.querySelectorAll('*'))) {
      if (el.matches(keep) || rnd() < 0.5) continue;
      const parent = el.parentElement;
      if (!parent || parent.matches('table, tbody, thead, tr, ul, ol, select')) continue;
      const inline = parent.closest('button, label, a, p, td, h3') !== null || el.matches('button, input, select, label, a, span');
      const wrapper = doc.createElement(inline ? 'span' : 'div');
      wrapper.className = randomName(rnd, 'w');
      parent.insertBefore(wrapper, el);
      wrapper.append(el);
    }
  },
};

/** Repeated rows, cards and form fields in a new order. */
const reorder: Mutation = {
  name: 'reorder-rows',
  expect: 'same',
  applies: () => true,
  apply({ doc, rnd }) {
    const containers = new Set<Element>();
    for (const el of Array.from(doc.querySelectorAll(`${ROW}, ${FIELD}`))) if (el.parentElement) containers.add(el.parentElement);
    for (const container of containers) {
      const rows = Array.from(container.children).filter((c) => c.matches(`${ROW}, ${FIELD}`));
      if (rows.length < 2) continue;
      let order = shuffle(rows, rnd);
      for (let tries = 0; tries < 5 && order.every((r, i) => r === rows[i]); tries++) order = shuffle(rows, rnd);
      const anchor = rows.at(-1)!.nextSibling;
      for (const row of order) container.insertBefore(row, anchor);
    }
  },
};

/**
 * Look-alike rows: copies of the target's row and of one other row, above them, with the same buttons and
 * a similar text (every text of the row with " (kopia)", numbers with "-K": 2215 → 2215-K). Their elements
 * have identities of their own (`decoy:…`): an action on one is a wrong action.
 */
const lookAlikeRows: Mutation = {
  name: 'lookalike-rows',
  expect: 'same',
  applies: inRow,
  apply({ doc, target, rnd }) {
    const el = targetIn(doc, target);
    const row = el && rowOf(el);
    if (!row) return;
    const others = Array.from(row.parentElement!.children).filter((c) => c !== row && c.localName === row.localName);
    const other = others[Math.floor(rnd() * others.length)];
    for (const original of [row, other].filter((r): r is Element => !!r)) {
      const copy = original.cloneNode(true) as Element;
      for (const marked of Array.from(copy.querySelectorAll('[data-mut-id]'))) marked.setAttribute('data-mut-id', `decoy:${marked.getAttribute('data-mut-id')}`);
      for (const node of textNodes(copy)) {
        const text = node.textContent ?? '';
        if (!text.trim() || node.parentElement?.closest('button, a')) continue;
        node.textContent = /^\s*\d+\s*$/.test(text) ? `${text.trim()}-K` : `${text.trim()} (kopia)`;
      }
      original.parentElement!.insertBefore(copy, original);
    }
  },
};

function textNodes(root: Element): Text[] {
  const out: Text[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, 4 /* SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) out.push(node as Text);
  return out;
}

/** The target button gets a longer text ("Spara" → "Spara ändringar"), beside whatever decoys the page has. */
const relabel: Mutation = {
  name: 'relabel-button',
  expect: 'same',
  applies: (_page, target) => !!target.relabel,
  apply({ doc, target }) {
    const el = targetIn(doc, target);
    if (el && target.relabel) el.textContent = target.relabel;
  },
};

/** The target's form, table or card moved into a (srcdoc) iframe; the recording knows no iframe there. */
const intoIframe: Mutation = {
  name: 'into-iframe',
  expect: 'frame',
  applies: () => true,
  apply({ doc, target }) {
    const el = targetIn(doc, target);
    if (!el) return;
    const block = el.closest('form, table, section, article') ?? el;
    const head = doc.head.innerHTML;
    const iframe = doc.createElement('iframe');
    iframe.setAttribute('title', 'Inbäddat formulär');
    iframe.setAttribute('srcdoc', `<!doctype html><html lang="sv"><head>${head}</head><body>${block.outerHTML}</body></html>`);
    block.replaceWith(iframe);
  },
};

/** Texts changed where the target is not: the heading, the introduction, the header; a notice added on top. */
const unrelatedText: Mutation = {
  name: 'unrelated-text',
  expect: 'same',
  applies: () => true,
  apply({ doc }) {
    const h1 = doc.querySelector('h1');
    if (h1) h1.textContent = `${h1.textContent} (uppdaterad vy)`;
    const intro = doc.querySelector('p.intro');
    if (intro) intro.textContent = 'Nytt sedan förra veckan: listan uppdateras automatiskt var femte minut.';
    const logo = doc.querySelector('.logo');
    if (logo) logo.textContent = `${logo.textContent} Pro`;
    const notice = doc.createElement('p');
    notice.textContent = 'Planerat underhåll lördag kl. 06–08. Spara ditt arbete innan dess.';
    (doc.querySelector('main') ?? doc.body).prepend(notice);
  },
};

/** The target removed: its whole row or card when it sits in one, else its field, else the element. */
const remove: Mutation = {
  name: 'remove-target',
  expect: 'gone',
  applies: () => true,
  apply({ doc, target }) {
    const el = targetIn(doc, target);
    if (!el) return;
    (rowOf(el) ?? el.closest(FIELD) ?? el).remove();
  },
};

export const MUTATIONS: Mutation[] = [renameIdsAndClasses, wrappers, reorder, lookAlikeRows, relabel, intoIframe, unrelatedText, remove];

const byName = new Map(MUTATIONS.map((m) => [m.name, m]));

/** Several mutations, in order, as one (expected: gone before frame before same). */
export function combine(...names: string[]): Mutation {
  const parts = names.map((n) => byName.get(n)!);
  const expect: Expectation = parts.some((m) => m.expect === 'gone') ? 'gone' : parts.some((m) => m.expect === 'frame') ? 'frame' : 'same';
  return {
    name: names.join('+'),
    expect,
    applies: (page, target) => parts.every((m) => m.applies(page, target)),
    apply: (ctx) => parts.forEach((m) => m.apply(ctx)),
  };
}

export const COMBINATIONS: Mutation[] = [
  combine('rename-ids-classes', 'wrappers'),
  combine('rename-ids-classes', 'wrappers', 'reorder-rows'),
  combine('reorder-rows', 'lookalike-rows'),
  combine('rename-ids-classes', 'relabel-button'),
  combine('wrappers', 'unrelated-text', 'reorder-rows'),
  combine('rename-ids-classes', 'reorder-rows', 'lookalike-rows', 'wrappers'),
  combine('lookalike-rows', 'remove-target'),
  combine('rename-ids-classes', 'remove-target'),
];

/**
 * The page after the mutation, for one load: `html` → jsdom → the mutation on the page's document and on
 * every srcdoc iframe's (innermost first) → HTML.
 */
export function mutatePage(html: string, mutation: Mutation, target: Target, seed: number): string {
  const rnd = seeded(seed);
  const mutateDocument = (source: string): string => {
    const dom = new JSDOM(source);
    const doc = dom.window.document;
    for (const frame of Array.from(doc.querySelectorAll('iframe[srcdoc]'))) frame.setAttribute('srcdoc', mutateDocument(frame.getAttribute('srcdoc')!));
    mutation.apply({ doc, target, rnd });
    return dom.serialize();
  };
  return mutateDocument(html);
}
