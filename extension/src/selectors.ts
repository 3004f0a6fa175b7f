// Selectors for a recorded element, best first, in the step format's syntax (Chrome Recorder's prefixes;
// a list of strings is a path through open shadow roots). Pure DOM code: runs in the recorder's content
// script and in unit tests (jsdom). Order (docs/automation.md, "The recorder"):
//   1. aria/<name>[role="<role>"] when role + accessible name identify one element in the page
//   2. test-id-like attributes (data-testid, data-test, data-qa, data-cy, data-test-id)
//   3. CSS from stable attributes only (id, name, aria-label, placeholder, title, href, src, stable classes),
//      scoped by a stable ancestor when needed; generated-looking ids and classes are skipped
//   4. for repeated rows or items: an xpath anchored on the distinguishing text of the row
//   5. text/<text> for short visible texts that are unique
//   then the same kinds when they match several elements (the runner takes the first visible one), and a
//   positional CSS path as the last resort.
import { selectorKind } from '../../supabase/functions/_shared/selector-kind.ts';

export type Selector = string | string[];

/** Step format v1's `fingerprint` (the extension keeps its own type: it bundles no zod). */
export type Fingerprint = {
  tag?: string;
  role?: string;
  name?: string;
  text?: string;
  row?: string;
  near?: string;
  attrs?: Record<string, string>;
  box?: { x: number; y: number; w: number; h: number };
};

export const MAX_SELECTORS = 6;
const TEST_ID_ATTRIBUTES = ['data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'];
const STABLE_ATTRIBUTES = ['name', 'aria-label', 'placeholder', 'title', 'alt', 'for', 'type', 'role', 'href', 'src'];
const MAX_TEXT = 80;

// ── generated names ─────────────────────────────────────────────────────────────────────────────
const GENERATED_PREFIX = /^(css|sc|jsx|emotion|styled|makeStyles|jss|svelte|tw|ember|ng-tns|mui-|Mui[A-Z]\w*-root-|r-)[-_]?/;

/** True for ids and class names that a framework made up (they change between loads). */
export function looksGenerated(name: string): boolean {
  if (!name) return true;
  if (/[:]|^\d|\s/.test(name)) return true; // React useId `:r3f:`, leading digits
  if (GENERATED_PREFIX.test(name) && (/\d/.test(name) || /^(css|sc|jsx|emotion)-[A-Za-z]{5,}$/.test(name))) return true;
  return name.split(/[-_]+/).some((part) => randomLooking(part));
}

/** Words with a small number are names people give (`step2`, `col12`); other letter-digit mixes are made up. */
const NUMBERED_WORD = /^(h|col|row|step|item|section|page|tab|level|v|nr|no)\d{1,2}$/i;

function randomLooking(part: string): boolean {
  if (part.length < 4) return false;
  if (/^\d+$/.test(part)) return part.length >= 3; // row-123, item_4711
  if (/\d/.test(part) && /[a-z]/i.test(part)) return !NUMBERED_WORD.test(part); // a3f9k, etuz3, pbk9
  if (/^[0-9a-f]{6,}$/i.test(part)) return true; // hashes
  if (/[bcdfghjklmnpqrstvwxyz]{4,}/i.test(part) && !/(sch|str|ngst|rst|nsk|ckl|tch|ght)/i.test(part)) return true;
  if (/[a-z]/.test(part) && /[A-Z][a-z]?[A-Z]/.test(part.slice(1))) return true; // qXzTb
  return unpronounceable(part);
}

/**
 * Letters-only names made up per load (`tllivn`, `xqwbe`): a word of five letters or more that starts with
 * consonants no Swedish or English word starts with, or with no vowel in its first four letters.
 */
const ONSETS = new Set(
  'bl br ch chl chr cl cr dr dv dw fj fl fr gl gn gr hj kl kn kr kv lj nj pf ph phr pl pr ps sc sch scl scr sh shr sj sk skr sl sm sn sp sph spl spr st str sv sw th thr thw tj tr tw wh wr'.split(' '),
);
const ABBREVIATIONS = /^(html|http|xml|svg|btn|txt|lbl|img|msg|pdf|nbsp|cms|crm|sms|tbl|cnt|ctrl|cfg|pwd|src|dst|mgmt|std|dns)/i;

function unpronounceable(part: string): boolean {
  if (part.length < 5 || !/^[a-z]+$/i.test(part) || ABBREVIATIONS.test(part)) return false;
  const word = part.toLowerCase();
  if (!/[aeiouyåäö]/.test(word.slice(0, 4))) return true;
  const onset = /^[^aeiouyåäö]*/.exec(word)![0];
  return onset.length >= 2 && !ONSETS.has(onset);
}

// ── roles and accessible names (the subset the runner's Playwright lookup agrees with) ───────────
const INPUT_ROLES: Record<string, string> = {
  button: 'button',
  submit: 'button',
  reset: 'button',
  image: 'button',
  checkbox: 'checkbox',
  radio: 'radio',
  range: 'slider',
  number: 'spinbutton',
  search: 'searchbox',
  email: 'textbox',
  tel: 'textbox',
  text: 'textbox',
  url: 'textbox',
};

export function roleOf(el: Element): string | undefined {
  const explicit = el.getAttribute('role')?.trim().split(/\s+/)[0];
  if (explicit) return explicit;
  const tag = el.localName;
  if (tag === 'button') return 'button';
  if (tag === 'a' && el.hasAttribute('href')) return 'link';
  if (tag === 'input') return INPUT_ROLES[(el.getAttribute('type') ?? 'text').toLowerCase()];
  if (tag === 'textarea') return 'textbox';
  if (tag === 'select')
    return (el as HTMLSelectElement).multiple || Number(el.getAttribute('size') ?? 0) > 1 ? 'listbox' : 'combobox';
  if (/^h[1-6]$/.test(tag)) return 'heading';
  if (tag === 'img' && el.getAttribute('alt')) return 'img';
  if (tag === 'option') return 'option';
  if (tag === 'summary') return undefined;
  return undefined;
}

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();
const CONTROL = 'input, textarea, select, button';

/** Text content as a name: form controls inside it left out, images by their alt. */
function contentText(node: Node): string {
  let out = '';
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 3) out += child.textContent ?? '';
    else if (child.nodeType === 1) {
      const el = child as Element;
      if (el.matches('script, style, template') || el.matches(CONTROL)) continue;
      if (el.getAttribute('aria-hidden') === 'true') continue;
      if (el.localName === 'img') out += ` ${el.getAttribute('alt') ?? ''} `;
      else if (el.getAttribute('aria-label')) out += ` ${el.getAttribute('aria-label')} `;
      else out += ` ${contentText(el)} `;
    }
  }
  return out;
}

function labelsOf(el: Element): Element[] {
  const labels = (el as HTMLInputElement).labels;
  if (labels && labels.length) return Array.from(labels);
  const found: Element[] = [];
  const id = el.getAttribute('id');
  const root = el.getRootNode() as Document | ShadowRoot;
  if (id) found.push(...Array.from(root.querySelectorAll(`label[for="${cssEscape(id)}"]`)));
  const wrapping = el.closest('label');
  if (wrapping && !found.includes(wrapping)) found.push(wrapping);
  return found;
}

export function accessibleName(el: Element): string {
  const labelledBy = el.getAttribute('aria-labelledby');
  if (labelledBy) {
    const root = el.getRootNode() as Document | ShadowRoot;
    const text = labelledBy
      .split(/\s+/)
      .map((id) => root.getElementById?.(id) ?? (root as Document).querySelector?.(`#${cssEscape(id)}`))
      .filter((x): x is HTMLElement => !!x)
      .map((x) => contentText(x))
      .join(' ');
    if (normalize(text)) return normalize(text);
  }
  const label = el.getAttribute('aria-label');
  if (label && normalize(label)) return normalize(label);
  if (el.matches('input, textarea, select')) {
    const type = (el.getAttribute('type') ?? '').toLowerCase();
    if (el.localName === 'input' && ['button', 'submit', 'reset'].includes(type)) {
      return normalize(el.getAttribute('value') ?? (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : ''));
    }
    const fromLabels = normalize(labelsOf(el).map(contentText).join(' '));
    if (fromLabels) return fromLabels;
    return normalize(el.getAttribute('title') ?? el.getAttribute('placeholder') ?? '');
  }
  if (el.localName === 'img') return normalize(el.getAttribute('alt') ?? '');
  const role = roleOf(el);
  if (
    role &&
    ['button', 'link', 'heading', 'tab', 'menuitem', 'option', 'checkbox', 'radio', 'switch', 'treeitem', 'cell'].includes(role)
  ) {
    const text = normalize(contentText(el));
    if (text) return text;
    const svgTitle = el.querySelector('svg title');
    if (svgTitle) return normalize(svgTitle.textContent ?? '');
  }
  return normalize(el.getAttribute('title') ?? '');
}

// ── the page's elements, open shadow roots included ───────────────────────────────────────────
/** Every element under `root`, descending into open shadow roots. */
export function deepElements(root: Document | ShadowRoot | Element): Element[] {
  const out: Element[] = [];
  const visit = (node: Document | ShadowRoot | Element) => {
    for (const el of Array.from(node.querySelectorAll('*'))) {
      out.push(el);
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  visit(root);
  return out;
}

export function cssEscape(value: string): string {
  if (typeof CSS !== 'undefined' && CSS.escape) return CSS.escape(value);
  return value.replace(/([^\w-])/g, '\\$1');
}
const attrValue = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** An xpath string literal for any text (concat() when it holds both quote kinds). */
export function xpathLiteral(text: string): string {
  if (!text.includes('"')) return `"${text}"`;
  if (!text.includes("'")) return `'${text}'`;
  return `concat(${text
    .split('"')
    .map((part) => `"${part}"`)
    .join(`, '"', `)})`;
}

// ── building the list ──────────────────────────────────────────────────────────────────────────
type Context = { document: Document; all: Element[] };

function stableClasses(el: Element): string[] {
  return Array.from(el.classList).filter((c) => !looksGenerated(c) && c.length <= 40);
}

/** CSS fragments for the element alone, most specific first (stable attributes only). */
function ownFragments(el: Element): string[] {
  const tag = el.localName;
  const out: string[] = [];
  const id = el.getAttribute('id');
  if (id && !looksGenerated(id)) out.push(`#${cssEscape(id)}`);
  for (const attr of TEST_ID_ATTRIBUTES) {
    const v = el.getAttribute(attr);
    if (v) out.push(`[${attr}=${attrValue(v)}]`);
  }
  for (const attr of STABLE_ATTRIBUTES) {
    const v = el.getAttribute(attr);
    if (!v || v.length > 200) continue;
    if ((attr === 'href' || attr === 'src') && (/^(javascript:|data:)/.test(v) || looksGenerated(v.replace(/[/?#=&.]/g, '-'))))
      continue;
    if ((attr === 'name' || attr === 'for') && looksGenerated(v)) continue;
    if (attr === 'type' && !['submit', 'reset', 'checkbox', 'radio', 'password', 'email', 'search', 'file'].includes(v)) continue;
    out.push(`${tag}[${attr}=${attrValue(v)}]`);
  }
  const classes = stableClasses(el);
  if (classes.length)
    out.push(
      `${tag}${classes
        .slice(0, 2)
        .map((c) => `.${cssEscape(c)}`)
        .join('')}`,
    );
  if (tag.includes('-')) out.push(tag); // custom elements: their tag is a stable name
  return out;
}

function matchesIn(root: Document | ShadowRoot, css: string): Element[] {
  try {
    return Array.from(root.querySelectorAll(css));
  } catch {
    return [];
  }
}

function nthOfType(el: Element): string {
  const parent = el.parentElement;
  const tag = el.localName;
  if (!parent) return tag;
  const same = Array.from(parent.children).filter((c) => c.localName === tag);
  return same.length === 1 ? tag : `${tag}:nth-of-type(${same.indexOf(el) + 1})`;
}

/** A CSS selector unique within the element's own root (document or shadow root), or undefined. */
function uniqueCss(el: Element): string | undefined {
  const root = el.getRootNode() as Document | ShadowRoot;
  for (const fragment of ownFragments(el)) if (matchesIn(root, fragment).length === 1) return fragment;
  // Scope by the nearest ancestors with a stable, unique fragment (at most 4 levels up).
  let path = nthOfType(el);
  let node = el.parentElement;
  for (let depth = 0; node && depth < 4; depth++, node = node.parentElement) {
    const anchor = ownFragments(node).find((f) => matchesIn(root, f).length === 1);
    if (anchor) {
      const css = `${anchor} ${path}`;
      const own = ownFragments(el).map((f) => `${anchor} ${f.startsWith('#') || f.startsWith('[') ? el.localName + f : f}`);
      for (const candidate of [...own, css])
        if (matchesIn(root, candidate).length === 1 && matchesIn(root, candidate)[0] === el) return candidate;
      return undefined;
    }
    path = `${nthOfType(node)} > ${path}`;
  }
  return undefined;
}

/** A positional path from the root (last resort: survives nothing but an unchanged page). */
function positionalCss(el: Element): string {
  const parts: string[] = [];
  let node: Element | null = el;
  while (node && node.localName !== 'html' && node.localName !== 'body') {
    parts.unshift(nthOfType(node));
    node = node.parentElement;
  }
  return parts.join(' > ') || el.localName;
}

function shadowHosts(el: Element): Element[] {
  const hosts: Element[] = [];
  let root = el.getRootNode();
  while (root.nodeType === 11 && (root as ShadowRoot).host) {
    const host = (root as ShadowRoot).host;
    hosts.unshift(host);
    root = host.getRootNode();
  }
  return hosts;
}

/** The CSS path through the element's shadow hosts, one entry per level; undefined when a level has none. */
function shadowPath(el: Element): string[] | undefined {
  const hosts = shadowHosts(el);
  const parts: string[] = [];
  for (const node of [...hosts, el]) {
    const css = uniqueCss(node);
    if (!css) return undefined;
    parts.push(css);
  }
  return parts;
}

/** Children that make an element's name differ from its plain text (controls, images, labels, hidden parts). */
const NAME_PARTS = `${CONTROL}, img, svg, script, style, template, [aria-label], [aria-hidden]`;

/** Whether `other` has `name` (a cheap test first: on large pages most candidates differ in their plain text). */
function hasName(other: Element, name: string): boolean {
  const plain =
    !other.matches('input, textarea, select, img') && !other.hasAttribute('aria-label') && !other.hasAttribute('aria-labelledby');
  if (plain && !other.hasAttribute('title') && !other.querySelector(NAME_PARTS) && normalize(other.textContent ?? '') !== name)
    return false;
  return accessibleName(other) === name;
}

function sameRoleAndName(ctx: Context, role: string | undefined, name: string): Element[] {
  return ctx.all.filter(
    (other) => (role ? roleOf(other) === role : other.matches('input, textarea, select')) && hasName(other, name),
  );
}

const ROW = 'tr, li, [role="row"], [role="listitem"], article';

/** For an element in a repeated row: the text that tells its row apart from the others (or undefined). */
export function rowText(el: Element): { row: Element; text: string } | undefined {
  const row = el.parentElement?.closest(ROW);
  if (!row || !row.parentElement) return undefined;
  const siblings = Array.from(row.parentElement.children).filter((c) => c !== row && c.localName === row.localName);
  if (!siblings.length) return undefined;
  // The row's own texts, shortest first; the first that no other row contains tells it apart. Other rows
  // are compared by their whole text (one native textContent each: cheap on tables of thousands of rows).
  const own: string[] = [];
  const walker = row.ownerDocument.createTreeWalker(row, 4 /* NodeFilter.SHOW_TEXT */);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (text.parentElement?.closest(`${CONTROL}, a`)) continue;
    const value = normalize(text.textContent ?? '');
    if (value.length > 0 && value.length <= MAX_TEXT) own.push(value);
  }
  own.sort((a, b) => a.length - b.length);
  const others = siblings.map((sibling) => normalize(sibling.textContent ?? ''));
  const text = own.find((candidate) => !others.some((other) => other.includes(candidate)));
  if (!text) return undefined;
  return { row, text };
}

function rowXpath(el: Element, name: string | undefined): string | undefined {
  const found = rowText(el);
  if (!found || el.getRootNode() !== el.ownerDocument) return undefined;
  const rowTag = found.row.localName;
  const own = name && roleOf(el) ? `[normalize-space()=${xpathLiteral(name)} or @aria-label=${xpathLiteral(name)}]` : '';
  const id = ownFragments(el).find((f) => f.includes('[name=') || f.includes('[aria-label='));
  const attr = id ? `[@${/\[([\w-]+)=/.exec(id)![1]}=${xpathLiteral(JSON.parse(/=(".*")\]$/.exec(id)![1]!))}]` : '';
  return `xpath///${rowTag}[.//text()[normalize-space()=${xpathLiteral(found.text)}]]//${el.localName}${own || attr}`;
}

/** The selectors of `el`, best first (at most MAX_SELECTORS, no duplicates). */
export function selectorsFor(el: Element, ctx?: Context): Selector[] {
  const doc = el.ownerDocument;
  const context = ctx ?? { document: doc, all: deepElements(doc) };
  const unique: Selector[] = [];
  const weak: Selector[] = [];
  const inShadow = shadowHosts(el).length > 0;

  const role = roleOf(el);
  const name = accessibleName(el);
  if (name && name.length <= 200) {
    const aria = role ? `aria/${name}[role="${role}"]` : el.matches('input, textarea, select') ? `aria/${name}` : undefined;
    if (aria) (sameRoleAndName(context, role, name).length === 1 ? unique : weak).push(aria);
  }

  for (const attr of TEST_ID_ATTRIBUTES) {
    const v = el.getAttribute(attr);
    if (!v) continue;
    const css = `[${attr}=${attrValue(v)}]`;
    (context.all.filter((o) => o.getAttribute(attr) === v).length === 1 ? unique : weak).push(inShadow ? `pierce/${css}` : css);
  }

  if (inShadow) {
    const path = shadowPath(el);
    if (path) unique.push(path);
    const inner = uniqueCss(el);
    if (inner && context.all.filter((o) => safeMatches(o, inner)).length === 1) unique.push(`pierce/${inner}`);
  } else {
    const css = uniqueCss(el);
    if (css) unique.push(css);
  }

  const row = rowXpath(el, name || undefined);
  if (row) unique.push(row);

  const text = normalize(contentText(el));
  if (text && text.length <= MAX_TEXT && !el.matches('input, textarea, select') && el.querySelectorAll('*').length < 10) {
    // Leaves first: the text of every element of a large page would cost milliseconds per click.
    const sameText = context.all.filter(
      (o) => o.children.length === 0 && o !== el && !el.contains(o) && normalize(o.textContent ?? '') === text,
    );
    (sameText.length === 0 ? unique : weak).push(`text/${text}`);
  }

  const all = [...unique, ...weak];
  if (!inShadow) all.push(positionalCss(el));
  else all.push([...shadowHosts(el).map(positionalCss), positionalCss(el)]);
  const seen = new Set<string>();
  const distinct = all.filter((s) => {
    const key = JSON.stringify(s);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // Meaning before position: a path through `tr:nth-of-type(8)` is unique today and the wrong row tomorrow.
  const meaning = distinct.filter((s) => selectorKind(s) === 'meaning');
  const position = distinct.filter((s) => selectorKind(s) === 'position');
  return [...meaning.slice(0, MAX_SELECTORS - Math.min(position.length, 1)), ...position].slice(0, MAX_SELECTORS);
}

/** Attributes worth keeping in a fingerprint (when their values do not look made up). */
const FINGERPRINT_ATTRIBUTES = ['id', 'name', 'type', 'placeholder', ...TEST_ID_ATTRIBUTES];

/**
 * What a person would recognise the element by (step format v1 `fingerprint`): the runner checks guesses and
 * scores look-alikes against it when the page has changed. Never a field's value.
 */
export function fingerprintFor(el: Element): Fingerprint {
  const fp: Fingerprint = { tag: el.localName };
  const role = roleOf(el);
  if (role) fp.role = role;
  const name = accessibleName(el);
  if (name) fp.name = name.slice(0, 200);
  if (!el.matches('input, textarea, select')) {
    const text = normalize(contentText(el));
    if (text && text !== name) fp.text = text.slice(0, 200);
  }
  const row = el.getRootNode() === el.ownerDocument ? rowText(el) : undefined;
  if (row) fp.row = row.text;
  const near = normalize(contentText(el.parentElement?.closest('fieldset, form, section, li, tr, [role="row"], article, div') ?? el.parentElement ?? el));
  if (near && near !== name) fp.near = near.slice(0, 300);
  const attrs: Record<string, string> = {};
  for (const attr of FINGERPRINT_ATTRIBUTES) {
    const v = el.getAttribute(attr);
    if (v && v.length <= 200 && !looksGenerated(v.replace(/[\s/?#=&.]+/g, '-'))) attrs[attr] = v;
  }
  if (Object.keys(attrs).length) fp.attrs = attrs;
  const r = el.getBoundingClientRect();
  if (r.width || r.height) fp.box = { x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.width), h: Math.round(r.height) };
  return fp;
}

function safeMatches(el: Element, css: string): boolean {
  try {
    return el.matches(css);
  } catch {
    return false;
  }
}

/** The element a selector means in `doc` (for tests and the recorder's own checks): the first match. */
export function resolve(doc: Document, selector: Selector): Element[] {
  const parts = Array.isArray(selector) ? selector : [selector];
  let scopes: Array<Document | ShadowRoot | Element> = [doc];
  let found: Element[] = [];
  parts.forEach((part, level) => {
    found = scopes.flatMap((scope) => resolvePart(scope, part));
    scopes = found.map((el) => el.shadowRoot ?? el);
    if (level < parts.length - 1 && !found.length) scopes = [];
  });
  return found;
}

function resolvePart(scope: Document | ShadowRoot | Element, part: string): Element[] {
  const all = deepElements(scope);
  if (part.startsWith('aria/')) {
    const m = /^aria\/(.*?)(?:\[role="([^"]*)"\])?$/s.exec(part)!;
    return all.filter(
      (el) => (m[2] ? roleOf(el) === m[2] : el.matches('input, textarea, select')) && accessibleName(el) === m[1],
    );
  }
  if (part.startsWith('text/'))
    return all.filter((el) => el.children.length === 0 && normalize(contentText(el)) === part.slice(5));
  if (part.startsWith('pierce/')) return all.filter((el) => safeMatches(el, part.slice(7)));
  if (part.startsWith('xpath/')) {
    const doc = (scope as Node).ownerDocument ?? (scope as Document);
    const result = doc.evaluate(part.slice(6), scope as Node, null, 7 /* ORDERED_NODE_SNAPSHOT_TYPE */, null);
    return Array.from({ length: result.snapshotLength }, (_, i) => result.snapshotItem(i) as Element);
  }
  try {
    return Array.from(scope.querySelectorAll(part));
  } catch {
    return [];
  }
}
