// The replay test cases: one local test page (runner/test/sites/<id>/) + one Chrome DevTools Recorder recording
// of a task on it (runner/test/recordings/<id>.json) + the result the page must have posted when the task was
// done right. A replay SUCCEEDS when it ran without throwing and sites.results(id) ends with `expected`
// (deep equal). What makes each case hard: docs/replay-cases.md.
import { readFileSync } from 'node:fs';

/** The Chrome DevTools Recorder export format, minimally typed (the steps stay as exported). */
export type ChromeRecording = { title: string; steps: Array<Record<string, unknown>> };

/** The origin the recordings were written against; loadRecording replaces it with the test server's. */
export const PLACEHOLDER_ORIGIN = 'http://127.0.0.1:47811';

export type ReplayCase = {
  id: string;
  /** file name in runner/test/recordings/ */
  recording: string;
  title: string;
  /** what sites.results(id) must contain as its LAST element after a successful replay */
  expected: unknown;
};

export const CASES: ReplayCase[] = [
  {
    id: 'form',
    recording: 'form.json',
    title: 'Text form (input, e-mail, amount, multi-line textarea); the submit navigates to a thank-you page',
    expected: { name: 'Anna Lind', email: 'anna.lind@example.se', amount: '1250', message: 'Hej!\nVi vill ha en offert på 40 armaturer till vårt nya kontor.' },
  },
  {
    id: 'spinner',
    recording: 'spinner.json',
    title: 'Form appears after a 1.5–3 s spinner; an overlay swallows clicks for another 0.6–1.2 s',
    expected: { article: 'A-2231', quantity: '12' },
  },
  {
    id: 'iframe',
    recording: 'iframe.json',
    title: 'Inputs and button inside a same-origin iframe (frame [0])',
    expected: { orgnr: '556677-8899', company: 'Fjällbacka Rör AB' },
  },
  {
    id: 'nested-iframe',
    recording: 'nested-iframe.json',
    title: 'Form two iframes deep, after a sibling iframe (frame [1, 0])',
    expected: { reference: '7310452981' },
  },
  {
    id: 'shadow',
    recording: 'shadow.json',
    title: 'Input, textarea and button inside two nested open shadow roots',
    expected: { subject: 'Kan inte logga in', description: 'Jag får felkod 403 sedan i morse.' },
  },
  {
    id: 'popup',
    recording: 'popup.json',
    title: 'A button opens a popup (window.open); the task continues in the popup',
    expected: { invoice: '1043', holder: 'Anna Lind', last4: '1111' },
  },
  {
    id: 'spa',
    recording: 'spa.json',
    title: 'Client-side routing (pushState): list → detail rendered after a delayed fetch; ends with an assertion',
    expected: { order: '1042', comment: 'Kund bekräftad per telefon' },
  },
  {
    id: 'random-ids',
    recording: 'random-ids.json',
    title: 'Random ids and CSS-in-JS class names on every load (recorded ids are stale)',
    expected: { company: 'Fjällbacka Rör AB', orgnr: '556677-8899', email: 'faktura@fjallbackaror.se' },
  },
  {
    id: 'controls',
    recording: 'controls.json',
    title: 'Select, checkboxes and radios labelled by wrapping and by <label for>; clicks on labels and boxes',
    expected: { country: 'NO', notify: ['email', 'sms'], plan: 'pro', terms: true },
  },
  {
    id: 'confirm',
    recording: 'confirm.json',
    title: 'A button asks confirm(); the result is posted only when the dialog is accepted (not in the recording)',
    expected: { deleted: 'offert-17' },
  },
  {
    id: 'table',
    recording: 'table.json',
    title: 'Identical "Attestera" buttons in rows shuffled on every load; approve invoice 1043 only',
    expected: { invoice: '1043' },
  },
  {
    id: 'enter-submit',
    recording: 'enter-submit.json',
    title: 'Search field submitted with Enter (no button)',
    expected: { query: 'Nordic Paper' },
  },
  {
    id: 'changed',
    recording: 'changed.json',
    title: 'Page redesigned after recording: the submit button lost its id #submit-old; name and text unchanged',
    expected: { displayName: 'Anna Lind', phone: '070-123 45 67' },
  },
  {
    id: 'infinite-scroll',
    recording: 'infinite-scroll.json',
    title: 'Infinite scroll: the target row exists only after two lazy page loads triggered by scrolling',
    expected: { flagged: 'TX-0057' },
  },
  {
    id: 'label-echo',
    recording: 'label-echo.json',
    title: "Clicks on checkbox and radio labels, which Chrome records twice (the label, then the browser's own click on the box): each ticks once",
    expected: { terms: true, sms: true, news: true, plan: 'pro', copy: false },
  },
  {
    id: 'custom-select',
    recording: 'custom-select.json',
    title: 'Custom listbox (not a <select>): options fetched and rendered in a portal only while open',
    expected: { description: 'Tåg Göteborg–Stockholm', costCenter: '300' },
  },
];

const recordingsDir = new URL('./recordings/', import.meta.url);

/** The recording of case `id` with the placeholder origin replaced by `origin` everywhere (urls, targets, titles). */
export function loadRecording(id: string, origin: string): ChromeRecording {
  const entry = CASES.find((c) => c.id === id);
  if (!entry) throw new Error(`unknown replay case: ${id}`);
  const text = readFileSync(new URL(entry.recording, recordingsDir), 'utf8');
  const target = origin.replace(/\/+$/, '');
  return JSON.parse(text.split(PLACEHOLDER_ORIGIN).join(target)) as ChromeRecording;
}
