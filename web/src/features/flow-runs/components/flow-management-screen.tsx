// Flow management (SPEC §2 /workflow-execution): the tasks waiting for a person, and the organisation's real runs, live. Lists and counters
// are fetched again when the runs' cursor moves (useLiveRuns: at most a second behind); a status change is announced.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Run, RunStatus } from '@shared/types/api';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { buttonClasses } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { PlayCircleIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notify';
import { SelectInput } from '@/components/ui/select-input';
import { ShowMore } from '@/components/ui/show-more';
import { SkeletonList } from '@/components/ui/skeleton-list';
import { pageItems } from '@/lib/paging';
import { runCountsQueryOptions } from '../api/get-run-counts';
import { runPagesQueryOptions } from '../api/get-runs';
import { useLiveRuns } from '../hooks/use-live-runs';
import { useStatusAnnouncement } from '../hooks/use-status-announcement';
import { RUN_STATUSES } from '../run-statuses';
import { OpenTasksSection } from './open-tasks-section';
import { RunCard } from './run-card';
import { RunCounters } from './run-counters';

export const RUN_SKELETON_COUNT = 4;

type FlowManagementScreenProps = {
  status: RunStatus | undefined;
  onStatusChange: (status: RunStatus | undefined) => void;
  /** Copies a workflow into a new one (the workflows feature's call, passed in by the route). */
  onCopyToNewFlow: (workflowId: string, onCopied: (copy: { name: string }) => void) => void;
};

export function FlowManagementScreen({ status, onStatusChange, onCopyToNewFlow }: FlowManagementScreenProps) {
  const { t } = useTranslation('flow_runs');
  useLiveRuns();
  const runs = useInfiniteQuery(runPagesQueryOptions({ status }));
  const shown = useMemo(() => pageItems(runs.data), [runs.data]);
  const counts = useQuery(runCountsQueryOptions());

  const handleCopyToNewFlow = (run: Run) =>
    onCopyToNewFlow(run.workflowId, (copy) => void notify.success(t('toast.copied'), t('toast.copied_description', { name: copy.name })));

  const announcement = useStatusAnnouncement(runs.data ? shown : undefined, (run) => t('announce.status', { name: run.workflowName, status: t(`status.${run.status}`) }));

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <Breadcrumb label={t('breadcrumb.label')} homeLabel={t('breadcrumb.home')} current={t('breadcrumb.current')} />
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('description')}</p>
      </header>
      <RunCounters counts={counts.data} />
      <OpenTasksSection />
      <SelectInput
        className="max-w-xs"
        label={t('filter.label')}
        value={status ?? 'all'}
        options={[{ value: 'all', label: t('filter.all') }, ...RUN_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))]}
        onChange={(value) => onStatusChange(value === 'all' ? undefined : (value as RunStatus))}
      />
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {runs.isPending ? (
        <SkeletonList count={RUN_SKELETON_COUNT} label={t('list.loading')} className="grid gap-4 lg:grid-cols-2" itemClassName="h-48 rounded-xl" />
      ) : runs.isError && !runs.data ? (
        <LoadError title={t('error.title')} error={runs.error} retryLabel={t('error.retry')} onRetry={() => void runs.refetch()} />
      ) : shown.length === 0 ? (
        status === undefined ? (
          <EmptyState icon={PlayCircleIcon} title={t('empty.title')} description={t('empty.description')}>
            <Link to="/workflows" className={buttonClasses({ size: 'sm' })}>
              {t('empty.action')}
            </Link>
          </EmptyState>
        ) : (
          <p className="rounded-xl bg-white p-6 text-center text-sm text-slate-600 ring-1 ring-slate-200">{t('list.filtered_empty')}</p>
        )
      ) : (
        <>
          <ul aria-label={t('list.label')} className="grid gap-4 lg:grid-cols-2">
            {shown.map((run) => (
              <li key={run.id}>
                <RunCard run={run} onCopyToNewFlow={handleCopyToNewFlow} />
              </li>
            ))}
          </ul>
          <ShowMore list={runs} />
        </>
      )}
    </div>
  );
}
