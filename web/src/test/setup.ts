import '@testing-library/jest-dom/vitest';
import { i18n } from '@/lib/i18n';
import { resources } from '@/locales/resources';
import { cleanup, configure, getConfig } from '@testing-library/react';
import * as React from 'react';
import toast from 'react-hot-toast';
import { ReadableStream, TransformStream, WritableStream } from 'node:stream/web';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { settleRouters } from './routers';

// findBy…/waitFor wait up to 10 s (testing-library's default is 1 s): the first render of a lazy route, with two
// test files at a time on two busy cores, took over 5 s, and a failure then says nothing about the app.
configure({ asyncUtilTimeout: 10_000 });

// A query that fails inside findBy…/waitFor is asked again until it passes; testing-library then builds each failed
// attempt's error with a print of the whole document, which only the last one could show (about 5 % of the slowest
// component test file's CPU time). While waitFor retries, the error is the message alone; the error a test finally fails with still
// prints the document (waitFor adds it when it times out, and a getBy… outside waitFor has it as before).
configure((config) => {
  const withDocument = config.getElementError;
  return {
    getElementError: (message: string | null, container: Element) => {
      if (!(getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics) return withDocument(message, container);
      const error = new Error(message ?? '');
      error.name = 'TestingLibraryElementError';
      return error;
    },
  };
});

// React's development build records an owner stack for every element it creates (an Error with a stack trace and a
// console task, for the "owner stack" of its warnings): about a tenth of a component test's CPU time. The tests read no
// owner stack, so React is told its budget for them is spent; its warnings still say the component stack.
const reactInternals = (React as unknown as Record<string, Record<string, unknown>>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { get: () => Number.POSITIVE_INFINITY, set: () => {} });

// Tests get every namespace up front (the app fetches them lazily).
for (const [language, namespaces] of Object.entries(resources)) {
  for (const [namespace, texts] of Object.entries(namespaces)) i18n.addResourceBundle(language, namespace, texts, true, true);
}

// jsdom has no streams (browsers do); each test file's window gets Node's, as fetch's Response reads them.
for (const [name, value] of Object.entries({ ReadableStream, TransformStream, WritableStream })) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}

beforeAll(() => {
  // jsdom lacks these; Headless UI and react-hot-toast ask for them.
  vi.stubGlobal(
    'matchMedia',
    (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  cleanup();
  toast.remove();
  window.localStorage.clear();
});

afterAll(settleRouters);
