// What a step's selectors mean, and how much a page element looks like the one that was recorded.
//
// - `selectorKind`: a selector with meaning (aria, text, row context, ids and attributes) or one that only says
//   where the element sat (`nth-of-type`, index xpaths, bare tag paths). Position never outvotes meaning.
// - `expectedOf`: the step's fingerprint (recorded by the extension), completed with what its selectors say
//   (an aria name and role, a row's text from a row xpath, an id), so Chrome's recordings and older
//   definitions are checked too.
// - `scoreCandidates`: runs IN THE PAGE (a self-contained function for `evaluate`): scores elements 0–1
//   against the fingerprint. The weights are in docs/automation.md ("Healing").
import type { Fingerprint, Selector, Step } from '../../../supabase/functions/_shared/schemas/definition.ts';
export { selectorKind, type SelectorKind } from '../../../supabase/functions/_shared/selector-kind.ts';

function unquoteXpath(literal: string): string {
  return literal.replace(/^["']|["']$/g, '');
}

/** The step's fingerprint with what its selectors say filled in where the recording said nothing. */
export function expectedOf(step: { selectors: Selector[]; fingerprint?: Fingerprint }): Fingerprint {
  const fp: Fingerprint = { ...step.fingerprint, attrs: { ...step.fingerprint?.attrs } };
  for (const selector of step.selectors) {
    const last = Array.isArray(selector) ? selector.at(-1)! : selector;
    if (last.startsWith('aria/')) {
      const m = /^aria\/(.*?)(?:\[role="([^"]*)"\])?$/s.exec(last)!;
      fp.name ??= m[1];
      if (m[2]) fp.role ??= m[2];
    } else if (last.startsWith('text/')) {
      fp.text ??= last.slice(5);
    } else if (last.startsWith('xpath/')) {
      const row = /^xpath\/\/\/(tr|li|article|\*)\[\.\/\/text\(\)\[normalize-space\(\)=("[^"]*"|'[^']*')\]\]\/\/([a-z0-9-]+)/i.exec(last);
      if (row) {
        fp.row ??= unquoteXpath(row[2]!);
        fp.tag ??= row[3]!.toLowerCase();
      }
    } else {
      const css = last.startsWith('pierce/') ? last.slice(7) : last;
      const id = /^#([A-Za-z][\w-]*)$/.exec(css.trim());
      if (id) fp.attrs!.id ??= id[1]!;
      for (const m of css.matchAll(/\[(data-testid|data-test-id|data-test|data-qa|data-cy|name|placeholder)="([^"]*)"\]/g)) fp.attrs![m[1]!] ??= m[2]!;
      const tag = /^([a-z][a-z0-9-]*)[[#.]/i.exec(css.trim());
      if (tag && !/\s/.test(css.trim())) fp.tag ??= tag[1]!.toLowerCase();
    }
  }
  if (fp.attrs && !Object.keys(fp.attrs).length) delete fp.attrs;
  return fp;
}

/** Whether the fingerprint says anything a candidate can be scored on beyond its tag. */
export function hasMeaning(fp: Fingerprint): boolean {
  return !!(fp.name || fp.text || fp.row || (fp.attrs && Object.keys(fp.attrs).length));
}

/** Buttons whose click is hard to undo: never acted on by a guess, whatever the score. */
const CRITICAL_NAME = /^\s*(attestera|betala|skicka|godkänn|signera|ta bort|radera|approve|pay|send|submit|sign|delete|remove)\b/i;

export function isCritical(step: Step, fp: Fingerprint): boolean {
  if ('critical' in step && typeof step.critical === 'boolean') return step.critical;
  if (step.type !== 'click' && step.type !== 'doubleClick') return false;
  return CRITICAL_NAME.test(fp.name ?? fp.text ?? '');
}

export type Scored = { id: number; score: number; describe: string; marker: string };

/** `only`: score just the elements numbered `ids` (else every interactive element, `ids` included). */
export type ScoreArgs = { fp: Fingerprint; ids: number[]; only: boolean; marker: string; limit: number };

/**
 * IN THE PAGE: scores the frame's interactive elements (and those the step's selectors matched, `ids`) against
 * `fp`; returns the best few, best first, and marks the best one with the attribute `data-kollega-pick=marker`
 * so the engine can address it. Element ids are the engine's per-frame element numbers (locate.ts).
 *
 * Plain JavaScript in a string, not a TypeScript function: the runner's loader (tsx, esbuild with keepNames)
 * wraps named inner functions in a `__name` helper that does not exist in the page.
 */
const SCORE_CANDIDATES_JS = String.raw`function scoreCandidates(args) {
  const { fp, ids, only, marker, limit } = args;
  const store = window[Symbol.for('kollega.elementIds')] ?? { map: new WeakMap(), next: 1 };
  window[Symbol.for('kollega.elementIds')] = store;
  const idOf = (el) => {
    let id = store.map.get(el);
    if (id === undefined) store.map.set(el, (id = store.next++));
    return id;
  };
  const norm = (s) => (s ?? '').replace(/\s+/g, ' ').trim();
  const lower = (s) => norm(s).toLowerCase();
  const bigrams = (s) => {
    const t = ' ' + lower(s) + ' ';
    const out = [];
    for (let i = 0; i < t.length - 1; i++) out.push(t.slice(i, i + 2));
    return out;
  };
  /**
   * Whether two texts name the same numbers (dates, invoice and order numbers, amounts) in the same order. In an
   * office system a number is what tells one invoice from the next, so texts that name other numbers are other
   * things however alike their letters ("Faktura 2024-12-05 · Nordljus AB" against "… 2024-12-06 …").
   */
  const sameNumbers = (a, b) => (lower(a).match(/\d+/g) ?? []).join(' ') === (lower(b).match(/\d+/g) ?? []).join(' ');
  /** How alike an element's name or text is to the recorded one: the bigram likeness, 0 when they name other numbers. */
  const alike = (a, b) => (a && b && !sameNumbers(a, b) ? 0 : similar(a, b));
  /** Dice coefficient of character bigrams (1 = equal, 0 = nothing in common); equal ignoring case = 1. */
  const similar = (a, b) => {
    if (!a && !b) return 1;
    if (!a || !b) return 0;
    if (lower(a) === lower(b)) return 1;
    const x = bigrams(a);
    const y = bigrams(b);
    const counts = new Map();
    for (const g of y) counts.set(g, (counts.get(g) ?? 0) + 1);
    let common = 0;
    for (const g of x) {
      const n = counts.get(g) ?? 0;
      if (n > 0) {
        common++;
        counts.set(g, n - 1);
      }
    }
    return (2 * common) / (x.length + y.length);
  };
  const ROLE_OF_INPUT = { button: 'button', submit: 'button', reset: 'button', image: 'button', checkbox: 'checkbox', radio: 'radio', range: 'slider', number: 'spinbutton', search: 'searchbox', email: 'textbox', tel: 'textbox', text: 'textbox', url: 'textbox', password: 'textbox' };
  const roleOf = (el) => {
    const explicit = el.getAttribute('role')?.trim().split(/\s+/)[0];
    if (explicit) return explicit;
    const tag = el.localName;
    if (tag === 'button') return 'button';
    if (tag === 'a' && el.hasAttribute('href')) return 'link';
    if (tag === 'input') return ROLE_OF_INPUT[(el.getAttribute('type') ?? 'text').toLowerCase()] ?? '';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'select') return 'combobox';
    if (/^h[1-6]$/.test(tag)) return 'heading';
    return '';
  };
  const labelOf = (el) => {
    const labels = el.labels;
    if (labels && labels.length) return norm(Array.from(labels).map((l) => l.textContent).join(' '));
    return '';
  };
  const nameOf = (el) => {
    const by = el.getAttribute('aria-labelledby');
    if (by) {
      const text = by
        .split(/\s+/)
        .map((id) => el.getRootNode().getElementById?.(id)?.textContent ?? '')
        .join(' ');
      if (norm(text)) return norm(text);
    }
    if (norm(el.getAttribute('aria-label'))) return norm(el.getAttribute('aria-label'));
    if (el.matches('input, textarea, select')) {
      const type = (el.getAttribute('type') ?? '').toLowerCase();
      if (['button', 'submit', 'reset'].includes(type)) return norm(el.value);
      return labelOf(el) || norm(el.getAttribute('title') ?? el.getAttribute('placeholder'));
    }
    if (el.localName === 'img') return norm(el.getAttribute('alt'));
    return norm(el.innerText ?? el.textContent) || norm(el.getAttribute('title'));
  };
  const ROW = 'tr, li, [role="row"], [role="listitem"], article';
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };

  const wanted = new Set(ids);
  const pool = new Set();
  const all = [];
  const walk = (root) => {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      all.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  const interactive = 'a, button, input, select, textarea, label, summary, option, [role], [onclick], [tabindex], [contenteditable="true"]';
  for (const el of all) {
    if (wanted.has(idOf(el))) pool.add(el);
    else if (only) continue;
    else if (fp.tag ? el.localName === fp.tag || (fp.role && roleOf(el) === fp.role) : el.matches(interactive)) pool.add(el);
  }

  // An attribute no element of the frame has any more (a renamed id) says nothing about any candidate.
  const attrs = Object.entries(fp.attrs ?? {}).filter(([k, v]) => all.some((el) => el.getAttribute(k) === v));
  const weights = {
    name: fp.name ? 0.3 : 0,
    text: fp.text && fp.text !== fp.name ? 0.1 : 0,
    role: fp.role ? 0.1 : 0,
    tag: fp.tag ? 0.05 : 0,
    row: fp.row ? 0.25 : 0,
    attrs: attrs.length ? 0.1 : 0,
    near: fp.near ? 0.05 : 0,
    box: fp.box ? 0.05 : 0,
  };
  const total = Object.values(weights).reduce((a, b) => a + b, 0) || 1;
  const scored = [];
  for (const el of pool) {
    if (!visible(el)) continue;
    const name = nameOf(el);
    let s = 0;
    if (weights.name) s += weights.name * alike(name, fp.name);
    if (weights.text) {
      const own = norm(el.textContent);
      s += weights.text * (fp.text && lower(own).includes(lower(fp.text)) ? 1 : alike(own, fp.text));
    }
    if (weights.role) s += weights.role * (roleOf(el) === fp.role ? 1 : 0);
    if (weights.tag) s += weights.tag * (el.localName === fp.tag ? 1 : 0);
    if (weights.row) {
      // The recorded row's text must be a whole text of the row ("2213", not "2213-K"), as the recorder's row xpath says.
      const row = el.parentElement?.closest(ROW);
      let hit = 0;
      if (row) {
        const walker = document.createTreeWalker(row, 4);
        for (let node = walker.nextNode(); node && !hit; node = walker.nextNode()) if (norm(node.textContent) === norm(fp.row)) hit = 1;
      }
      s += weights.row * hit;
    }
    if (weights.attrs) s += (weights.attrs * attrs.filter(([k, v]) => el.getAttribute(k) === v).length) / attrs.length;
    if (weights.near) s += weights.near * similar(norm(el.parentElement?.textContent).slice(0, 300), fp.near);
    if (weights.box) {
      const r = el.getBoundingClientRect();
      const dx = r.x + r.width / 2 - (fp.box.x + fp.box.w / 2);
      const dy = r.y + r.height / 2 - (fp.box.y + fp.box.h / 2);
      s += weights.box * Math.max(0, 1 - Math.hypot(dx, dy) / 300);
    }
    scored.push({ el, score: s / total });
  }
  // An element and its only wrapper score alike: keep the innermost interactive one.
  scored.sort((a, b) => b.score - a.score || (a.el.contains(b.el) ? 1 : b.el.contains(a.el) ? -1 : 0));
  const best = [];
  for (const c of scored) {
    if (best.length >= limit) break;
    if (!best.some((d) => d.el.contains(c.el) || c.el.contains(d.el))) best.push(c);
  }
  for (const el of all) if (el.hasAttribute('data-kollega-pick')) el.removeAttribute('data-kollega-pick');
  if (best[0]) best[0].el.setAttribute('data-kollega-pick', marker);
  return best.map(({ el, score }) => {
    const role = roleOf(el);
    const name = nameOf(el).slice(0, 80);
    return { id: idOf(el), score: Math.round(score * 1000) / 1000, describe: (role || el.localName) + (name ? ' "' + name + '"' : ''), marker };
  });
}`;

/** The page expression that scores candidates with these arguments (see SCORE_CANDIDATES_JS). */
export function scoreCandidatesExpression(args: ScoreArgs): string {
  return `(${SCORE_CANDIDATES_JS})(${JSON.stringify(args)})`;
}
