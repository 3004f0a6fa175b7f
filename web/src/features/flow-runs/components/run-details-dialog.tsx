import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format-time';
import type { FlowRun } from '../model';
import { RunStatusBadge } from './run-status-badge';

type RunDetailsDialogProps = { run: FlowRun | null; onClose: () => void };

export function RunDetailsDialog({ run, onClose }: RunDetailsDialogProps) {
  const { t } = useTranslation('flow_runs');
  if (!run) return null;
  const name = t(`demo.runs.${run.key}.name`);
  const rows: Array<[string, React.ReactNode]> = [
    [t('details.id'), run.id],
    [t('details.workflow_id'), run.workflowId],
    [t('details.status'), <RunStatusBadge key="status" status={run.status} />],
    [t('details.progress'), t('details.progress_value', { progress: run.progress })],
    [t('details.current_step'), run.currentStep === 'restarting' ? t('run.restarting') : t(`demo.runs.${run.key}.step`)],
    [t('details.started'), formatDateTime(run.startedAt)],
    [t('details.estimated'), run.estimatedCompletion ? formatDateTime(run.estimatedCompletion) : t('details.none')],
    [t('details.confidence'), t('details.progress_value', { progress: run.aiConfidence })],
    [t('details.error'), run.errorMessage ? t(`demo.errors.${run.errorMessage}`) : t('details.none')],
  ];
  return (
    <Dialog open onClose={onClose} title={t('details.title', { name })} closeButton>
      <dl className="divide-y divide-slate-100 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-3 gap-3 py-2">
            <dt className="text-slate-500">{label}</dt>
            <dd className="col-span-2 text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
