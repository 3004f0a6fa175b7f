// The buttons a run's status allows (model.availableActions): pause, resume, stop, retry through a dialog that
// picks the step, and for a run in a person's own browser "Fortsätt i min webbläsare" through the dialog that
// picks the tab. Each button is busy while its call is on the way.
import type { Run } from '@shared/types/api';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PauseIcon, PlayIcon, RetryIcon, StopIcon, WindowIcon } from '@/components/ui/icons';
import { notify } from '@/components/ui/notify';
import { RunInBrowserDialog } from '@/features/attended/components/run-in-browser-dialog';
import { usePauseRun } from '../api/pause-run';
import { useResumeRun } from '../api/resume-run';
import { useStopRun } from '../api/stop-run';
import { availableActions } from '../model';
import { RetryRunDialog } from './retry-run-dialog';

type RunActionsProps = {
  run: Run;
  /** Further controls after the run's own (e.g. a details link). */
  children?: ReactNode;
};

export function RunActions({ run, children }: RunActionsProps) {
  const { t } = useTranslation('flow_runs');
  const pause = usePauseRun();
  const resume = useResumeRun();
  const stop = useStopRun();
  const [retryOpen, setRetryOpen] = useState(false);
  const [browserOpen, setBrowserOpen] = useState(false);
  const actions = availableActions(run);
  const name = run.workflowName;

  const handlePause = () =>
    pause.mutate(run.id, { onSuccess: () => void notify.success(t('toast.paused'), t('toast.paused_description', { name })) });
  const handleResume = () =>
    resume.mutate(run.id, { onSuccess: () => void notify.success(t('toast.resumed'), t('toast.resumed_description', { name })) });
  const handleStop = () =>
    stop.mutate(run.id, { onSuccess: () => void notify.success(t('toast.stopped'), t('toast.stopped_description', { name })) });

  return (
    <div role="group" aria-label={t('actions.label', { name })} className="mt-4 flex flex-wrap gap-2">
      {actions.includes('pause') ? (
        <Button size="sm" variant="secondary" onClick={handlePause} isPending={pause.isPending} pendingLabel={t('actions.working')}>
          <PauseIcon className="size-4" />
          {t('actions.pause')}
        </Button>
      ) : null}
      {actions.includes('resume') ? (
        <Button size="sm" onClick={handleResume} isPending={resume.isPending} pendingLabel={t('actions.working')}>
          <PlayIcon className="size-4" />
          {t('actions.resume')}
        </Button>
      ) : null}
      {actions.includes('continue_attended') ? (
        <Button size="sm" onClick={() => setBrowserOpen(true)}>
          <WindowIcon className="size-4" />
          {t('actions.continue_attended')}
        </Button>
      ) : null}
      {actions.includes('stop') ? (
        <Button size="sm" variant="destructive" onClick={handleStop} isPending={stop.isPending} pendingLabel={t('actions.working')}>
          <StopIcon className="size-4" />
          {t('actions.stop')}
        </Button>
      ) : null}
      {actions.includes('retry') ? (
        <>
          <Button size="sm" onClick={() => setRetryOpen(true)}>
            <RetryIcon className="size-4" />
            {t('actions.retry')}
          </Button>
        </>
      ) : null}
      {/* Outside the retry condition: the live view may see the new attempt start before the retry call
          answers, and unmounting the dialog then would drop its success handling (toast, closing). */}
      {retryOpen ? <RetryRunDialog run={run} open onClose={() => setRetryOpen(false)} /> : null}
      {browserOpen ? (
        <RunInBrowserDialog
          target={{ kind: 'run', runId: run.id, name }}
          onClose={() => setBrowserOpen(false)}
          onStarted={() => setBrowserOpen(false)}
        />
      ) : null}
      {children}
    </div>
  );
}
