// Runs waiting for a person (paused with a decision or manual step open), each with 'Hantera'.
import type { Run } from '@shared/types/api';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-styles';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import type { ListQuery } from '../types';

export function AttentionList({ waitingRuns }: { waitingRuns: ListQuery<Run> }) {
  const { t } = useTranslation('dashboard');
  const { t: tCommon } = useTranslation('common');
  const waiting = (waitingRuns.data ?? []).filter((run) => run.requiresManualIntervention);

  return (
    <Card title={t('attention.title')}>
      {waitingRuns.isPending ? (
        <div className="flex items-center gap-2 py-4 text-sm text-slate-600">
          <Spinner label={t('attention.loading')} />
          <span aria-hidden="true">{t('attention.loading')}</span>
        </div>
      ) : waitingRuns.isError ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          <span>{t('attention.error')}</span>
          <Button variant="secondary" size="sm" onClick={() => void waitingRuns.refetch()}>
            {tCommon('actions.retry')}
          </Button>
        </div>
      ) : waiting.length === 0 ? (
        <p className="text-sm text-slate-600">{t('attention.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {waiting.map((run) => (
            <li key={run.id} className="flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
              <div className="min-w-0">
                <p className="text-sm font-semibold break-words text-slate-900">{run.workflowName}</p>
                <p className="text-sm break-words text-slate-600">{run.currentStepDescription ?? t('attention.waiting')}</p>
                <p className="text-xs text-slate-600">{t('attention.since', { time: formatDateTime(run.startedAt ?? run.createdAt) })}</p>
              </div>
              <Link
                to="/workflow-execution/$runId"
                params={{ runId: run.id }}
                aria-label={t('attention.handle_label', { name: run.workflowName })}
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              >
                {t('attention.handle')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
