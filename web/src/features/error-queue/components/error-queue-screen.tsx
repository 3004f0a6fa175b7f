// /error-queue ('Felkö'): the figures, and the pending errors with resolve, details and (for
// superusers and admins) escalate and ignore.
import { useQuery } from '@tanstack/react-query';
import type { ErrorQueueItem } from '@shared/types/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { CheckCircleIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notify';
import { PageHeader } from '@/components/ui/page-header';
import { SkeletonList } from '@/components/ui/skeleton-list';
import { useEscalateError } from '../api/escalate-error';
import { errorQueueQueryOptions } from '../api/get-error-queue';
import { useIgnoreError } from '../api/ignore-error';
import { useResolveError } from '../api/resolve-error';
import { ErrorDetailsDialog } from './error-details-dialog';
import { ErrorItemRow } from './error-item-row';
import { ErrorStatCards } from './error-stat-cards';

export const ERROR_SKELETON_COUNT = 5;

type ErrorQueueScreenProps = {
  /** Superusers and admins may ignore and escalate. */
  canModerate: boolean;
};

export function ErrorQueueScreen({ canModerate }: ErrorQueueScreenProps) {
  const { t } = useTranslation('error_queue');
  const errors = useQuery(errorQueueQueryOptions());
  const [details, setDetails] = useState<ErrorQueueItem | null>(null);
  const resolveError = useResolveError();
  const ignoreError = useIgnoreError();
  const escalateError = useEscalateError();

  const pending = errors.data?.filter((item) => item.status === 'pending') ?? [];

  const handleResolve = (item: ErrorQueueItem) =>
    resolveError.mutate(item.id, { onSuccess: () => notify.success(t('toast.resolved'), t('toast.resolved_description')) });
  const handleIgnore = (item: ErrorQueueItem) =>
    ignoreError.mutate(item.id, { onSuccess: () => notify.success(t('toast.ignored'), t('toast.ignored_description')) });
  const handleEscalate = (item: ErrorQueueItem) =>
    escalateError.mutate(
      { id: item.id, input: { priority: 'high' } },
      { onSuccess: () => notify.success(t('toast.escalated'), t('toast.escalated_description')) },
    );

  return (
    <section className="mx-auto max-w-7xl space-y-6">
      <PageHeader title={t('title')} description={t('description')} />
      <ErrorStatCards pendingCount={errors.data ? pending.length : null} />
      <div className="space-y-4">
        <h2 className="text-lg font-semibold text-slate-900">{t('list.title')}</h2>
        {errors.isPending ? (
          <SkeletonList count={ERROR_SKELETON_COUNT} label={t('list.loading')} itemClassName="h-28 rounded-xl" />
        ) : errors.isError ? (
          <LoadError title={t('error.title')} error={errors.error} retryLabel={t('error.retry')} onRetry={() => void errors.refetch()} />
        ) : pending.length === 0 ? (
          <EmptyState icon={CheckCircleIcon} title={t('empty.title')} description={t('empty.description')} />
        ) : (
          <ul aria-label={t('list.title')} className="space-y-3">
            {pending.map((item) => (
              <li key={item.id}>
                <ErrorItemRow
                  item={item}
                  canModerate={canModerate}
                  isResolving={resolveError.isPending && resolveError.variables === item.id}
                  onResolve={handleResolve}
                  onDetails={setDetails}
                  onIgnore={handleIgnore}
                  onEscalate={handleEscalate}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <ErrorDetailsDialog item={details} onClose={() => setDetails(null)} />
    </section>
  );
}
