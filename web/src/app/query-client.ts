// Server state (SPEC §7): cached data never goes stale and is never refetched on focus or by
// interval; nothing is retried. Every failed mutation ends up in one place: a destructive toast
// titled by the mutation's `meta.errorTitle`, carrying the server's message (or, when the server
// gave none, the mutation's `meta.errorFallback`).
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { notify } from '@/components/ui/notify';
import { ApiError, describeError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const titleKey = mutation.meta?.errorTitle;
        if (!titleKey) return;
        const fallbackKey = mutation.meta?.errorFallback;
        const description =
          fallbackKey && !(error instanceof ApiError && error.serverMessage)
            ? i18n.t(fallbackKey)
            : describeError(error, i18n.t('common:errors.network'));
        void notify.error(i18n.t(titleKey), description);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
