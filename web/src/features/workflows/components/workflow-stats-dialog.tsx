import type { Workflow } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format';

type WorkflowStatsDialogProps = {
  workflow: Workflow | null;
  onClose: () => void;
};

export function WorkflowStatsDialog({ workflow, onClose }: WorkflowStatsDialogProps) {
  const { t } = useTranslation('workflows');
  return (
    <Dialog open={workflow !== null} onClose={onClose} title={t('stats_dialog.title', { name: workflow?.name ?? '' })}>
      {workflow ? (
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Stat label={t('stats_dialog.runs')} value={String(workflow.runCount)} />
          <Stat
            label={t('stats_dialog.success_rate')}
            value={workflow.successRate === null ? t('card.no_rate') : t('card.rate', { rate: Math.round(workflow.successRate) })}
          />
          <Stat label={t('stats_dialog.last_run')} value={workflow.lastRunAt ? formatDateTime(workflow.lastRunAt) : t('card.never_run')} />
        </dl>
      ) : null}
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('stats_dialog.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900">{value}</dd>
    </div>
  );
}
