// Renders the real app (router, query client, toasts) at a path, for tests that cross screens.
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { Toaster } from '@/components/ui/toaster';
import { PermissionsProvider } from '@/lib/permissions';
import type { Actor } from '@shared/permissions';

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

/** Who is signed in when a test names nobody: an admin, who may do everything. */
export const TEST_ADMIN: Actor = { id: 'a0000000-0000-4000-8000-000000000001', role: 'admin' };

/** Renders one component with a query client, the toaster and a signed-in `actor` (no router). */
export function renderWithQueryClient(ui: ReactNode, { actor = TEST_ADMIN }: { actor?: Actor } = {}) {
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <PermissionsProvider actor={actor}>
        {ui}
        <Toaster />
      </PermissionsProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
