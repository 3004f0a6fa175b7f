import '@testing-library/jest-dom/vitest';
import '@/lib/i18n';
import { cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeAll, vi } from 'vitest';

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
