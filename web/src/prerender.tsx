// Build-time rendering of the public pages (/landing, /auth) to static HTML, run in Node by the
// `prerender` Vite plugin (web/prerender.ts) after the client build. The browser then paints the page
// from the HTML alone; main.tsx hydrates it once the route's code and texts are loaded.
// Rendered as a first-time visitor sees them: Swedish, signed out, no search parameters.
import { createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from '@/app/app';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { userQueryOptions } from '@/features/auth/api/get-user';
import { i18n } from '@/lib/i18n';

/** Each pre-rendered page and the key of the title its screen gives the tab (useDocumentTitle); the key's namespace holds the page's texts. */
const pages = { '/landing': 'landing:title', '/auth': 'auth:title' } as const;
export const PRERENDERED_PATHS = Object.keys(pages) as Array<keyof typeof pages>;

export async function render(path: keyof typeof pages): Promise<{ html: string; title: string; lang: string; namespaces: string[] }> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(userQueryOptions().queryKey, null); // nobody is signed in
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }), { prerender: true });
  await router.load();
  // The same tree main.tsx hydrates.
  const html = renderToString(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
  // What useDocumentTitle sets once the page runs: "<the page's title> · Kollega".
  const title = i18n.t('document_title', { page: i18n.t(pages[path]) });
  return { html, title, lang: i18n.language, namespaces: [pages[path].split(':')[0]] };
}
