// One run (/workflow-execution/$runId): its facts, the actions its status allows, the error and
// manual-intervention boxes with the task that waits for a person, and every attempt's steps with log,
// values and screenshots. Live while the run is under way (fetched every second), every 10 s otherwise.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { buttonClasses } from '@/components/ui/button-styles';
import { ArrowLeftIcon, DownloadIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { ProgressBar } from '@/components/ui/progress-bar';
import { SkeletonList } from '@/components/ui/skeleton-list';
import { formatDateTime } from '@/lib/format';
import { runQueryOptions } from '../api/get-run';
import { runLogUrl } from '../api/get-run-log';
import { AttendedRunBox } from '@/features/attended/components/attended-run-box';
import { useLiveRuns } from '../hooks/use-live-runs';
import { ManualInterventionBox } from './manual-intervention-box';
import { OpenTasksSection } from './open-tasks-section';
import { RunActions } from './run-actions';
import { RunAttemptSteps } from './run-attempt-steps';
import { RunErrorBox } from './run-error-box';
import { RunFacts } from './run-facts';
import { RunStatusBadge } from './run-status-badge';
import { RunStoppedBox } from './run-stopped-box';

export function RunDetailsScreen({ runId }: { runId: string }) {
  const { t } = useTranslation('flow_runs');
  useLiveRuns();
  const run = useQuery(runQueryOptions(runId));
  // Completed, or stopped by a decision: over, with nothing left to act on here.
  const ended = run.data?.status === 'completed' || run.data?.status === 'stopped';

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Breadcrumb label={t('breadcrumb.label')} homeLabel={t('breadcrumb.home')} current={t('breadcrumb.current')} />
      <Link to="/workflow-execution" className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:text-indigo-600">
        <ArrowLeftIcon className="size-4" />
        {t('details.back')}
      </Link>
      {run.isPending ? (
        <SkeletonList count={3} label={t('details.loading')} itemClassName="h-32 rounded-xl" />
      ) : run.isError ? (
        <LoadError title={t('details.error.title')} error={run.error} retryLabel={t('details.error.retry')} onRetry={() => void run.refetch()} />
      ) : (
        <>
          <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">{run.data.workflowName}</h1>
              <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600" aria-live="polite">
                <RunStatusBadge status={run.data.status} />
                {run.data.aiConfidence !== null ? (
                  <Badge tone="violet">{t('run.confidence', { confidence: Math.round(run.data.aiConfidence) })}</Badge>
                ) : null}
                <span>{t('run.steps', { completed: run.data.completedSteps, total: run.data.stepCount })}</span>
              </p>
            </div>
            <a href={runLogUrl(run.data.id)} download className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
              <DownloadIcon className="size-4" />
              {t('actions.export_log')}
            </a>
          </header>
          {ended ? null : (
            <div className="space-y-2">
              <ProgressBar value={run.data.progress} label={t('run.progress_label', { name: run.data.workflowName })} />
              {run.data.currentStepDescription ? (
                <p className="text-sm text-slate-600">{t('run.current_step', { step: run.data.currentStepDescription })}</p>
              ) : null}
              {run.data.estimatedCompletion ? (
                <p className="text-xs text-slate-600">{t('run.estimated', { time: formatDateTime(run.data.estimatedCompletion) })}</p>
              ) : null}
            </div>
          )}
          <AttendedRunBox run={run.data} />
          {run.data.status === 'failed' ? <RunErrorBox run={run.data} /> : null}
          {run.data.status === 'stopped' ? <RunStoppedBox run={run.data} /> : null}
          {run.data.requiresManualIntervention && !ended ? (
            <ManualInterventionBox runId={run.data.id} showHandle={false} />
          ) : null}
          <OpenTasksSection filters={{ runId: run.data.id }} />
          {ended ? null : <RunActions run={run.data} />}
          <RunFacts run={run.data} />
          <RunAttemptSteps runId={run.data.id} steps={run.data.steps} />
        </>
      )}
    </div>
  );
}
