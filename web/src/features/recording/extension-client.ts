// The app's side of the channel to the Kollega Recorder extension: its bridge content script marks the
// page (PRESENCE_ATTRIBUTE) and relays window messages (extension/src/protocol.ts).
import { APP_SOURCE, type AppCommand, EXTENSION_SOURCE, type ExtensionEvent, PRESENCE_ATTRIBUTE } from '@extension/protocol';

/** The installed extension's version, or null without it. */
export function extensionVersion(): string | null {
  return document.documentElement.getAttribute(PRESENCE_ATTRIBUTE);
}

export function sendCommand(command: AppCommand) {
  window.postMessage({ source: APP_SOURCE, command }, window.location.origin);
}

/** Calls `listener` with every event from the extension; returns the unsubscribe function. */
export function onExtensionEvent(listener: (event: ExtensionEvent) => void): () => void {
  const handle = (message: MessageEvent<{ source?: string; event?: ExtensionEvent }>) => {
    if (message.source !== window || message.data?.source !== EXTENSION_SOURCE || !message.data.event) return;
    listener(message.data.event);
  };
  window.addEventListener('message', handle);
  return () => window.removeEventListener('message', handle);
}
