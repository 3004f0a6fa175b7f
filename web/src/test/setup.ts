import '@testing-library/jest-dom/vitest';
import { i18n } from '@/lib/i18n';
import { resources } from '@/locales/resources';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { settleRouters } from './render';

// findBy…/waitFor wait up to 10 s (testing-library's default is 1 s): the first render of a lazy route, with two
// test files at a time on two busy cores, took over 5 s, and a failure then says nothing about the app.
configure({ asyncUtilTimeout: 10_000 });

// Tests get every namespace up front (the app fetches them lazily).
for (const [language, namespaces] of Object.entries(resources)) {
  for (const [namespace, texts] of Object.entries(namespaces)) i18n.addResourceBundle(language, namespace, texts, true, true);
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
