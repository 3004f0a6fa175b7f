// "Peka ut" (point at an element): the app asks the extension to open a page in a window of its own, the
// person clicks the element a step should act on, and the extension answers with what the recorder would
// have captured for it (selectors, fingerprint, frame, a field's kind and options), its name, and a small
// picture of it. Part of the app ⇄ extension protocol (protocol.ts); dependency-free.
import type { CapturedStep } from './protocol.ts';
import type { Fingerprint, Selector } from './selectors.ts';

/** The words the picker shows on the page, in the app's language (the app owns every text a person reads). */
export type PickTexts = {
  /** The banner: what to do ("Klicka på det steget ska använda. Esc avbryter."). */
  hint: string;
  /** Pauses pointing, so the person can click through the page to the right place first. */
  pause: string;
  resume: string;
  cancel: string;
};

/** App → extension. */
export type PickCommand = { type: 'pick'; url: string; texts: PickTexts } | { type: 'cancelPick' };

/** The element the person clicked, as the recorder's own generator describes it. */
export type PickedElement = Pick<CapturedStep, 'frame' | 'frameSelectors'> & {
  selectors: Selector[];
  fingerprint: Fingerprint;
  /** The element's accessible name (label, text), for the step's sentence; empty when it has none. */
  label: string;
  /** A form field's kind, and a select's options (value and the text a person sees). */
  control?: 'text' | 'select' | 'checkbox' | 'radio';
  choices?: Array<{ value: string; label: string }>;
  /** The address of the page it is on. */
  url: string;
  /** A small JPEG of the element (a data: URL, at most MAX_THUMBNAIL_BYTES), when the browser allowed one. */
  thumbnail?: string;
};

/** Extension → app. */
export type PickEvent =
  | { type: 'picked'; element: PickedElement }
  /** Escape, "Avbryt", or the window closed. */
  | { type: 'pickCancelled' }
  | { type: 'pickFailed'; code: 'url_not_allowed' | 'window_failed' };

/** The largest element picture the extension sends (and the app stores). */
export const MAX_THUMBNAIL_BYTES = 20 * 1024;
