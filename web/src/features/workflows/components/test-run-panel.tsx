// A test run followed live: its status and progress, then each step as it passes or fails (polled
// every second until the run ends), with a screenshot per step that can be opened large.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { RunDetail } from '@shared/types/api';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RunErrorExplanation, useRunErrorExplanation } from '@/components/run-error/run-error-explanation';
import { Card } from '@/components/ui/card';
import { CloseIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notify';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Spinner } from '@/components/ui/spinner';
import { isRunActive, runQueryOptions } from '../api/get-run';
import { invalidateWorkflows } from '../api/invalidate-workflows';
import { runScreenshotUrl } from '../api/run-screenshot-url';
import { isRunErrorType } from '../editor-model';
import { IconButton } from './icon-button';
import { RunStepRow } from './run-step-row';
import { ScreenshotDialog } from './screenshot-dialog';

type TestRunPanelProps = {
  runId: string;
  onClose: () => void;
};

const statusClasses: Record<RunDetail['status'], string> = {
  pending: 'text-slate-700',
  running: 'text-indigo-700',
  paused: 'text-amber-800',
  completed: 'text-emerald-700',
  failed: 'text-red-700',
  stopped: 'text-amber-800',
};

export function TestRunPanel({ runId, onClose }: TestRunPanelProps) {
  const { t } = useTranslation('workflows');
  const explain = useRunErrorExplanation();
  const queryClient = useQueryClient();
  const run = useQuery(runQueryOptions(runId));
  const [opened, setOpened] = useState<{ src: string; number: number } | null>(null);
  const active = isRunActive(run.data);
  const wasActive = useRef(true);
  const panel = useRef<HTMLDivElement>(null);

  // On a narrow screen the panel sits below the steps: bring it into view when the run starts.
  // (A block body: newer browsers return a promise from scrollIntoView, which React would take for a cleanup.)
  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);

  useEffect(() => {
    if (!run.data || active || !wasActive.current) return;
    wasActive.current = false;
    // The run is over: the workflow's last run and success rate changed.
    void invalidateWorkflows(queryClient);
    if (run.data.status === 'completed') notify.success(t('test_run.toast.completed'));
    else notify.error(t(run.data.status === 'stopped' ? 'test_run.toast.stopped' : 'test_run.toast.failed'), run.data.status === 'stopped' ? undefined : explain(run.data.errorType));
  }, [run.data, active, queryClient, t, explain]);

  const steps = run.data ? run.data.steps.filter((step) => step.attempt === run.data.attempt) : [];

  return (
    <div ref={panel} className="scroll-mt-4">
    <Card
      title={t('test_run.title')}
      actions={<IconButton label={t('test_run.close')} icon={CloseIcon} onClick={onClose} />}
    >
      <p className="mb-4 text-sm text-slate-600">{t('test_run.description')}</p>
      {run.isPending ? (
        <Spinner label={t('test_run.starting')} />
      ) : run.isError ? (
        <LoadError title={t('test_run.load_error')} error={run.error} retryLabel={t('test_run.retry')} onRetry={() => void run.refetch()} />
      ) : (
        <div className="space-y-4">
          <div aria-live="polite" className="space-y-2">
            <p className={`text-sm font-semibold ${statusClasses[run.data.status]}`}>{t(`test_run.status.${run.data.status}`)}</p>
            {run.data.status === 'failed' && run.data.errorMessage && !steps.some((step) => step.status === 'failed') ? (
              <div className="text-sm [overflow-wrap:anywhere] text-red-700">
                {isRunErrorType(run.data.errorType) ? <p className="font-medium">{t(`test_run.error_types.${run.data.errorType}`)}</p> : null}
                <RunErrorExplanation errorType={run.data.errorType} errorMessage={run.data.errorMessage} />
              </div>
            ) : null}
            <ProgressBar value={run.data.progress} label={t('test_run.progress_label')} />
            <p className="text-xs text-slate-600">
              {t('test_run.progress', { completed: run.data.completedSteps, total: run.data.stepCount })}
            </p>
          </div>
          {run.data.requiresManualIntervention ? (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
              {t('test_run.manual')}{' '}
              <Link to="/workflow-execution" className="font-semibold underline">
                {t('test_run.manual_link')}
              </Link>
            </p>
          ) : null}
          {steps.length === 0 ? (
            <p className="text-sm text-slate-500">{t('test_run.no_steps_yet')}</p>
          ) : (
            <ol aria-label={t('test_run.steps_label')} className="divide-y divide-slate-100">
              {steps.map((step) => {
                const src = step.hasScreenshot ? runScreenshotUrl(runId, step.id) : null;
                return (
                  <RunStepRow
                    key={step.id}
                    step={step}
                    screenshotUrl={src}
                    onOpenScreenshot={() => src && setOpened({ src, number: step.stepIndex + 1 })}
                  />
                );
              })}
            </ol>
          )}
        </div>
      )}
      {opened ? <ScreenshotDialog src={opened.src} number={opened.number} onClose={() => setOpened(null)} /> : null}
    </Card>
    </div>
  );
}
