// Telling a sign-in page from any other, for the recorder (issue 22, docs/automation.md "The recorder"): when the
// person signs in during a recording, the recording gets a "Logga in själv" (`login`) step instead of the sign-in's
// clicks and typing, with when the sign-in is done (the address after it, or an element that shows only when signed
// in). Pure functions over a document: the capture script and unit tests (jsdom) use them.
//
//   eid       a BankID, Freja eID, Smart-ID or e-legitimation page: an app link (bankid:, frejaeid:, an autostart
//             token) or a heading, button, link, label or image that names the e-ID and says to sign in or scan
//   password  one password field (not a new password) in a form with little else: at most one other field, or at
//             most three when the form, its buttons or the page's heading say "logga in" / "sign in"
//
// A page that offers to sign out ("Logga ut") is signed in already: never a sign-in page.
import { selectorsFor, type Selector } from './selectors.ts';

export type SignInKind = 'eid' | 'password';

const EID_NAME = /(?:^|[^\p{L}\p{N}])(?:(?:mobilt\s+)?bank\s?-?id|freja(?:\s*e-?id)?|e-legitimation|smart-?id)(?:$|[^\p{L}\p{N}])/iu;
const SIGN_IN = /\b(?:logga\s+in|inloggning|legitimera|identifiera|sign\s*in|log\s*in|skanna|scan|qr-?kod|qr\s+code|authenticate)\b/i;
const SIGN_OUT = /\b(?:logga\s+ut|log\s*out|sign\s*out)\b/i;
const EID_LINK = 'a[href^="bankid:" i], a[href*="autostarttoken" i], a[href^="frejaeid:" i], a[href^="https://app.bankid.com" i], iframe[src*="bankid" i]';
/** Elements whose words a person reads as what the page is for. */
const PROMINENT = 'h1, h2, h3, legend, label, button, a, [role="button"], [role="link"], [role="heading"], img[alt], [aria-label]';
const CONTROLS = 'button, a, [role="button"], [role="link"], [role="menuitem"], input[type="submit" i], input[type="button" i]';
const TEXT_FIELDS =
  'input:not([type]), input[type="text" i], input[type="email" i], input[type="tel" i], input[type="number" i], input[type="search" i], input[type="url" i], input[type="password" i], textarea, select';

/** Whether a person can see the element (jsdom has no layout: hidden attributes and styles only). */
export function isShown(el: Element): boolean {
  if (el.closest('[hidden], [aria-hidden="true"]')) return false;
  if (el instanceof HTMLInputElement && el.type === 'hidden') return false;
  const view = el.ownerDocument.defaultView;
  for (let node: Element | null = el; node; node = node.parentElement) {
    const style = view?.getComputedStyle(node);
    if (style && (style.display === 'none' || style.visibility === 'hidden')) return false;
  }
  return true;
}

/** The words of an element a person reads: its text, or its image's alt text, or its aria-label. */
function wordsOf(el: Element): string {
  const own = el.getAttribute('aria-label') || (el instanceof HTMLImageElement ? el.alt : '') || (el instanceof HTMLInputElement ? el.value : '') || el.textContent || '';
  return own.replace(/\s+/g, ' ').trim().slice(0, 300);
}

const shown = (root: ParentNode, selector: string) => Array.from(root.querySelectorAll(selector)).filter(isShown);

/** The first shown element of `selector` whose words pass `test` (the words first: cheaper than styles). */
const firstShown = (root: ParentNode, selector: string, test: (words: string) => boolean) =>
  Array.from(root.querySelectorAll(selector)).find((el) => test(wordsOf(el)) && isShown(el));

/** The control that signs out, when the page has one (the page is signed in). */
export function signOutControl(doc: Document): Element | undefined {
  return firstShown(doc, CONTROLS, (words) => SIGN_OUT.test(words));
}

/** Whether the page asks the person to sign in with an e-ID (BankID, Freja eID …). */
function isEidPage(doc: Document): boolean {
  if (shown(doc, EID_LINK).length) return true;
  const pageSaysSignIn = SIGN_IN.test(doc.title) || !!firstShown(doc, 'h1, h2, [role="heading"]', (words) => SIGN_IN.test(words));
  return !!firstShown(doc, PROMINENT, (words) => EID_NAME.test(words) && (pageSaysSignIn || SIGN_IN.test(words)));
}

/** Whether the page is a password sign-in: one password field (not a new password) in a small form. */
function isPasswordPage(doc: Document, wasPassword: (el: Element) => boolean): boolean {
  const fields = shown(doc, TEXT_FIELDS);
  const passwords = fields.filter((el) => (el as HTMLInputElement).type?.toLowerCase() === 'password' || wasPassword(el));
  if (passwords.length !== 1) return false; // none, or a new password and its repetition (a sign-up, a change)
  const password = passwords[0]!;
  if (/\bnew-password\b/i.test(password.getAttribute('autocomplete') ?? '')) return false;
  const form = (password as HTMLInputElement).form;
  const scope: ParentNode = form ?? doc;
  const others = (form ? shown(form, TEXT_FIELDS) : fields).filter((el) => el !== password).length;
  if (others <= 1) return true;
  const words = [doc.title, ...shown(doc, 'h1, h2').map(wordsOf), ...shown(scope, 'legend, h1, h2, h3, button, input[type="submit" i]').map(wordsOf)].join(' ');
  return others <= 3 && SIGN_IN.test(words);
}

/**
 * What kind of sign-in the document is, or null for any other page. `wasPassword` tells fields that were password
 * fields before a "show password" toggle made them text.
 */
export function signInKind(doc: Document, wasPassword: (el: Element) => boolean = () => false): SignInKind | null {
  if (!doc.body || signOutControl(doc)) return null;
  if (isEidPage(doc)) return 'eid';
  if (isPasswordPage(doc, wasPassword)) return 'password';
  return null;
}

/**
 * An element that shows the person is signed in, for the login step's "done when": the sign-out control, or else
 * the page's main heading. Undefined when the page has neither.
 */
export function signedInSelectors(doc: Document): Selector[] | undefined {
  const el = signOutControl(doc) ?? shown(doc, 'h1').find((h) => wordsOf(h));
  if (!el) return undefined;
  const selectors = selectorsFor(el).slice(0, 3);
  return selectors.length ? selectors : undefined;
}

const place = (url: string) => {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return undefined;
  }
};

/**
 * The address pattern (`*` any characters) that says the sign-in is done: the address of the page after it, with
 * any query or fragment. Undefined when that page is at the address of a sign-in page (a sign-in that only changed
 * the page, not its address): the pattern would hold before the person signed in.
 */
export function doneUrl(signInUrls: string[], after: string): string | undefined {
  const done = place(after);
  if (!done || !/^https?:/.test(done)) return undefined;
  if (signInUrls.some((url) => place(url) === done)) return undefined;
  return `${done}*`;
}
