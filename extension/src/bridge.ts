// The bridge between the Kollega app's page and the extension, a content script on the app's origins
// only (top frame). It marks the page as having the recorder (the app shows the install page otherwise),
// relays the app's commands to the background worker and the worker's events back to the page. The
// manifest's match pattern may cover more ports than the app's (a pattern without a port matches any):
// on any origin that is not exactly one of the app's, the bridge does nothing.
import { isAppOrigin } from './origins.ts';
import { APP_SOURCE, type AppCommand, EXTENSION_SOURCE, type ExtensionEvent, PRESENCE_ATTRIBUTE } from './protocol.ts';

const post = (event: ExtensionEvent) => window.postMessage({ source: EXTENSION_SOURCE, event }, location.origin);

if (window === window.top && isAppOrigin(location.origin)) {
  document.documentElement.setAttribute(PRESENCE_ATTRIBUTE, chrome.runtime.getManifest().version);

  window.addEventListener('message', (message: MessageEvent<{ source?: string; command?: AppCommand }>) => {
    if (
      message.source !== window ||
      message.origin !== location.origin ||
      message.data?.source !== APP_SOURCE ||
      !message.data.command
    )
      return;
    chrome.runtime
      .sendMessage({ type: 'command', command: message.data.command })
      .then((reply: ExtensionEvent | undefined) => reply && post(reply))
      .catch(() => undefined);
  });

  chrome.runtime.onMessage.addListener((message: { type?: string; event?: ExtensionEvent }) => {
    if (message?.type === 'event' && message.event) post(message.event);
  });
}
