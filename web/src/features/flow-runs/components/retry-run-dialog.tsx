// Retry a failed run from a chosen step (default: the one that failed). The steps are named from the
// run's step log where it has one.
import { useQuery } from '@tanstack/react-query';
import type { Run } from '@shared/types/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { notify } from '@/components/ui/notify';
import { SelectInput } from '@/components/ui/select-input';
import { runQueryOptions } from '../api/get-run';
import { useRetryRun } from '../api/retry-run';
import { defaultRetryStep } from '../model';

type RetryRunDialogProps = {
  run: Run;
  open: boolean;
  onClose: () => void;
};

export function RetryRunDialog({ run, open, onClose }: RetryRunDialogProps) {
  const { t } = useTranslation('flow_runs');
  const detail = useQuery({ ...runQueryOptions(run.id), enabled: open });
  const retry = useRetryRun();
  const [fromStep, setFromStep] = useState(() => defaultRetryStep(run));

  const descriptions = new Map<number, string>();
  for (const step of detail.data?.steps ?? []) descriptions.set(step.stepIndex, step.description);
  if (run.currentStep !== null && run.currentStepDescription) descriptions.set(run.currentStep, run.currentStepDescription);

  const options = Array.from({ length: run.stepCount }, (_, index) => {
    const description = descriptions.get(index);
    const step = index + 1;
    const label = !description
      ? t('retry.step', { step })
      : index === run.failedStep
        ? t('retry.step_failed', { step, description })
        : t('retry.step_described', { step, description });
    return { value: String(index), label };
  });

  const handleRetry = () =>
    retry.mutate(
      { id: run.id, fromStep: options.length > 0 ? fromStep : undefined },
      {
        onSuccess: () => {
          onClose();
          void notify.success(t('toast.retried'), t('toast.retried_description', { name: run.workflowName, step: fromStep + 1 }));
        },
      },
    );

  return (
    <Dialog open={open} onClose={onClose} title={t('retry.title', { name: run.workflowName })} description={t('retry.description')}>
      {options.length > 0 ? (
        <SelectInput label={t('retry.step_label')} value={String(fromStep)} options={options} onChange={(value) => setFromStep(Number(value))} />
      ) : null}
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={retry.isPending}>
          {t('retry.cancel')}
        </Button>
        <Button onClick={handleRetry} isPending={retry.isPending} pendingLabel={t('retry.pending')}>
          {t('retry.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
