// The app's side of an attended run through the Kollega Recorder extension (extension/src/attended-protocol.ts):
// the tabs of the person's browser a run may use, and handing the extension a run's relay and token for a chosen
// tab (or a new one). Each call waits for the extension's answer, which its bridge posts back to the page.
import type { AttendedEvent, AttendedTab } from '@extension/attended-protocol';
import type { AttendedConnection } from '@shared/types/api';
import { onExtensionEvent, sendCommand } from '@/features/recording/extension-client';

/** How long the extension may take to list the tabs, and to connect a tab to the relay. */
export const TABS_TIMEOUT_MS = 5_000;
export const START_TIMEOUT_MS = 45_000;

export type AttendedStartResult =
  | { ok: true; runId: string; tabId: number }
  | { ok: false; code: Extract<AttendedEvent, { type: 'attended-error' }>['code'] | 'no_answer' };

function answer<T>(pick: (event: AttendedEvent) => T | undefined, timeoutMs: number, onTimeout: () => T): Promise<T> {
  return new Promise((resolve) => {
    const done = (value: T) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(value);
    };
    const timer = setTimeout(() => done(onTimeout()), timeoutMs);
    const unsubscribe = onExtensionEvent((event) => {
      if (!event.type.startsWith('attended-')) return;
      const value = pick(event as AttendedEvent);
      if (value !== undefined) done(value);
    });
  });
}

/** The person's tabs a run may use (http(s), never the app's own); null when the extension did not answer. */
export function attendedTabs(): Promise<AttendedTab[] | null> {
  const result = answer<AttendedTab[] | null>((event) => (event.type === 'attended-tabs' ? event.tabs : undefined), TABS_TIMEOUT_MS, () => null);
  sendCommand({ type: 'attended-tabs' });
  return result;
}

/** Hands the run to the extension for `tabId` (null: a new tab) and waits until the relay accepted it. */
export function startInBrowser(connection: AttendedConnection, tabId: number | null): Promise<AttendedStartResult> {
  const result = answer<AttendedStartResult>(
    (event) =>
      event.type === 'attended-started'
        ? { ok: true, runId: event.runId, tabId: event.tabId }
        : event.type === 'attended-error'
          ? { ok: false, code: event.code }
          : undefined,
    START_TIMEOUT_MS,
    () => ({ ok: false, code: 'no_answer' }),
  );
  sendCommand({ type: 'attended-start', relayUrl: connection.relayUrl, token: connection.token, tabId });
  return result;
}
