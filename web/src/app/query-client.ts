// Server state (SPEC §7): cached data never goes stale and is never refetched on focus or by
// interval; nothing is retried. Every failed mutation ends up in one place: a destructive toast
// titled by the mutation's `meta.errorTitle`, carrying the server's message (or, when the server
// gave none, the mutation's `meta.errorFallback`). Every successful mutation marks the audit trail
// stale: the server audits the changes, so an open trail refetches and a closed one does on its next visit.
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { notify } from '@/components/ui/notify';
import { ApiError, describeError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _result, _mutation, { client }) => void client.invalidateQueries({ queryKey: queryKeys.auditActivities }),
      onError: (error, _variables, _context, mutation) => {
        const titleKey = mutation.meta?.errorTitle;
        if (!titleKey) return;
        // A refusal the caller answers itself (say, by offering another way to run).
        if (error instanceof ApiError && error.code && mutation.meta?.handledCodes?.includes(error.code)) return;
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
