// Whether a selector says WHAT an element is (an accessible name, a text, a row's text, an id or another
// attribute, a class) or only WHERE it sat (`nth-of-type`, index xpaths, bare tag paths). The recorder writes
// selectors with meaning first; the runner never lets position outvote meaning (docs/automation.md, "Which
// element a step acts on"). Dependency-free: the extension, the runner and the web app import it.
type Selector = string | string[];

export type SelectorKind = 'meaning' | 'position';

const POSITIONAL_CSS = /:(nth-(last-)?(of-type|child)|first-(of-type|child)|last-(of-type|child)|only-child)\b/;

function partKind(part: string): SelectorKind {
  if (part.startsWith('aria/') || part.startsWith('text/')) return 'meaning';
  if (part.startsWith('xpath/')) {
    const xpath = part.slice(6);
    if (/\[\s*\d+\s*\]|position\(\)|last\(\)/.test(xpath)) return 'position';
    return /@|text\(\)|normalize-space|contains\(/.test(xpath) ? 'meaning' : 'position';
  }
  const css = part.startsWith('pierce/') ? part.slice(7) : part;
  if (POSITIONAL_CSS.test(css)) return 'position';
  return /[#.[]/.test(css) || /^[a-z]+-[a-z-]+$/i.test(css.trim()) ? 'meaning' : 'position';
}

/** A path (shadow levels) is positional when any level is. */
export function selectorKind(selector: Selector): SelectorKind {
  const parts = Array.isArray(selector) ? selector : [selector];
  return parts.some((p) => partKind(p) === 'position') ? 'position' : 'meaning';
}
