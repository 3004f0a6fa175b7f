// One run (SPEC §2 flow management): workflow, status, trigger and who started it, progress and
// "n of m steps", the current step, AI confidence (once there is one), the error and
// manual-intervention boxes, estimated completion, the actions its status allows and a menu.
// Completed runs and runs a decision stopped (with where to review them) show neither progress bar nor actions.
import type { Run } from '@shared/types/api';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button-styles';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatDateTime } from '@/lib/format';
import { AttendedRunBox } from '@/features/attended/components/attended-run-box';
import { startedByLabel } from '../labels';
import { ManualInterventionBox } from './manual-intervention-box';
import { RunActions } from './run-actions';
import { RunErrorBox } from './run-error-box';
import { RunMenu } from './run-menu';
import { RunStatusBadge } from './run-status-badge';
import { RunStoppedBox } from './run-stopped-box';

type RunCardProps = {
  run: Run;
  onCopyToNewFlow?: (run: Run) => void;
};

export function RunCard({ run, onCopyToNewFlow }: RunCardProps) {
  const { t } = useTranslation('flow_runs');
  const headingId = useId();
  const isOver = run.status === 'completed' || run.status === 'stopped';
  const steps = t('run.steps', { completed: run.completedSteps, total: run.stepCount });
  const inputs = (run.inputsShown ?? []).map((input) => t('run.input', { label: input.label || input.name, value: input.value })).join(' · ');

  return (
    <article aria-labelledby={headingId} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="font-semibold break-words text-slate-900">
            {run.workflowName}
          </h2>
          <p className="text-xs text-slate-600">
            {startedByLabel(run, t)}
            {' · '}
            {run.startedAt ? t('run.started', { time: formatDateTime(run.startedAt) }) : t('run.created', { time: formatDateTime(run.createdAt) })}
            {run.attempt > 1 ? ` · ${t('run.attempt', { attempt: run.attempt })}` : null}
          </p>
          {inputs ? <p className="mt-1 text-xs break-words text-slate-700">{t('run.inputs', { inputs })}</p> : null}
        </div>
        <div className="flex items-center gap-2">
          {run.aiConfidence !== null ? <Badge tone="violet">{t('run.confidence', { confidence: Math.round(run.aiConfidence) })}</Badge> : null}
          <RunStatusBadge status={run.status} />
          <RunMenu run={run} onCopyToNewFlow={onCopyToNewFlow} />
        </div>
      </div>

      {isOver ? (
        <p className="mt-3 text-sm text-slate-600">
          {steps}
          {run.finishedAt ? ` · ${t('run.finished', { time: formatDateTime(run.finishedAt) })}` : null}
        </p>
      ) : (
        <div className="mt-4 space-y-2">
          <ProgressBar value={run.progress} label={t('run.progress_label', { name: run.workflowName })} />
          <div className="flex flex-wrap justify-between gap-2 text-sm text-slate-600">
            <span>{steps}</span>
            {run.currentStepDescription ? <span className="break-words">{t('run.current_step', { step: run.currentStepDescription })}</span> : null}
          </div>
          {run.estimatedCompletion ? (
            <p className="text-xs text-slate-600">{t('run.estimated', { time: formatDateTime(run.estimatedCompletion) })}</p>
          ) : null}
        </div>
      )}

      {run.status === 'failed' ? <RunErrorBox run={run} /> : null}
      {run.status === 'stopped' ? <RunStoppedBox run={run} /> : null}
      {run.requiresManualIntervention && !isOver ? <ManualInterventionBox runId={run.id} /> : null}
      {run.mode === 'attended' && ((run.status === 'paused' && run.pauseReason) || run.status === 'pending') ? (
        <div className="mt-4">
          <AttendedRunBox run={{ mode: run.mode, status: run.status, pauseReason: run.pauseReason }} />
        </div>
      ) : null}

      {isOver ? null : (
        <RunActions run={run}>
          <Link to="/workflow-execution/$runId" params={{ runId: run.id }} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            {t('actions.details')}
          </Link>
        </RunActions>
      )}
    </article>
  );
}
