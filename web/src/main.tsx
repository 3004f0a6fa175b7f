import './styles.css';
import '@/lib/i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

if (root.hasChildNodes()) {
  // A pre-rendered public page (web/prerender.ts): load the route's code, texts and loader first, so
  // React's first render is exactly that page, then hydrate it (attach to the markup, no repaint) and
  // make it interactive. As a transition, hydration yields to the browser every few milliseconds
  // instead of blocking it for the whole page.
  const app = <App queryClient={queryClient} router={router} onMounted={() => root.removeAttribute('inert')} />;
  void router
    .load()
    .catch(() => undefined)
    .then(() => startTransition(() => void hydrateRoot(root, <StrictMode>{app}</StrictMode>)));
} else {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}
