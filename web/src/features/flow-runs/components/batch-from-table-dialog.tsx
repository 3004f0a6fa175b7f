// "Kör arbetsflöde … för varje rad": a batch of another workflow over the rows an extract_table step read. The
// person picks the workflow, which column each of its inputs takes its value from (matched by name or label to
// begin with) and how many rows run at a time; the rows go to POST /api/workflows/{id}/batches as JSON rows.
import { inputDeclarations } from '@shared/schemas/definition';
import { DEFAULT_BATCH_CONCURRENCY, MAX_BATCH_CONCURRENCY } from '@shared/schemas/batches';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectInput } from '@/components/ui/select-input';
import { apiGet, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { workflowQueryOptions } from '@/features/workflows/api/get-workflow';
import { workflowPickerQueryOptions } from '@/features/workflows/api/get-workflows';
import { runTableUrl } from './run-table-output';

type Props = { runId: string; stepResultId: string; columns: string[]; rowCount: number; onClose: () => void };

const NONE = '';
const normal = (text: string) => text.trim().toLowerCase();

export function BatchFromTableDialog({ runId, stepResultId, columns, rowCount, onClose }: Props) {
  const { t } = useTranslation('flow_runs');
  const queryClient = useQueryClient();
  const workflows = useQuery(workflowPickerQueryOptions());
  const [workflowId, setWorkflowId] = useState('');
  const workflow = useQuery({ ...workflowQueryOptions(workflowId), enabled: !!workflowId });
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [concurrency, setConcurrency] = useState(DEFAULT_BATCH_CONCURRENCY);
  const inputs = workflow.data ? inputDeclarations(workflow.data.definition) : [];
  // An input takes the column of its name or label until the person picks another.
  const columnOf = (name: string, label: string) =>
    chosen[name] ?? columns.find((c) => normal(c) === normal(name) || (label && normal(c) === normal(label))) ?? NONE;
  const start = useMutation({
    mutationFn: async () => {
      const table = await apiGet<{ columns: string[]; rows: string[][] }>(runTableUrl(runId, stepResultId, 'json'));
      const rows = table.rows.map((row) => Object.fromEntries(table.columns.map((column, i) => [column, row[i] ?? ''])));
      const mapping = Object.fromEntries(inputs.map((input) => [input.name, columnOf(input.name, input.label)]).filter(([, column]) => column));
      return apiRequest<{ batchId: string }>(`/api/workflows/${encodeURIComponent(workflowId)}/batches`, { method: 'POST', body: { rows, mapping, concurrency } });
    },
    meta: { errorTitle: 'flow_runs:details.table.start_failed' },
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.workflowBatches(workflowId) }), queryClient.invalidateQueries({ queryKey: queryKeys.runs })]),
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (workflowId) start.mutate();
  };
  const columnOptions = [{ value: NONE, label: t('details.table.no_column') }, ...columns.map((c) => ({ value: c, label: c }))];

  return (
    <Dialog open onClose={onClose} title={t('details.table.dialog_title')} description={t('details.table.dialog_description', { count: rowCount })}>
      {start.isSuccess ? (
        <div className="space-y-3 text-sm">
          <p role="status">{t('details.table.started', { count: rowCount, name: workflow.data?.name ?? '' })}</p>
          <Link to="/workflows/$workflowId" params={{ workflowId }} className="font-semibold text-sky-700 underline">
            {t('details.table.open_workflow')}
          </Link>
        </div>
      ) : (
        <form onSubmit={handleSubmit} className="space-y-4">
          <SelectInput
            label={t('details.table.workflow')}
            value={workflowId}
            placeholder={t('details.table.choose_workflow')}
            options={(workflows.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
            onChange={(value) => {
              setWorkflowId(value);
              setChosen({});
            }}
          />
          {workflow.data && inputs.length === 0 ? <p className="text-sm text-slate-600">{t('details.table.no_inputs')}</p> : null}
          {inputs.map((input) => (
            <SelectInput
              key={input.name}
              label={t('details.table.input', { input: input.label || input.name })}
              value={columnOf(input.name, input.label)}
              options={columnOptions}
              onChange={(value) => setChosen({ ...chosen, [input.name]: value })}
            />
          ))}
          <SelectInput
            label={t('details.table.concurrency')}
            hint={t('details.table.concurrency_hint')}
            value={String(concurrency)}
            options={Array.from({ length: MAX_BATCH_CONCURRENCY }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
            onChange={(value) => setConcurrency(Number(value))}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('details.table.cancel')}
            </Button>
            <Button type="submit" disabled={!workflowId || !workflow.data} isPending={start.isPending} pendingLabel={t('details.table.starting')}>
              {t('details.table.start', { count: rowCount })}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
