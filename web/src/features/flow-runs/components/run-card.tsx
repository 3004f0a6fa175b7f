// One run (SPEC §2 flow management): progress, steps, current step, confidence, error and
// manual-intervention boxes, estimated completion, the actions its status allows and a menu.
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-styles';
import {
  EllipsisIcon,
  ExclamationCircleIcon,
  ExclamationTriangleIcon,
  PauseIcon,
  PlayIcon,
  RetryIcon,
  StopIcon,
} from '@/components/ui/icons';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatDateTime } from '@/lib/format-time';
import { availableActions, type FlowRun, type RunAction } from '../model';
import { RunStatusBadge } from './run-status-badge';

type RunCardProps = {
  run: FlowRun;
  onAction: (id: string, action: RunAction) => void;
  onShowDetails: (run: FlowRun) => void;
  onExportLog: (run: FlowRun) => void;
};

const actionLooks = {
  pause: { Icon: PauseIcon, variant: 'secondary' },
  resume: { Icon: PlayIcon, variant: 'primary' },
  retry: { Icon: RetryIcon, variant: 'primary' },
  stop: { Icon: StopIcon, variant: 'destructive' },
} as const;

const itemClasses = 'block w-full rounded-md px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100';

export function RunCard({ run, onAction, onShowDetails, onExportLog }: RunCardProps) {
  const { t } = useTranslation('flow_runs');
  const name = t(`demo.runs.${run.key}.name`);
  const step = run.currentStep === 'restarting' ? t('run.restarting') : t(`demo.runs.${run.key}.step`);
  const isCompleted = run.status === 'completed';

  return (
    <article aria-label={name} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-semibold text-slate-900">{name}</h3>
          <p className="text-xs text-slate-500">{t('run.started', { time: formatDateTime(run.startedAt) })}</p>
        </div>
        <div className="flex items-center gap-2">
          <Badge tone="violet">{t('run.confidence', { confidence: run.aiConfidence })}</Badge>
          <RunStatusBadge status={run.status} />
          <Menu>
            <MenuButton aria-label={t('actions.menu', { name })} className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100">
              <EllipsisIcon className="size-5" />
            </MenuButton>
            <MenuItems
              anchor={{ to: 'bottom end', gap: 4 }}
              className="z-50 w-52 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-900/10 focus:outline-none"
            >
              <MenuItem>
                <button type="button" className={itemClasses} onClick={() => onShowDetails(run)}>
                  {t('actions.show_details')}
                </button>
              </MenuItem>
              <MenuItem>
                <button type="button" className={itemClasses} onClick={() => onExportLog(run)}>
                  {t('actions.export_log')}
                </button>
              </MenuItem>
              <MenuItem>
                <Link to="/workflows" className={itemClasses}>
                  {t('actions.copy')}
                </Link>
              </MenuItem>
            </MenuItems>
          </Menu>
        </div>
      </div>

      {isCompleted ? (
        <p className="mt-3 text-sm text-slate-600">
          {t('run.steps', {
            completed: run.completedSteps,
            total: run.stepCount,
          })}
        </p>
      ) : (
        <div className="mt-4 space-y-2">
          <ProgressBar value={run.progress} label={t('run.progress_label', { name })} />
          <div className="flex flex-wrap justify-between gap-2 text-sm text-slate-600">
            <span>
              {t('run.steps', {
                completed: run.completedSteps,
                total: run.stepCount,
              })}
            </span>
            <span>{t('run.current_step', { step })}</span>
          </div>
          {run.estimatedCompletion ? (
            <p className="text-xs text-slate-500">
              {t('run.estimated', {
                time: formatDateTime(run.estimatedCompletion),
              })}
            </p>
          ) : null}
        </div>
      )}

      {run.errorMessage ? (
        <div role="alert" className="mt-4 flex gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          <ExclamationCircleIcon className="size-5 shrink-0 text-red-500" />
          {t(`demo.errors.${run.errorMessage}`)}
        </div>
      ) : null}

      {run.requiresManualIntervention && !isCompleted ? (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <span className="flex gap-2">
            <ExclamationTriangleIcon className="size-5 shrink-0 text-amber-500" />
            <span>
              <span className="block font-semibold">{t('run.manual_title')}</span>
              {t('run.manual_description')}
            </span>
          </span>
          <Link to="/error-queue" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            {t('run.handle')}
          </Link>
        </div>
      ) : null}

      {isCompleted ? null : (
        <div className="mt-4 flex flex-wrap gap-2">
          {availableActions(run.status).map((action) => {
            const { Icon, variant } = actionLooks[action];
            return (
              <Button key={action} size="sm" variant={variant} onClick={() => onAction(run.id, action)}>
                <Icon className="size-4" />
                {t(`actions.${action}`)}
              </Button>
            );
          })}
          <Button size="sm" variant="ghost" onClick={() => onShowDetails(run)}>
            {t('actions.details')}
          </Button>
        </div>
      )}
    </article>
  );
}
