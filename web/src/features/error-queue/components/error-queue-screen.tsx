// /error-queue ('Felkö'): the measured figures, and the pending errors (newest first, a page at a time) with
// retry-from-step or resolve, the run's details and (for superusers and admins) escalate and ignore. Refreshed
// every 10 s (every loaded page). A retry that would send data to the site again (a step that sent it runs again)
// is refused by the server; the person then reads why and may retry anyway.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ErrorQueueItem, RetriedRun } from '@shared/types/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { CheckCircleIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notify';
import { PageHeader } from '@/components/ui/page-header';
import { ShowMore } from '@/components/ui/show-more';
import { SkeletonList } from '@/components/ui/skeleton-list';
import { isResendRefusal } from '@/features/flow-runs/api/retry-run';
import { pageItems } from '@/lib/paging';
import { describeRetryPlan } from '@/lib/retry-plan-text';
import { useEscalateError } from '../api/escalate-error';
import { errorQueuePagesQueryOptions } from '../api/get-error-queue';
import { useIgnoreError } from '../api/ignore-error';
import { useResolveError } from '../api/resolve-error';
import { ErrorItemRow } from './error-item-row';
import { ErrorStatCards } from './error-stat-cards';

export const ERROR_SKELETON_COUNT = 5;
export const ERROR_QUEUE_REFRESH_MS = 10_000;

type ErrorQueueScreenProps = {
  /** Superusers and admins may ignore and escalate. */
  canModerate: boolean;
  /**
   * Retries the item's run from its step (POST /api/runs/{executionId}/retry, the flow-runs feature's
   * call, passed in by the route); the server then resolves the item and says what runs again (retryPlan).
   */
  onRetryFromStep: (
    item: ErrorQueueItem,
    resend: boolean,
    callbacks: { onSuccess: (run: RetriedRun) => void; onError: (error: unknown) => void; onSettled: () => void },
  ) => void;
};

export function ErrorQueueScreen({ canModerate, onRetryFromStep }: ErrorQueueScreenProps) {
  const { t } = useTranslation('error_queue');
  const { t: tc, i18n } = useTranslation('common');
  const errors = useInfiniteQuery({ ...errorQueuePagesQueryOptions(), refetchInterval: ERROR_QUEUE_REFRESH_MS });
  const resolveError = useResolveError();
  const ignoreError = useIgnoreError();
  const escalateError = useEscalateError();
  const [retrying, setRetrying] = useState<string | null>(null);
  /** A retry the server refused because it would send data again: the item and the server's reason. */
  const [resending, setResending] = useState<{ item: ErrorQueueItem; reason: string } | null>(null);

  const pending = pageItems(errors.data);

  const handleRetry = (item: ErrorQueueItem, resend = false) => {
    setRetrying(item.id);
    onRetryFromStep(item, resend, {
      onError: (error) => {
        if (isResendRefusal(error)) setResending({ item, reason: error.serverMessage ?? t('resend.reason') });
      },
      onSuccess: (run) => {
        setResending(null);
        const workflow = item.workflowName ?? item.workflowId;
        const retried = item.stepIndex === null
          ? t('toast.retried_description_no_step', { workflow })
          : t('toast.retried_description', { workflow, step: item.stepIndex + 1 });
        // What the retry runs again before the step, as the server planned it.
        const plan = run.retryPlan ? ` ${describeRetryPlan(run.retryPlan, tc, i18n.language)}` : '';
        void notify.success(t('toast.retried'), `${retried}${plan}`);
      },
      onSettled: () => setRetrying(null),
    });
  };
  const handleResolve = (item: ErrorQueueItem) =>
    resolveError.mutate(item.id, {
      onSuccess: () =>
        void (item.errorType === 'stopped_by_decision'
          ? notify.success(t('toast.reviewed'), t('toast.reviewed_description'))
          : notify.success(t('toast.resolved'), t('toast.resolved_description'))),
    });
  const handleIgnore = (item: ErrorQueueItem) =>
    ignoreError.mutate(item.id, { onSuccess: () => void notify.success(t('toast.ignored'), t('toast.ignored_description')) });
  const handleEscalate = (item: ErrorQueueItem) =>
    escalateError.mutate(
      { id: item.id, input: { priority: 'high' } },
      { onSuccess: () => void notify.success(t('toast.escalated'), t('toast.escalated_description')) },
    );

  return (
    <section className="mx-auto max-w-7xl space-y-6">
      <PageHeader title={t('title')} description={t('description')} />
      <ErrorStatCards />
      <div className="space-y-4">
        <h2 className="text-lg font-semibold text-slate-900">{t('list.title')}</h2>
        {errors.isPending ? (
          <SkeletonList count={ERROR_SKELETON_COUNT} label={t('list.loading')} itemClassName="h-28 rounded-xl" />
        ) : errors.isError && !errors.data ? (
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
                  isBusy={retrying === item.id || (resolveError.isPending && resolveError.variables === item.id)}
                  onRetry={handleRetry}
                  onResolve={handleResolve}
                  onIgnore={handleIgnore}
                  onEscalate={handleEscalate}
                />
              </li>
            ))}
          </ul>
        )}
        {pending.length > 0 ? <ShowMore list={errors} /> : null}
      </div>
      <Dialog open={resending !== null} onClose={() => setResending(null)} title={t('resend.title')} description={resending?.reason}>
        <DialogActions>
          <Button variant="secondary" onClick={() => setResending(null)} disabled={retrying !== null}>
            {t('resend.cancel')}
          </Button>
          <Button
            onClick={() => resending && handleRetry(resending.item, true)}
            isPending={retrying !== null && retrying === resending?.item.id}
            pendingLabel={t('resend.pending')}
          >
            {t('resend.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </section>
  );
}
