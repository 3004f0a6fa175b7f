// What an extract_table step read: its output's name, how many rows and columns from how many pages (and whether
// the row cap cut it short), a download as Excel or CSV, and "Kör arbetsflöde … för varje rad": a batch of another
// workflow over the rows (BatchFromTableDialog).
import type { RunStep } from '@shared/types/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-styles';
import { BatchFromTableDialog } from './batch-from-table-dialog';

export const runTableUrl = (runId: string, stepResultId: string, format: 'json' | 'csv' | 'xlsx') =>
  `/api/runs/${encodeURIComponent(runId)}/steps/${encodeURIComponent(stepResultId)}/table?format=${format}`;

export function RunTableOutput({ runId, step }: { runId: string; step: RunStep & { table: NonNullable<RunStep['table']> } }) {
  const { t } = useTranslation('flow_runs');
  const [open, setOpen] = useState(false);
  const { table } = step;
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200">
      <p className="text-slate-900">
        {t('details.table.summary', { name: table.variable, count: table.rowCount })}
        {t('details.table.pages', { count: table.pages })}
      </p>
      <p className="mt-0.5 text-xs break-words text-slate-600">{t('details.table.columns', { columns: table.columns.join(', ') })}</p>
      {table.capped ? <p className="mt-0.5 text-xs text-amber-800">{t('details.table.capped')}</p> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <a href={runTableUrl(runId, step.id, 'xlsx')} download className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          {t('details.table.download_xlsx')}
        </a>
        <a href={runTableUrl(runId, step.id, 'csv')} download className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          {t('details.table.download_csv')}
        </a>
        {table.rowCount > 0 ? (
          <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
            {t('details.table.run_each')}
          </Button>
        ) : null}
      </div>
      {open ? <BatchFromTableDialog runId={runId} stepResultId={step.id} columns={table.columns} rowCount={table.rowCount} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
