// One workflow: status, category, start method, last run, success rate; pause/start, its steps (the
// editor), and a menu (details, run, run in my browser where the workflow may run there, duplicate, statistics,
// export in either format, delete). Whoever may
// not change it (not its creator, a superuser or an admin) sees pause/start, details and delete disabled,
// with the reason on the card.
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link } from '@tanstack/react-router';
import type { Workflow } from '@shared/types/api';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ChartBarIcon,
  ClipboardListIcon,
  DownloadIcon,
  DuplicateIcon,
  EllipsisVerticalIcon,
  PauseIcon,
  PencilIcon,
  PlayIcon,
  TrashIcon,
  WindowIcon,
} from '@/components/ui/icons';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-styles';
import { PermissionNote } from '@/components/ui/permission-note';
import { useCan } from '@/lib/permissions';
import { formatDateTime } from '@/lib/format';
import { EXPORT_FORMATS, exportWorkflowUrl } from '../api/export-workflow-url';
import { displayStatus, WorkflowStatusBadge } from './workflow-status-badge';
import { categoryLabel } from '@/lib/category-label';

/** Whether the workflow may run in a person's own browser: the organisation lets it (attended or both), or it has a
 *  "Logga in själv" step (which runs attended whatever the setting says). */
export function mayRunAttended(workflow: Pick<Workflow, 'runLocation' | 'hasLoginStep'>): boolean {
  return workflow.runLocation !== 'unattended' || workflow.hasLoginStep;
}

export type WorkflowAction = 'edit' | 'run' | 'run_in_browser' | 'toggle' | 'duplicate' | 'statistics' | 'delete';

type WorkflowCardProps = {
  workflow: Workflow;
  onAction: (action: WorkflowAction, workflow: Workflow) => void;
};

const itemClasses =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900';

export function WorkflowCard({ workflow, onAction }: WorkflowCardProps) {
  const { t } = useTranslation('workflows');
  const isActive = displayStatus(workflow.status) === 'active';
  const edit = useCan('workflow.edit', workflow);
  const toggle = useCan('workflow.set_status', workflow);
  const remove = useCan('workflow.delete', workflow);
  const reason = [edit, toggle, remove].find((permission) => !permission.allowed)?.reason;
  const reasonId = useId();
  const refusedIf = (allowed: boolean) => (allowed ? {} : { disabled: true, 'aria-describedby': reasonId });
  const rate = workflow.successRate === null ? t('card.no_rate') : t('card.rate', { rate: Math.round(workflow.successRate) });

  return (
    <article aria-label={workflow.name} className="flex h-full flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 title={workflow.name} className="truncate text-base font-semibold text-slate-900">
            {workflow.name}
          </h2>
          <p className="mt-0.5 text-xs text-slate-500">
            {categoryLabel(workflow.category)} · {t(`start_method.${workflow.startMethod}`)}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <WorkflowStatusBadge status={workflow.status} />
          <Menu>
            <MenuButton
              aria-label={t('card.menu', { name: workflow.name })}
              className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <EllipsisVerticalIcon className="size-5" />
            </MenuButton>
            <MenuItems
              anchor={{ to: 'bottom end', gap: 4 }}
              className="z-40 w-64 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-900/10 focus:outline-none"
            >
              <MenuItem disabled={!edit.allowed}>
                <button type="button" className={`${itemClasses} data-disabled:opacity-50`} onClick={() => edit.allowed && onAction('edit', workflow)}>
                  <PencilIcon className="size-4 text-slate-400" />
                  {t('menu.edit')}
                </button>
              </MenuItem>
              <MenuItem>
                <button type="button" className={itemClasses} onClick={() => onAction('run', workflow)}>
                  <PlayIcon className="size-4 text-slate-400" />
                  {t('menu.run')}
                </button>
              </MenuItem>
              {mayRunAttended(workflow) ? (
                <MenuItem>
                  <button type="button" className={itemClasses} onClick={() => onAction('run_in_browser', workflow)}>
                    <WindowIcon className="size-4 text-slate-400" />
                    {t('menu.run_in_browser')}
                  </button>
                </MenuItem>
              ) : null}
              <MenuItem disabled={!toggle.allowed}>
                <button type="button" className={`${itemClasses} data-disabled:opacity-50`} onClick={() => toggle.allowed && onAction('toggle', workflow)}>
                  {isActive ? <PauseIcon className="size-4 text-slate-400" /> : <PlayIcon className="size-4 text-slate-400" />}
                  {isActive ? t('menu.pause') : t('menu.start')}
                </button>
              </MenuItem>
              <MenuItem>
                <button type="button" className={itemClasses} onClick={() => onAction('duplicate', workflow)}>
                  <DuplicateIcon className="size-4 text-slate-400" />
                  {t('menu.duplicate')}
                </button>
              </MenuItem>
              <MenuItem>
                <button type="button" className={itemClasses} onClick={() => onAction('statistics', workflow)}>
                  <ChartBarIcon className="size-4 text-slate-400" />
                  {t('menu.statistics')}
                </button>
              </MenuItem>
              {EXPORT_FORMATS.map((format) => (
                <MenuItem key={format}>
                  <a href={exportWorkflowUrl(workflow.id, format)} download className={itemClasses}>
                    <DownloadIcon className="size-4 text-slate-400" />
                    {format === 'kollega' ? t('export.kollega') : t('export.chrome_recorder')}
                  </a>
                </MenuItem>
              ))}
              <MenuItem disabled={!remove.allowed}>
                <button
                  type="button"
                  className={`${itemClasses} text-red-700 data-disabled:opacity-50 data-focus:text-red-800`}
                  onClick={() => remove.allowed && onAction('delete', workflow)}
                >
                  <TrashIcon className="size-4 text-red-500" />
                  {t('menu.delete')}
                </button>
              </MenuItem>
              {reason ? <PermissionNote id={`${reasonId}-menu`} reason={reason} className="px-3 py-2" /> : null}
            </MenuItems>
          </Menu>
        </div>
      </div>
      {workflow.description ? <p className="mt-3 line-clamp-2 text-sm text-slate-600">{workflow.description}</p> : null}
      <dl className="mt-4 mb-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-xs text-slate-500">{t('card.last_run')}</dt>
          <dd className="font-medium text-slate-900">
            {workflow.lastRunAt ? formatDateTime(workflow.lastRunAt) : t('card.never_run')}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('card.success_rate')}</dt>
          <dd className="font-medium text-slate-900">{rate}</dd>
        </div>
      </dl>
      <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-slate-100 pt-4">
        <Button
          variant="secondary"
          size="sm"
          aria-label={isActive ? t('card.pause_named', { name: workflow.name }) : t('card.start_named', { name: workflow.name })}
          onClick={() => onAction('toggle', workflow)}
          {...refusedIf(toggle.allowed)}
        >
          {isActive ? <PauseIcon className="size-4" /> : <PlayIcon className="size-4" />}
          {isActive ? t('card.pause') : t('card.start')}
        </Button>
        <Link
          to="/workflows/$workflowId"
          params={{ workflowId: workflow.id }}
          aria-label={t('card.edit_steps_named', { name: workflow.name })}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          <ClipboardListIcon className="size-4" />
          {t('card.edit_steps')}
        </Link>
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          aria-label={t('card.edit_named', { name: workflow.name })}
          onClick={() => onAction('edit', workflow)}
          {...refusedIf(edit.allowed)}
        >
          <PencilIcon className="size-4" />
        </Button>
      </div>
      {reason ? <PermissionNote id={reasonId} reason={reason} className="mt-3" /> : null}
    </article>
  );
}
