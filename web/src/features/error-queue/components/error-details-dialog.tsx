import type { ErrorQueueItem } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format';
import { errorTypeLabel } from './error-type-label';

type ErrorDetailsDialogProps = {
  item: ErrorQueueItem | null;
  onClose: () => void;
};

export function ErrorDetailsDialog({ item, onClose }: ErrorDetailsDialogProps) {
  const { t } = useTranslation('error_queue');
  const rows: Array<[string, string]> = item
    ? [
        [t('details.type'), errorTypeLabel(item.errorType, t)],
        [t('details.message'), item.errorMessage],
        [t('details.status'), t(`status.${item.status}`)],
        [t('details.priority'), t(`priority.${item.priority}`)],
        [t('details.created'), formatDateTime(item.createdAt)],
        [t('details.workflow'), item.workflowName ?? t('details.none')],
        [t('details.workflow_id'), item.workflowId],
        [t('details.execution'), item.executionId],
        [t('details.step'), item.stepId ?? t('details.none')],
      ]
    : [];
  return (
    <Dialog open={item !== null} onClose={onClose} title={t('details.title')} size="lg">
      <dl className="divide-y divide-slate-100 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 py-2 sm:grid-cols-3 sm:gap-4">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="break-words text-slate-900 sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('details.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
