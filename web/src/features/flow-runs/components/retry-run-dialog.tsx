// Retry a failed run from a chosen step (default: the one that failed), saying which steps run again first to
// restore that step's page (@shared/retry-plan on the workflow's current definition, which the retry runs).
// The steps are named from that definition, else from the run's step log. A step that sent data to the site in an
// earlier attempt (RunStep.sentData) and would run again is marked, and a warning says it sends the data again;
// only then does the retry say `resend` (the server refuses it otherwise). Should the server know of a send this
// dialog did not show (its step log read earlier), its refusal is shown in the warning's place and the log read
// again, and the next click retries anyway.
import { useQuery } from '@tanstack/react-query';
import { formatStepNumbers, resentSteps, retryPlan } from '@shared/retry-plan';
import type { Run } from '@shared/types/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { notify } from '@/components/ui/notify';
import { SelectInput } from '@/components/ui/select-input';
import { workflowQueryOptions } from '@/features/workflows/api/get-workflow';
import { describeRetryPlan } from '@/lib/retry-plan-text';
import { runQueryOptions } from '../api/get-run';
import { isResendRefusal, useRetryRun } from '../api/retry-run';
import { defaultRetryStep } from '../model';

type RetryRunDialogProps = {
  run: Run;
  open: boolean;
  onClose: () => void;
};

export function RetryRunDialog({ run, open, onClose }: RetryRunDialogProps) {
  const { t } = useTranslation('flow_runs');
  const { t: tc, i18n } = useTranslation('common');
  const detail = useQuery({ ...runQueryOptions(run.id), enabled: open });
  const workflow = useQuery({ ...workflowQueryOptions(run.workflowId), enabled: open });
  const retry = useRetryRun();
  const [fromStep, setFromStep] = useState(() => defaultRetryStep(run));

  const descriptions = new Map<number, string>();
  for (const step of detail.data?.steps ?? []) descriptions.set(step.stepIndex, step.description);
  if (run.currentStep !== null && run.currentStepDescription) descriptions.set(run.currentStep, run.currentStepDescription);
  // The definition the retry runs (its current version) names every step, also those no attempt reached.
  const definitionSteps = workflow.data?.definition.steps ?? [];
  for (const [index, step] of definitionSteps.entries()) if (step.description) descriptions.set(index, step.description);
  const plan = fromStep < definitionSteps.length ? retryPlan(definitionSteps, fromStep) : undefined;
  // Steps after which the page sent data to the site in some attempt: run again (to restore the page, or from the
  // chosen step on), they send it again.
  const sentBefore = new Set((detail.data?.steps ?? []).filter((step) => step.sentData).map((step) => step.stepIndex));
  const resends = plan ? resentSteps(plan, sentBefore) : [];

  const stepName = (index: number) => {
    const description = descriptions.get(index);
    return description ? t('retry.step_described', { step: index + 1, description }) : t('retry.step', { step: index + 1 });
  };
  // A retry runs the workflow's current version: its steps are the ones to choose from, once it has loaded.
  const stepCount = definitionSteps.length || run.stepCount;
  const options = Array.from({ length: stepCount }, (_, index) => {
    const description = descriptions.get(index);
    const label = description && index === run.failedStep ? t('retry.step_failed', { step: index + 1, description }) : stepName(index);
    return { value: String(index), label };
  });

  const refused = isResendRefusal(retry.error) ? retry.error : undefined;
  const handleRetry = () =>
    retry.mutate(
      { id: run.id, fromStep: options.length > 0 ? fromStep : undefined, resend: resends.length > 0 || !!refused },
      {
        onError: (error) => {
          if (isResendRefusal(error)) void detail.refetch();
        },
        onSuccess: (retried) => {
          onClose();
          const replay = retried.retryPlan ? ` ${describeRetryPlan(retried.retryPlan, tc, i18n.language)}` : '';
          void notify.success(t('toast.retried'), `${t('toast.retried_description', { name: run.workflowName, step: fromStep + 1 })}${replay}`);
        },
      },
    );

  return (
    <Dialog open={open} onClose={onClose} title={t('retry.title', { name: run.workflowName })} description={t('retry.description')}>
      {options.length > 0 ? (
        <SelectInput label={t('retry.step_label')} value={String(fromStep)} options={options} onChange={(value) => {
            setFromStep(Number(value));
            retry.reset();
          }} />
      ) : null}
      {plan ? (
        <div className="mt-4 space-y-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700" aria-live="polite">
          <p>{describeRetryPlan(plan, tc, i18n.language)}</p>
          {plan.replay.length > 0 ? (
            <ul aria-label={t('retry.replayed_label')} className="list-inside list-disc space-y-0.5">
              {plan.replay.map((index) => (
                <li key={index}>
                  {stepName(index)}
                  {sentBefore.has(index) ? <span className="text-amber-800"> ({t('retry.sent_before')})</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {resends.length > 0 || refused ? (
        <p role="alert" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {resends.length > 0 ? t('retry.resends', { count: resends.length, steps: formatStepNumbers(resends, i18n.language) }) : refused?.serverMessage}
        </p>
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
