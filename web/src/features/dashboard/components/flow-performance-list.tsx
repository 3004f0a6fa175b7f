// The user's real workflows with status, last run, frequency and success rate (SPEC §2 dashboard),
// from GET /api/dashboard/workflow-performance (the workflows feature's query, passed in by the route).
// Loading, error (with retry) and empty states.
import type { WorkflowPerformance } from '@shared/types/api';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-styles';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { ListQuery } from '../types';
import { FlowPerformanceRow, type RunNow } from './flow-performance-row';

type FlowPerformanceListProps = {
  performance: ListQuery<WorkflowPerformance>;
  onRunNow: RunNow;
};

export function FlowPerformanceList({ performance, onRunNow }: FlowPerformanceListProps) {
  const { t } = useTranslation('dashboard');
  const { t: tCommon } = useTranslation('common');
  const { data, isPending, isError, refetch } = performance;

  return (
    <Card title={t('performance.title')}>
      <p className="-mt-3 mb-4 text-sm text-slate-600">{t('performance.description')}</p>
      {isPending ? (
        <div className="flex items-center gap-2 py-6 text-sm text-slate-600">
          <Spinner label={t('performance.loading')} />
          <span aria-hidden="true">{t('performance.loading')}</span>
        </div>
      ) : isError ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          <span>{t('performance.error')}</span>
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            {tCommon('actions.retry')}
          </Button>
        </div>
      ) : !data || data.length === 0 ? (
        <div className="py-6 text-center">
          <p className="font-semibold text-slate-900">{t('performance.empty.title')}</p>
          <p className="mt-1 text-sm text-slate-600">{t('performance.empty.description')}</p>
          <Link to="/workflows" className={buttonClasses({ size: 'sm', className: 'mt-4' })}>
            {t('performance.empty.action')}
          </Link>
        </div>
      ) : (
        // relative: the header's screen-reader-only label is positioned inside the scrolling box, not the page.
        <div className="relative -mx-5 overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <thead className="text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-5 py-2 font-medium">{t('performance.columns.name')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('performance.columns.status')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('performance.columns.last_run')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('performance.columns.frequency')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('performance.columns.success_rate')}</th>
                <th scope="col" className="px-5 py-2 font-medium">
                  <span className="sr-only">{t('performance.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.map((workflow) => (
                <FlowPerformanceRow key={workflow.id} workflow={workflow} onRunNow={onRunNow} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
