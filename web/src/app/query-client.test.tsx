import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { auditActivitiesQueryOptions } from '@/features/audit-trail/api/get-audit-activities';
import { ApiError } from '@/lib/api-client';
import { createQueryClient } from './query-client';

function setup() {
  const queryClient = createQueryClient();
  render(<Toaster />);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, wrapper };
}

describe('query client', () => {
  it('never goes stale, never refetches by itself and never retries', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, refetchInterval: false, retry: false });
    expect(mutations).toMatchObject({ retry: false });
  });

  it('marks the audit trail stale after every successful mutation (the server audits the change), not after a failed one', async () => {
    const { queryClient, wrapper } = setup();
    const { queryKey } = auditActivitiesQueryOptions();
    queryClient.setQueryData(queryKey, { pages: [], pageParams: [] });
    const { result } = renderHook(() => ({
      failing: useMutation({ mutationFn: () => Promise.reject(new Error('nope')) }),
      succeeding: useMutation({ mutationFn: () => Promise.resolve('ok') }),
    }), { wrapper });
    await act(async () => {
      await result.current.failing.mutateAsync().catch(() => undefined);
    });
    expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(false);
    await act(async () => {
      await result.current.succeeding.mutateAsync();
    });
    expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(true);
  });

  it("toasts a failed mutation under its errorTitle with the server's message", async () => {
    const { wrapper } = setup();
    const { result } = renderHook(
      () =>
        useMutation({
          mutationFn: () => Promise.reject(new ApiError(401, 'Unauthorized', '{"error":"Fel lösenord","code":"invalid_credentials"}')),
          meta: { errorTitle: 'auth:toast.login_failed' },
        }),
      { wrapper },
    );
    await act(async () => {
      await result.current.mutateAsync().catch(() => undefined);
    });
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Inloggningen misslyckades');
    expect(toast).toHaveTextContent('Fel lösenord');
  });

  it('leaves a mutation without errorTitle to its screen', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => useMutation({ mutationFn: () => Promise.reject(new Error('boom')) }), { wrapper });
    await act(async () => {
      await result.current.mutateAsync().catch(() => undefined);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
