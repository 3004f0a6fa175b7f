// Flow management (SPEC §2 /workflow-execution): the tasks waiting for a person, and the organisation's real runs, live. Lists and counters
// are fetched again when the runs' cursor moves (useLiveRuns: at most a second behind); a status change is announced.
import { useQuery } from '@tanstack/react-query';
import type { Run, RunStatus } from '@shared/types/api';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { PlayCircleIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notify';
import { SelectInput } from '@/components/ui/select-input';
import { SkeletonList } from '@/components/ui/skeleton-list';
import { runCountsQueryOptions } from '../api/get-run-counts';
import { runsQueryOptions } from '../api/get-runs';
import { useLiveRuns } from '../hooks/use-live-runs';
import { useStatusAnnouncement } from '../hooks/use-status-announcement';
import { RUNS_PAGE_SIZE } from '../model';
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
  const [limit, setLimit] = useState(RUNS_PAGE_SIZE);
  useLiveRuns();
  const runs = useQuery({
    ...runsQueryOptions({ status, limit }),
    // "Show more" keeps the list on screen while the longer one loads; another filter does not.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2].status === status ? previous : undefined),
  });
  const counts = useQuery(runCountsQueryOptions());

  const handleCopyToNewFlow = (run: Run) =>
    onCopyToNewFlow(run.workflowId, (copy) => void notify.success(t('toast.copied'), t('toast.copied_description', { name: copy.name })));

  const announcement = useStatusAnnouncement(runs.data, (run) => t('announce.status', { name: run.workflowName, status: t(`status.${run.status}`) }));

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
      ) : runs.isError ? (
        <LoadError title={t('error.title')} error={runs.error} retryLabel={t('error.retry')} onRetry={() => void runs.refetch()} />
      ) : runs.data.length === 0 ? (
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
            {runs.data.map((run) => (
              <li key={run.id}>
                <RunCard run={run} onCopyToNewFlow={handleCopyToNewFlow} />
              </li>
            ))}
          </ul>
          {runs.data.length >= limit ? (
            <div className="flex justify-center">
              <Button variant="secondary" onClick={() => setLimit((current) => current + RUNS_PAGE_SIZE)}>
                {t('list.more')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
