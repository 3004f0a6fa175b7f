// Alerts from what was measured: pending errors (newest first) and runs that failed in the last 24 hours
// without a pending error of their own, each with its workflow, time and a link to the run.
import type { ErrorQueueItem, Run } from '@shared/types/api';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useRunErrorExplanation } from '@/components/run-error/run-error-explanation';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ExclamationCircleIcon, ExclamationTriangleIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import type { ListQuery } from '../types';

export const ALERTS_SHOWN = 6;
const DAY_MS = 24 * 60 * 60 * 1000;

type AlertsListProps = {
  pendingErrors: ListQuery<ErrorQueueItem>;
  failedRuns: ListQuery<Run>;
  now?: Date;
};

type Alert = { id: string; type: 'error' | 'warning'; workflow: string | null; description: string; time: string; runId: string };

const looks = {
  error: { box: 'bg-red-50 ring-red-200', icon: 'text-red-600', Icon: ExclamationCircleIcon },
  warning: { box: 'bg-amber-50 ring-amber-200', icon: 'text-amber-600', Icon: ExclamationTriangleIcon },
};

export function AlertsList({ pendingErrors, failedRuns, now = new Date() }: AlertsListProps) {
  const { t } = useTranslation('dashboard');
  const { t: tCommon } = useTranslation('common');
  const explain = useRunErrorExplanation();
  const isPending = pendingErrors.isPending || failedRuns.isPending;
  const isError = pendingErrors.isError || failedRuns.isError;

  const errors = (pendingErrors.data ?? []).filter((item) => item.status === 'pending');
  const withError = new Set(errors.map((item) => item.executionId));
  const alerts: Alert[] = [
    ...errors.map((item) => ({
      id: item.id,
      type: 'error' as const,
      workflow: item.workflowName,
      description: explain(item.errorType),
      time: item.createdAt,
      runId: item.executionId,
    })),
    ...(failedRuns.data ?? [])
      .filter((run) => !withError.has(run.id) && run.finishedAt && now.getTime() - new Date(run.finishedAt).getTime() <= DAY_MS)
      .map((run) => ({
        id: run.id,
        type: 'warning' as const,
        workflow: run.workflowName,
        description: run.errorType ? t('alerts.failed_run', { message: explain(run.errorType) }) : t('alerts.failed_run_no_message'),
        time: run.finishedAt as string,
        runId: run.id,
      })),
  ]
    .sort((a, b) => b.time.localeCompare(a.time))
    .slice(0, ALERTS_SHOWN);

  const handleRetry = () => {
    if (pendingErrors.isError) void pendingErrors.refetch();
    if (failedRuns.isError) void failedRuns.refetch();
  };

  return (
    <Card
      title={t('alerts.title')}
      actions={
        <Link to="/error-queue" className="text-sm font-semibold text-indigo-700 hover:text-indigo-600">
          {t('alerts.show_queue')}
        </Link>
      }
    >
      {isPending ? (
        <div className="flex items-center gap-2 py-6 text-sm text-slate-600">
          <Spinner label={t('alerts.loading')} />
          <span aria-hidden="true">{t('alerts.loading')}</span>
        </div>
      ) : isError ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          <span>{t('alerts.error')}</span>
          <Button variant="secondary" size="sm" onClick={handleRetry}>
            {tCommon('actions.retry')}
          </Button>
        </div>
      ) : alerts.length === 0 ? (
        <div className="py-6 text-center">
          <p className="font-semibold text-slate-900">{t('alerts.empty.title')}</p>
          <p className="mt-1 text-sm text-slate-600">{t('alerts.empty.description')}</p>
        </div>
      ) : (
        <ul className="space-y-3">
          {alerts.map((alert) => {
            const { box, icon, Icon } = looks[alert.type];
            return (
              <li key={`${alert.type}-${alert.id}`} className={`flex gap-3 rounded-lg p-3 ring-1 ring-inset ${box}`}>
                <Icon className={`size-5 shrink-0 ${icon}`} />
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-semibold break-words text-slate-900">
                    <span className="sr-only">{`${t(`alerts.types.${alert.type}`)}: `}</span>
                    {alert.workflow ?? t('alerts.unknown_workflow')}
                  </p>
                  <p className="text-sm break-words text-slate-700">{alert.description}</p>
                  <p className="mt-1 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-700">
                    <time dateTime={alert.time}>{formatDateTime(alert.time)}</time>
                    <Link
                      to="/workflow-execution/$runId"
                      params={{ runId: alert.runId }}
                      className="font-semibold text-indigo-700 hover:text-indigo-600"
                    >
                      {t('alerts.show_run')}
                    </Link>
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
