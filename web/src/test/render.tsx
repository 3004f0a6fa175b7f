// Renders the real app (router, query client, toasts) at a path, for tests that cross screens.
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { Toaster } from '@/components/ui/toaster';

type AppRouter = ReturnType<typeof createAppRouter>;
const routers = new Set<AppRouter>();

/**
 * Waits (at most 2 s) until no router of this test file is still loading a route. Unmounting does not
 * end a load, and the router's timer that offers the pending screen would otherwise fire after the
 * file's jsdom is gone (an unhandled "window is not defined").
 */
export async function settleRouters(): Promise<void> {
  const deadline = Date.now() + 2_000;
  while ([...routers].some((router) => router.state.status === 'pending') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  routers.clear();
}

export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  routers.add(router);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** Renders one component with a query client and the toaster (no router). */
export function renderWithQueryClient(ui: ReactNode) {
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
