// Values in selectors are data (docs/automation.md, "Values are data, never code"): a `{{input.x}}` or
// `{{var.x}}` in a selector is escaped for the selector's kind, so that a webhook payload or a page's text can
// only ever be matched as text and never change what the selector says. A payload such as
// `nobody"] | //button[@id="delete-all"] | //x["` stays one string inside the XPath, and `a, #delete-all`
// stays one identifier inside the CSS.
import { StepError } from './errors.ts';

const TEMPLATE = /\{\{[^{}]*\}\}/g;
const HAS_TEMPLATE = /\{\{[^{}]*\}\}/;

/** Replaces each template in `text` with `escape(value)`; text between templates is kept as written. */
function replaceTemplates(text: string, value: (template: string) => string, escape: (value: string) => string): string {
  return text.replace(TEMPLATE, (template) => escape(value(template)));
}

/** CSS.escape (CSSOM): a value as one identifier. */
export function cssIdentifier(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const ch = value[i]!;
    if (code === 0) out += '\uFFFD';
    else if ((code >= 0x1 && code <= 0x1f) || code === 0x7f) out += `\\${code.toString(16)} `;
    else if (i === 0 && code >= 0x30 && code <= 0x39) out += `\\${code.toString(16)} `;
    else if (i === 1 && code >= 0x30 && code <= 0x39 && value[0] === '-') out += `\\${code.toString(16)} `;
    else if (i === 0 && ch === '-' && value.length === 1) out += '\\-';
    else if (code >= 0x80 || ch === '-' || ch === '_' || /[0-9A-Za-z]/.test(ch)) out += ch;
    else out += `\\${ch}`;
  }
  return out;
}

/** A value inside a quoted CSS string: backslashes, both quotes and control characters escaped. */
export function cssStringContent(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\\"']|[\u0000-\u001f\u007f]/g, (ch) => (/[\\"']/.test(ch) ? `\\${ch}` : `\\${ch.charCodeAt(0).toString(16)} `));
}

/** A value as one XPath 1.0 string expression (XPath has no escapes: concat() when both quotes occur). */
export function xpathString(value: string): string {
  if (!value.includes('"')) return `"${value}"`;
  if (!value.includes("'")) return `'${value}'`;
  return `concat(${value.split('"').map((part) => `"${part}"`).join(`, '"', `)})`;
}

type Segment = { literal: false; text: string } | { literal: true; quote: string; text: string };

/** Splits a selector into quoted strings and the rest; `escapes`: a backslash escapes the next character (CSS). */
function segments(source: string, escapes: boolean): Segment[] {
  const out: Segment[] = [];
  let i = 0;
  let rest = '';
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === '"' || ch === "'") {
      if (rest) out.push({ literal: false, text: rest });
      rest = '';
      let j = i + 1;
      let text = '';
      while (j < source.length && source[j] !== ch) {
        if (escapes && source[j] === '\\' && j + 1 < source.length) {
          text += source.slice(j, j + 2);
          j += 2;
        } else text += source[j++];
      }
      out.push({ literal: true, quote: ch, text });
      i = j + 1;
    } else if (escapes && ch === '\\' && i + 1 < source.length) {
      rest += source.slice(i, i + 2);
      i += 2;
    } else {
      rest += ch;
      i++;
    }
  }
  if (rest) out.push({ literal: false, text: rest });
  return out;
}

function substituteCss(css: string, value: (template: string) => string): string {
  return segments(css, true)
    .map((s) => (s.literal ? `${s.quote}${replaceTemplates(s.text, value, cssStringContent)}${s.quote}` : replaceTemplates(s.text, value, cssIdentifier)))
    .join('');
}

function substituteXpath(xpath: string, value: (template: string) => string): string {
  return segments(xpath, false)
    .map((s) => {
      if (!s.literal) return replaceTemplates(s.text, value, xpathString);
      if (!HAS_TEMPLATE.test(s.text)) return `${s.quote}${s.text}${s.quote}`;
      return xpathString(replaceTemplates(s.text, value, (v) => v));
    })
    .join('');
}

const ARIA = /^(.*?)\[role="([^"]*)"\]$/s;

function substituteAria(aria: string, value: (template: string) => string): string {
  const m = ARIA.exec(aria);
  const name = replaceTemplates(m ? m[1]! : aria, value, (v) => v);
  const role = m ? replaceTemplates(m[2]!, value, (v) => v) : undefined;
  if (role !== undefined && !/^[a-z]*$/.test(role)) throw unusable('aria');
  const built = role === undefined ? name : `${name}[role="${role}"]`;
  const again = ARIA.exec(built);
  // The value must not change where the name ends and the role begins.
  if ((again ? again[1] : built) !== name || (again ? again[2] : undefined) !== role) throw unusable('aria');
  return built;
}

function unusable(kind: string): StepError {
  return new StepError('assertion_failed', `a value in this ${kind} selector would change what the selector says; it cannot be used there`);
}

/**
 * One selector string with its templates substituted by `value` (which resolves `{{…}}` to its value or throws),
 * each value escaped for the selector's kind: `text/` takes text as is, `aria/` a name (and role) that the value
 * cannot split, `xpath/` one string expression, CSS (plain or `pierce/`) an identifier outside quotes and string
 * content inside them.
 */
export function substituteInSelector(selector: string, value: (template: string) => string): string {
  if (!HAS_TEMPLATE.test(selector)) return selector;
  if (selector.startsWith('text/')) return `text/${replaceTemplates(selector.slice(5), value, (v) => v)}`;
  if (selector.startsWith('aria/')) return `aria/${substituteAria(selector.slice(5), value)}`;
  if (selector.startsWith('xpath/')) return `xpath/${substituteXpath(selector.slice(6), value)}`;
  if (selector.startsWith('pierce/')) return `pierce/${substituteCss(selector.slice(7), value)}`;
  return substituteCss(selector, value);
}
