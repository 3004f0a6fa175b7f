import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '@/app/router';
import { LazyRootError } from '@/components/errors/lazy';
import { NotFound } from '@/components/errors/not-found';
import { Toaster } from '@/components/ui/toaster';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: LazyRootError,
  // Always behind a Suspense boundary, also when rendered in Node (web/src/prerender.tsx), so the
  // pre-rendered markup and the browser's tree have the same shape for hydration.
  wrapInSuspense: true,
});

function RootLayout() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}
