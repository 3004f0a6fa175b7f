// The workflow's batches beside the step editor: start one from a file, and for each its live counters
// ("412 klara · 3 fel · 1 väntar på dig"), pause or resume, stop all, retry the failed rows (asking first when a
// failed row had already sent data to the site: the server refuses until then) and download the results in the
// format the file came in.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { BatchSummary } from '@shared/types/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-styles';
import { Card } from '@/components/ui/card';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { notify } from '@/components/ui/notify';
import { ShowMore } from '@/components/ui/show-more';
import { pageItems } from '@/lib/paging';
import { type BatchAction, isBatchResendRefusal, useControlBatch } from '../api/control-batch';
import { batchesQueryOptions, batchResultsUrl } from '../api/get-batches';
import { BatchUploadDialog } from './batch-upload-dialog';

const TONE = { running: 'indigo', paused: 'amber', stopped: 'slate', completed: 'green' } as const;

function BatchRow({ batch, workflowId }: { batch: BatchSummary; workflowId: string }) {
  const { t, i18n } = useTranslation('workflows');
  const control = useControlBatch(workflowId);
  /** The server's reason for refusing to run the failed rows again (some had sent data), while the person decides. */
  const [resendReason, setResendReason] = useState<string | null>(null);
  const act = (action: BatchAction, resend = false) =>
    control.mutate(
      { batchId: batch.id, action, resend },
      {
        onSuccess: () => {
          setResendReason(null);
          void notify.success(t(`batches.toast.${action}`));
        },
        onError: (error) => {
          if (isBatchResendRefusal(error)) setResendReason(error.serverMessage ?? t('batches.resend.reason'));
        },
      },
    );
  const open = batch.status === 'running' || batch.status === 'paused';
  return (
    <li className="space-y-2 rounded-lg p-3 ring-1 ring-slate-200" aria-label={batch.fileName || t('batches.json_rows')}>
      <div className="flex items-center justify-between gap-2">
        <span className="truncate text-sm font-medium text-slate-900">{batch.fileName || t('batches.json_rows')}</span>
        <Badge tone={TONE[batch.status]}>{t(`batches.status.${batch.status}`)}</Badge>
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {t('batches.counts', { completed: batch.counts.completed, failed: batch.counts.failed, waiting: batch.counts.waiting })}
        <span className="text-slate-500">
          {' '}
          {t('batches.counts_rest', { running: batch.counts.running, pending: batch.counts.pending, skipped: batch.counts.skipped, total: batch.counts.total })}
        </span>
      </p>
      <div className="flex flex-wrap gap-2">
        {batch.status === 'running' ? <Button variant="ghost" onClick={() => act('pause')}>{t('batches.actions.pause')}</Button> : null}
        {batch.status === 'paused' ? <Button variant="ghost" onClick={() => act('resume')}>{t('batches.actions.resume')}</Button> : null}
        {open ? <Button variant="ghost" onClick={() => act('stop')}>{t('batches.actions.stop')}</Button> : null}
        {batch.counts.failed > 0 && batch.status !== 'stopped' ? (
          <Button variant="secondary" onClick={() => act('retry-failed')}>
            {t('batches.actions.retry_failed', { count: batch.counts.failed })}
          </Button>
        ) : null}
        <a href={batchResultsUrl(batch.id, i18n.language === 'en' ? 'en' : 'sv')} className={buttonClasses({ variant: 'ghost' })} download>
          {t('batches.actions.download')}
        </a>
      </div>
      <Dialog open={resendReason !== null} onClose={() => setResendReason(null)} title={t('batches.resend.title')} description={resendReason ?? undefined}>
        <DialogActions>
          <Button variant="secondary" onClick={() => setResendReason(null)} disabled={control.isPending}>
            {t('batches.resend.cancel')}
          </Button>
          <Button onClick={() => act('retry-failed', true)} isPending={control.isPending} pendingLabel={t('batches.resend.pending')}>
            {t('batches.resend.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </li>
  );
}

export function BatchesCard({ workflowId }: { workflowId: string }) {
  const { t } = useTranslation('workflows');
  const batches = useInfiniteQuery(batchesQueryOptions(workflowId));
  const shown = pageItems(batches.data);
  const [uploading, setUploading] = useState(false);
  return (
    <Card title={t('batches.title')} actions={<Button variant="secondary" onClick={() => setUploading(true)}>{t('batches.run_file')}</Button>}>
      {shown.length ? (
        <div className="space-y-3">
          <ul className="space-y-3">
            {shown.map((batch) => (
              <BatchRow key={batch.id} batch={batch} workflowId={workflowId} />
            ))}
          </ul>
          <ShowMore list={batches} />
        </div>
      ) : (
        <p className="text-sm text-slate-600">{t('batches.empty')}</p>
      )}
      {uploading ? <BatchUploadDialog workflowId={workflowId} onClose={() => setUploading(false)} onStarted={() => setUploading(false)} /> : null}
    </Card>
  );
}
