// What waits for a person: the open human tasks (an AI decision to confirm, a manual step), each with
// 'Hantera', which leads to its run where the task is decided.
import type { HumanTask } from '@shared/types/api';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-styles';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import type { ListQuery } from '../types';

export function AttentionList({ waitingTasks }: { waitingTasks: ListQuery<HumanTask> }) {
  const { t } = useTranslation('dashboard');
  const { t: tCommon } = useTranslation('common');
  const waiting = waitingTasks.data ?? [];

  return (
    <Card title={t('attention.title')}>
      {waitingTasks.isPending ? (
        <div className="flex items-center gap-2 py-4 text-sm text-slate-600">
          <Spinner label={t('attention.loading')} />
          <span aria-hidden="true">{t('attention.loading')}</span>
        </div>
      ) : waitingTasks.isError ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          <span>{t('attention.error')}</span>
          <Button variant="secondary" size="sm" onClick={() => void waitingTasks.refetch()}>
            {tCommon('actions.retry')}
          </Button>
        </div>
      ) : waiting.length === 0 ? (
        <p className="text-sm text-slate-600">{t('attention.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {waiting.map((task) => (
            <li key={task.id} className="flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
              <div className="min-w-0">
                <p className="text-sm font-semibold break-words text-slate-900">{task.workflowName}</p>
                <p className="text-sm break-words text-slate-600">{task.title || t('attention.waiting')}</p>
                <p className="text-xs text-slate-600">
                  {t(`attention.kind.${task.kind}`)} · {t('attention.since', { time: formatDateTime(task.createdAt) })}
                </p>
              </div>
              <Link
                to="/workflow-execution/$runId"
                params={{ runId: task.runId }}
                aria-label={t('attention.handle_label', { name: task.workflowName })}
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
