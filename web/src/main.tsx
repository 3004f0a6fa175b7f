import './styles.css';
import '@/lib/i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserHistory } from '@tanstack/react-router';
import { App } from '@/app/app';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** Ends the current task, so the browser can paint and handle input before the next step. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A pre-rendered public page (web/prerender.ts): load the route's code, texts and loader first, so
 * React's first render is exactly that page, then hydrate it (attach to the markup, no repaint) and
 * make it interactive. Each step is a task of its own, and hydration is a transition (time-sliced),
 * so that no step blocks the browser for long on a slow phone (docs/quality.md).
 */
async function hydratePrerendered(root: HTMLElement) {
  await yieldToBrowser(); // after evaluating this chunk
  // Creating the browser history replaces the current history entry (1–16 ms here), so it gets a
  // task of its own, apart from building the router's route tree.
  const history = createBrowserHistory();
  await yieldToBrowser();
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, history);
  await yieldToBrowser();
  await router.load().catch(() => undefined);
  await yieldToBrowser();
  const interactive = () => {
    for (const control of root.querySelectorAll('form[inert], button[inert]')) control.removeAttribute('inert');
    root.removeAttribute('data-hydrating');
  };
  const app = <App queryClient={queryClient} router={router} onMounted={interactive} />;
  startTransition(() => void hydrateRoot(root, <StrictMode>{app}</StrictMode>));
}

if (root.hasChildNodes()) {
  void hydratePrerendered(root);
} else {
  const queryClient = createQueryClient();
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} router={createAppRouter(queryClient)} />
    </StrictMode>,
  );
}
