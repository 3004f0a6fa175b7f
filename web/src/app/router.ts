import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { createElement, type ReactNode, Suspense } from 'react';
import { FullPageSpinner } from '@/components/layouts/full-page-spinner';
import { NotFound } from '@/components/errors/not-found';
import { routeTree } from '@/routeTree.gen';

export type RouterContext = { queryClient: QueryClient };
export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * In Node (web/src/prerender.tsx) the router renders its matches without the Suspense boundary it
 * puts around them in the browser, and adds a scroll-restoration script the browser's tree lacks; the
 * pre-rendered markup must have the browser's shape to hydrate, so there it gets the boundary and no script.
 */
const prerenderOptions = {
  scrollRestoration: false,
  InnerWrap: ({ children }: { children: ReactNode }) => createElement(Suspense, null, children),
};

export function createAppRouter(queryClient: QueryClient, history?: RouterHistory, { prerender = false } = {}) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: 'intent',
    // The QueryClient decides freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: FullPageSpinner,
    defaultNotFoundComponent: NotFound,
    notFoundMode: 'root',
    scrollRestoration: true,
    ...(prerender ? prerenderOptions : {}),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
