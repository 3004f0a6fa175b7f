// The messages between the Kollega app and the recorder extension. The app's page and the extension's
// bridge content script (on the app's origins only) talk with window.postMessage; the bridge relays to
// the extension's background worker with chrome.runtime messages. Dependency-free: imported by the app
// (web/src/features/recording) and by the extension.
import type { PickCommand, PickEvent } from './pick-protocol.ts';
import type { AttendedCommand, AttendedEvent } from './attended-protocol.ts';
import type { Fingerprint, Selector } from './selectors.ts';
import type { SignInKind } from './sign-in.ts';

export type { SignInKind };

export const APP_SOURCE = 'kollega-app';
export const EXTENSION_SOURCE = 'kollega-recorder';
/** Set on the app page's <html> by the bridge: the extension's version (the app shows the install page without it). */
export const PRESENCE_ATTRIBUTE = 'data-kollega-recorder';

export type RecorderStatus = 'stopped' | 'recording' | 'paused';

/** App → extension. */
export type AppCommand =
  | { type: 'start'; url: string | null }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'stop' }
  | { type: 'focus' }
  | { type: 'status' }
  | PickCommand
  | AttendedCommand;

type Placement = { frame?: number[]; frameSelectors?: Selector[][]; target?: string };

/** A step as captured (format v1 without `id` and `description`: the app adds them). */
export type CapturedStep = Placement &
  (
    | { type: 'navigate'; url: string }
    | {
        type: 'click' | 'doubleClick';
        selectors: Selector[];
        fingerprint?: Fingerprint;
        offsetX?: number;
        offsetY?: number;
        button?: 'primary' | 'auxiliary' | 'secondary';
      }
    | {
        type: 'change';
        selectors: Selector[];
        fingerprint?: Fingerprint;
        value: string;
        /** The kind of field; a select also sends its options (value and the text a person sees). */
        control?: 'text' | 'select' | 'checkbox' | 'radio';
        choices?: Array<{ value: string; label: string }>;
      }
    | { type: 'keyDown' | 'keyUp'; key: string }
    /** The person signed in ("Logga in själv"): done when the address matches `url` or one of `selectors` shows. */
    | { type: 'login'; until: { url?: string; selectors?: Selector[] } }
  );

/** Capture script → worker: whether a frame's page is a sign-in page (sent when that changes, and by the top frame
 *  once per page). `signedIn`: the top frame's element that shows the person is signed in (when it is none). */
export type SignInReport = { kind: SignInKind | null; url: string; top: boolean; at: number; signedIn?: Selector[] };

/** What a captured step is about, for the app's description: the element's accessible name or label. */
export type Capture = {
  step: CapturedStep;
  /** The element's name (label, text), for the step's description. */
  label?: string;
  /** A password field (or a one-time code, card number, card code, or a field that was ever a password field):
   *  `step.value` is `{{secret.NAME}}`, the typed value was never read. */
  secret?: string;
  /** A Swedish personal identity number: `step.value` is `{{input.name}}`, a run input; the number itself is not kept. */
  input?: string;
  /** A file chooser: the chosen files' names (the files themselves stay on the recording machine). */
  files?: string[];
  /** The step's place in time (ms since the epoch): when its event happened; for typing, when the typing began. */
  at: number;
  /** When the event that completed the step happened, if later than `at` (a field's change is sent when the
   *  person leaves the field): what event-to-step latency is measured from. */
  committedAt?: number;
  /** An element step's picture, when the recorder asked for one: a `thumbnail` event with this `ref` follows
   *  (or came first: the picture of a click is asked for when the button goes down). */
  ref?: string;
  /** Capture script → worker only: the step was made on a sign-in page (the worker holds it, see `signIn`). */
  onSignInPage?: SignInKind;
  /** A `login` step the recorder made of a sign-in: its kind, and for a password sign-in the steps the person took
   *  (the password as `{{secret.NAME}}`, never its value), which the app can use instead so that the workflow
   *  signs in by itself on Kollega's servers. */
  signIn?: { kind: SignInKind; replaces?: Capture[] };
};

/** Extension → app. */
export type ExtensionEvent =
  | { type: 'status'; status: RecorderStatus; hasWindow: boolean }
  | { type: 'step'; capture: Capture }
  /** The picture of the element of the step whose capture has this `ref` (a JPEG data: URL, at most 20 KB). */
  | { type: 'thumbnail'; ref: string; thumbnail: string }
  | { type: 'error'; code: 'window_failed' | 'not_recording' | 'url_not_allowed' }
  | PickEvent
  | AttendedEvent;
