import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { AppRouter } from './router';

/** The whole app; `onMounted` runs once React has committed (main.tsx makes a pre-rendered page interactive then). */
export function App({ queryClient, router, onMounted }: { queryClient: QueryClient; router: AppRouter; onMounted?: () => void }) {
  useEffect(() => onMounted?.(), [onMounted]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
