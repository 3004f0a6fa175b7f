// Attended runs: the messages between the extension and the runner's relay (one WebSocket per run), and between
// the app and the extension. Dependency-free: imported by the extension (attended.ts), the runner's relay
// (runner/src/attended/) and the app (web/src/features/recording/extension-client.ts).
//
// The extension relays the Chrome DevTools Protocol of the person's chosen tab (and of the popups that tab opens)
// with chrome.debugger; the runner drives it with Playwright over the relay as it drives its own Chromium. The
// relay answers the browser-level commands itself (there is no browser target behind chrome.debugger) and
// forwards the rest to the tab.

/** A tab the person may run in, as the app's dialog lists it. */
export type AttendedTab = { id: number; title: string; url: string };

/** Why the extension let go of a tab: Chrome's reasons for a detached debugger, or the tab closed. */
export type AttendedDetachReason = 'canceled_by_user' | 'target_closed' | 'replaced_with_devtools' | 'tab_closed' | 'other';

/** Extension → relay. */
export type ExtensionToRelay =
  /** The first message: the token from the api (or the relay's last `nextToken` after a service worker restart). */
  | { type: 'hello'; token: string; version: string; features?: ExtensionFeature[] }
  /** The answer to a relay request. */
  | { type: 'result'; id: number; result?: unknown; error?: string }
  /** A CDP event of a relayed tab (`sessionId`: a child session of it, such as an iframe in its own process). */
  | { type: 'event'; tabId: number; sessionId?: string; method: string; params?: unknown }
  /** A popup the tab opened, now relayed as well. */
  | { type: 'popup'; tabId: number; targetInfo: TargetInfo }
  /** A relayed tab went away or its debugger was detached (by the person, DevTools, or Chrome). */
  | { type: 'detached'; tabId: number; reason: AttendedDetachReason }
  /** The person used their own mouse or keyboard in the tab while the run was acting. */
  | { type: 'takeover'; tabId: number; input: string }
  | { type: 'ping' };

/** Relay → extension. */
export type RelayToExtension =
  /** The token was accepted: the run, and the token to present after a service worker restart. */
  | { type: 'accepted'; runId: string; nextToken: string }
  | { type: 'refused'; reason: 'token' | 'busy' }
  /** Attaches the debugger to the run's tab (and every popup of it so far): their CDP target infos. */
  | { type: 'request'; id: number; method: 'attach'; params: Record<string, never> }
  /**
   * A CDP command for one relayed tab (or a child session of it). `before` (only to an extension whose hello named
   * `cdpBefore`): releases of objects the runner no longer needs (Runtime.releaseObject), sent to the same tab and
   * session first, in order, their answers not awaited.
   */
  | { type: 'request'; id: number; method: 'cdp'; params: { tabId: number; sessionId?: string; method: string; params?: unknown; before?: CdpCall[] } }
  /**
   * Typed text for one relayed tab (`cdpBatch`, only to an extension whose hello named it): key events and text
   * insertions sent to the tab one after another, each awaited, in one message; one answer for all (an error names
   * the command that failed, and the rest are not sent).
   */
  | { type: 'request'; id: number; method: 'cdpBatch'; params: { tabId: number; sessionId?: string; commands: CdpCall[]; before?: CdpCall[] } }
  /** Closes a popup of the run (never the person's own tab). */
  | { type: 'request'; id: number; method: 'closeTab'; params: { tabId: number } }
  /**
   * A `login` step opened (`open`, with its instructions in the person's language) or closed: the tab comes to the
   * front, and the person's own input is expected, not a take-over.
   */
  | { type: 'login'; open: boolean; instructions?: string }
  /** The run ended, or paused: the extension lets go of the tab (`reason` for its notice). */
  | { type: 'release'; reason: 'ended' | 'paused' }
  | { type: 'pong' };

/** What an extension can do beyond the first version's messages, named in its hello. */
export type ExtensionFeature = 'cdpBatch' | 'cdpBefore';

/** One CDP command in a message that carries several. */
export type CdpCall = { method: string; params?: unknown };

/** The only commands a `before` may carry: their answers mean nothing to the runner. */
export const RELEASES: readonly string[] = ['Runtime.releaseObject', 'Runtime.releaseObjectGroup'];

/** The part of CDP's Target.TargetInfo the relay passes on. */
export type TargetInfo = {
  targetId: string;
  type: string;
  title: string;
  url: string;
  attached?: boolean;
  openerId?: string;
  browserContextId?: string;
};

/** App → extension (through the bridge): list the tabs, or start / continue a run in one. */
export type AttendedCommand =
  | { type: 'attended-tabs' }
  | { type: 'attended-start'; relayUrl: string; token: string; tabId: number | null; url?: string };

/** Extension → app. */
export type AttendedEvent =
  | { type: 'attended-tabs'; tabs: AttendedTab[] }
  | { type: 'attended-started'; runId: string; tabId: number }
  | { type: 'attended-error'; code: 'relay_unreachable' | 'token_refused' | 'attach_failed' };
