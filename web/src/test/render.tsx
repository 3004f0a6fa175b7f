// Renders one component with what the app gives it (query client, toasts, the signed-in person), without the router;
// test/render-app.tsx renders the whole app at a path.
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient } from '@/app/query-client';
import { Toaster } from '@/components/ui/toaster';
import { PermissionsProvider } from '@/lib/permissions';
import type { Actor } from '@shared/permissions';

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
