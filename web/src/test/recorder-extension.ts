// A stand-in for the Kollega Recorder extension's bridge in component tests: marks the page, records the
// app's commands and sends extension events as the bridge would.
import { APP_SOURCE, type AppCommand, type Capture, EXTENSION_SOURCE, type ExtensionEvent, PRESENCE_ATTRIBUTE } from '@extension/protocol';
import { act, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18n } from '@/lib/i18n';

export function installFakeExtension() {
  document.documentElement.setAttribute(PRESENCE_ATTRIBUTE, '0.1.0');
  const commands: AppCommand[] = [];
  const listener = (message: MessageEvent<{ source?: string; command?: AppCommand }>) => {
    if (message.data?.source === APP_SOURCE && message.data.command) commands.push(message.data.command);
  };
  window.addEventListener('message', listener);
  const emit = (event: ExtensionEvent) =>
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { source: EXTENSION_SOURCE, event }, source: window }));
    });
  return {
    commands,
    emit,
    status: (status: 'recording' | 'paused' | 'stopped', hasWindow = status !== 'stopped') => emit({ type: 'status', status, hasWindow }),
    capture: (capture: Omit<Capture, 'at'>) => emit({ type: 'step', capture: { at: Date.parse('2026-11-23T10:00:00Z'), ...capture } }),
    uninstall() {
      window.removeEventListener('message', listener);
      document.documentElement.removeAttribute(PRESENCE_ATTRIBUTE);
    },
  };
}

/**
 * The setup of a test file that renders the app's routes with the stand-in where a test installs it: time for
 * the router's first render of lazy routes on a busy machine, and after each test the stand-in removed and the
 * language back to Swedish. Returns the install function (one stand-in per test).
 */
export function extensionRouteTests(): () => FakeExtension {
  let current: FakeExtension | undefined;
  vi.setConfig({ testTimeout: 60_000 });
  beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
  afterEach(async () => {
    current?.uninstall();
    current = undefined;
    await i18n.changeLanguage('sv');
  });
  return () => (current = installFakeExtension());
}

export type FakeExtension = ReturnType<typeof installFakeExtension>;
