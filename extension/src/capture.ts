// The recorder's content script, registered by the background worker only while a recording exists, then
// in every frame of http(s) pages (about:blank and srcdoc frames included). It does nothing until the
// background worker says this tab is being recorded, and removes its listeners when the recording pauses
// or stops: a paused recording captures nothing at all.
//
// What becomes a step (format v1, docs/automation.md "The recorder"):
//   click / dblclick          → click / doubleClick on the closest interactive element (the app folds the
//                                two clicks of a double click into the doubleClick)
//   typing                    → one `change` per field, when the field commits (change event, or Enter/Tab/
//                                Escape, or a click elsewhere while it still has focus)
//   select, checkbox, radio   → `change` ("true"/"false" for checkboxes and radios, the option's value) with
//                                the field's kind (`control`) and a select's options (`choices`, value and text)
//   password fields           → `change` with `{{secret.NAME}}`: the typed value is never read. Also fields
//                                that were ever of type password ("show password" toggles) and fields with
//                                autocomplete one-time-code, cc-number, cc-csc, new-password, current-password
//   personnummer              → `change` with `{{input.name}}` (a run input), never the number itself
//   file choosers             → reported with the files' names only (the app makes it a step that takes its file from a file input)
//   Enter, Tab, Escape        → keyDown + keyUp
//   a sign-in page            → told to the worker (`sign-in`: eid or password, and when the page stops being
//                                one); every step made on it is marked `onSignInPage`: the worker holds them and
//                                records one `login` step ("Logga in själv") for the sign-in instead (sign-in.ts)
//
// Each element step also asks the background worker for a picture of its element (`shoot` with the element's
// box; the step carries the same `ref`): a click's when the button goes down, before the page reacts to it, a
// field's when it commits. Never for a secret or a personnummer field. The worker takes it if Chrome's quota
// allows (thumbnail.ts) and sends it to the app on its own; the step never waits for it.
import { boxInTop, fieldOf, INTERACTIVE, placement } from './element-context.ts';
import type { Capture, SignInReport } from './protocol.ts';
import { accessibleName, fingerprintFor, selectorsFor } from './selectors.ts';
import { inputNameFrom, isPersonnummer, secretAutocomplete, secretNameFrom } from './sensitive.ts';
import { signedInSelectors, signInKind, type SignInKind } from './sign-in.ts';

const KEYS = new Set(['Enter', 'Tab', 'Escape']);
const TEXT_INPUT =
  'textarea, input:not([type]), input[type="text"], input[type="email"], input[type="search"], input[type="tel"], input[type="url"], input[type="number"], input[type="password"], input[type="date"], input[type="time"], input[type="datetime-local"], input[type="month"], input[type="week"]';

let active = false;
/** Fields typed into since their value was last recorded, with when the typing began (the step's place in time). */
const pending = new Set<HTMLInputElement | HTMLTextAreaElement>();
const typingSince = new WeakMap<Element, number>();
/** The value each field last had in a step (a change event after Enter must not repeat it). */
const recorded = new WeakMap<Element, string>();
/** Fields that were password fields at some point (a "show password" toggle must not leak the value). */
const passwords = new WeakSet<Element>();

const isTop = window === window.top;
const currentSignIn = () => signInKind(document, (el) => passwords.has(el));

function send(capture: Capture) {
  const onSignInPage = currentSignIn();
  chrome.runtime.sendMessage({ type: 'capture', capture: onSignInPage ? { ...capture, onSignInPage } : capture }).catch(() => undefined);
}

/** What this frame last told the worker about signing in: the top frame tells once per page whatever it is (so the
 *  worker learns that the page after a sign-in is none), other frames only when they are one. */
let told: SignInKind | null | undefined = isTop ? undefined : null;
let signInTimer: ReturnType<typeof setTimeout> | undefined;
const SIGN_IN_CHECK_MS = 300;

function checkSignIn() {
  signInTimer = undefined;
  if (!active || document.readyState === 'loading') return;
  const kind = currentSignIn();
  if (kind === told) return;
  told = kind;
  const report: SignInReport = { kind, url: location.href, top: isTop, at: Date.now() };
  if (!kind && isTop) report.signedIn = signedInSelectors(document);
  chrome.runtime.sendMessage({ type: 'sign-in', report }).catch(() => undefined);
}

/** Looks again a moment after the page changed (at most every SIGN_IN_CHECK_MS): a sign-in may appear or go at any time. */
function scheduleSignInCheck() {
  if (active && signInTimer === undefined) signInTimer = setTimeout(checkSignIn, SIGN_IN_CHECK_MS);
}
new MutationObserver(scheduleSignInCheck).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden', 'style', 'class', 'type'] });
document.addEventListener('DOMContentLoaded', scheduleSignInCheck);

let shots = 0;
/** Asks for a picture of the element as it is now; the ref for its step (none when its box is not known). */
function shoot(el: Element): string | undefined {
  const box = boxInTop(el);
  if (!box) return undefined;
  shots += 1;
  const ref = `${Date.now().toString(36)}-${shots.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  chrome.runtime.sendMessage({ type: 'shoot', ref, box }).catch(() => undefined);
  return ref;
}
/** The element a button went down on, and its picture's ref, for the click that follows. */
let pressed: { el: Element; ref: string } | undefined;

const targetOf = (event: Event) => event.composedPath()[0] as Element | undefined;
const at = (event: Event) => performance.timeOrigin + event.timeStamp;

function secretName(el: Element): string {
  return secretNameFrom(accessibleName(el) || el.getAttribute('name') || secretAutocomplete(el) || 'password');
}

/** A field whose value is a secret: a password field now or ever before, or one whose autocomplete says so. */
function isSecret(el: Element): boolean {
  if (el instanceof HTMLInputElement && el.type === 'password') passwords.add(el);
  return passwords.has(el) || !!secretAutocomplete(el);
}

/** Password fields the page turns into text fields ("show password") stay secret: seen before they change,
 *  from the document's start (the script is only loaded while a recording exists), paused or not. */
new MutationObserver((records) => {
  for (const record of records) if (record.oldValue?.toLowerCase() === 'password') passwords.add(record.target as Element);
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['type'], attributeOldValue: true });
const notePasswords = () => {
  for (const el of Array.from(document.querySelectorAll('input[type="password" i]'))) passwords.add(el);
};

/** Records the field's value (once per committed value). */
function recordChange(el: Element, time: number) {
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)) return;
  pending.delete(el as HTMLInputElement);
  const committedAt = time;
  time = typingSince.get(el) ?? time;
  typingSince.delete(el);
  const label = accessibleName(el) || undefined;
  const base = { ...placement(), selectors: selectorsFor(el), fingerprint: fingerprintFor(el) };
  if (el instanceof HTMLInputElement && el.type === 'file') {
    const files = Array.from(el.files ?? []).map((f) => f.name);
    send({ step: { ...base, type: 'change', value: '' }, label, files, at: time, committedAt, ...refFor(el) });
    return;
  }
  if (isSecret(el)) {
    const name = secretName(el);
    const value = `{{secret.${name}}}`;
    if (recorded.get(el) === value) return;
    recorded.set(el, value);
    send({ step: { ...base, type: 'change', value }, label, secret: name, at: time, committedAt });
    return;
  }
  const field = fieldOf(el);
  const value = field.control === 'checkbox' || field.control === 'radio' ? String((el as HTMLInputElement).checked) : el.value;
  if (field.control === 'text' && isPersonnummer(value)) {
    // A person's identity number is the run's data, not the workflow's: a run input, never a literal.
    const input = inputNameFrom(label ?? el.getAttribute('name') ?? '');
    const template = `{{input.${input}}}`;
    if (recorded.get(el) === template) return;
    recorded.set(el, template);
    send({ step: { ...base, type: 'change', value: template }, label, input, at: time, committedAt });
    return;
  }
  if (recorded.get(el) === value) return;
  recorded.set(el, value);
  send({ step: { ...base, ...field, type: 'change', value }, label, at: time, committedAt, ...refFor(el) });
}

/** The picture's ref of a field's step (a secret's or a personnummer's never gets here). */
function refFor(el: Element): { ref?: string } {
  const ref = shoot(el);
  return ref ? { ref } : {};
}

function flush(time: number, except?: Element) {
  for (const el of [...pending]) if (el !== except) recordChange(el, time);
}

function onInput(event: Event) {
  const el = targetOf(event);
  if (el && el.matches(TEXT_INPUT)) {
    isSecret(el);
    pending.add(el as HTMLInputElement);
    if (!typingSince.has(el)) typingSince.set(el, at(event));
  }
}

function onChange(event: Event) {
  const el = targetOf(event);
  if (el) recordChange(el, at(event));
}

/** `change` does not leave a shadow root (it is not composed): listen in every shadow root a field gets focus in. */
const shadowRoots = new Set<ShadowRoot>();
function onFocus(event: Event) {
  const target = targetOf(event);
  if (target) isSecret(target); // a password field in a shadow root, before a toggle shows it
  const root = target?.getRootNode();
  if (!(root instanceof ShadowRoot) || shadowRoots.has(root)) return;
  shadowRoots.add(root);
  root.addEventListener('change', onChange, true);
}

/** Clicks that the `change` step of their field already covers. */
function coveredByChange(el: Element): boolean {
  if (el.matches('select, option, textarea') || el.matches(TEXT_INPUT)) return true;
  if (el.matches('input[type="checkbox"], input[type="radio"], input[type="file"]')) return true;
  const control = el.localName === 'label' ? (el as HTMLLabelElement).control : null;
  return !!control && control.matches('input[type="checkbox"], input[type="radio"], input[type="file"]');
}

/** A button going down on what a click step will act on: its picture now, before the page changes. */
function onPress(event: PointerEvent) {
  const raw = targetOf(event);
  if (!raw || !event.isTrusted) return;
  const el = raw.closest(INTERACTIVE) ?? raw;
  const ref = coveredByChange(el) ? undefined : shoot(el);
  pressed = ref ? { el, ref } : undefined;
}

/** A click or double click on the closest interactive element (both from the same trusted mouse event kinds). */
function onPointer(event: MouseEvent) {
  const raw = targetOf(event);
  if (!raw || !event.isTrusted) return;
  const el = raw.closest(INTERACTIVE) ?? raw;
  const time = at(event);
  const double = event.type === 'dblclick';
  if (!double) flush(time, el);
  // A click's detail 0: the browser made it from a key (Enter submitting a form), and the key step replays it;
  // detail 2: the second click of a double click, which the doubleClick step replaces.
  if ((!double && event.detail !== 1) || coveredByChange(el)) return;
  const rect = el.getBoundingClientRect();
  const button = event.button === 1 ? 'auxiliary' : event.button === 2 ? 'secondary' : 'primary';
  const ref = pressed?.el === el ? pressed.ref : undefined;
  pressed = undefined;
  send({
    step: {
      ...placement(),
      type: double ? 'doubleClick' : 'click',
      selectors: selectorsFor(el),
      fingerprint: fingerprintFor(el),
      offsetX: Math.round(event.clientX - rect.left),
      offsetY: Math.round(event.clientY - rect.top),
      ...(button === 'primary' || double ? {} : { button }),
    },
    label: accessibleName(el) || undefined,
    at: time,
    ...(ref && { ref }),
  });
}

function onKey(event: KeyboardEvent) {
  if (!KEYS.has(event.key) || !event.isTrusted) return;
  const time = at(event);
  if (event.type === 'keydown') flush(time);
  send({ step: { ...placement(), type: event.type === 'keydown' ? 'keyDown' : 'keyUp', key: event.key }, at: time });
}

const listeners: Array<[string, (event: never) => void]> = [
  ['input', onInput],
  ['change', onChange],
  ['click', onPointer],
  ['dblclick', onPointer],
  ['keydown', onKey],
  ['keyup', onKey],
  ['focusin', onFocus],
  ['pointerdown', onPress],
];

function setActive(next: boolean) {
  if (next === active) return;
  active = next;
  if (next) notePasswords();
  if (next) scheduleSignInCheck();
  for (const [type, listener] of listeners) {
    if (next) window.addEventListener(type, listener as EventListener, true);
    else window.removeEventListener(type, listener as EventListener, true);
  }
  if (!next) {
    pending.clear();
    pressed = undefined;
    for (const root of shadowRoots) root.removeEventListener('change', onChange, true);
    shadowRoots.clear();
  }
}

chrome.runtime.onMessage.addListener((message: { type?: string; active?: boolean }) => {
  if (message?.type === 'capture-state') setActive(!!message.active);
});
chrome.runtime
  .sendMessage({ type: 'hello' })
  .then((reply: { active?: boolean } | undefined) => setActive(!!reply?.active))
  .catch(() => undefined);
