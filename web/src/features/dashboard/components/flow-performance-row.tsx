// One workflow of the performance list, with its menu: run now, edit, statistics.
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { WorkflowPerformance } from '@shared/types/api';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { ChartIcon, EllipsisIcon, PencilIcon, PlayIcon } from '@/components/ui/icons';
import { notify } from '@/components/ui/notify';
import { formatDateTime } from '@/lib/format';

/** Starts a run of a workflow (the workflows feature's call, passed in by the route); `onStarted` after the server accepted it. */
export type RunNow = (workflowId: string, onStarted: () => void) => void;

type DisplayStatus = 'active' | 'paused' | 'error' | 'draft';

const tones: Record<DisplayStatus, BadgeTone> = {
  active: 'green',
  paused: 'amber',
  error: 'red',
  draft: 'slate',
};

/** Anything but active, paused or error is shown as draft (SPEC §3). */
export function displayStatus(status: string): DisplayStatus {
  return status === 'active' || status === 'paused' || status === 'error' ? status : 'draft';
}

const itemClasses =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900';

type FlowPerformanceRowProps = { workflow: WorkflowPerformance; onRunNow: RunNow };

export function FlowPerformanceRow({ workflow, onRunNow }: FlowPerformanceRowProps) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const status = displayStatus(workflow.status);

  const handleRunNow = () =>
    onRunNow(
      workflow.id,
      () => void notify.success(t('performance.toast.run_started'), t('performance.toast.run_started_description', { name: workflow.name })),
    );

  return (
    <tr>
      <th scope="row" className="px-5 py-3 font-medium text-slate-900">
        {workflow.name}
      </th>
      <td className="px-3 py-3">
        <Badge tone={tones[status]}>{t(`performance.status.${status}`)}</Badge>
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-slate-600">
        {workflow.lastRunAt ? formatDateTime(workflow.lastRunAt) : t('performance.never_run')}
      </td>
      <td className="px-3 py-3 text-slate-600">{t(`performance.frequency.${workflow.startMethod}`)}</td>
      <td className="px-3 py-3 text-slate-600">
        {workflow.successRate === null
          ? t('performance.no_rate')
          : t('performance.rate', { rate: Math.round(workflow.successRate) })}
      </td>
      <td className="px-5 py-3 text-right">
        <Menu>
          <MenuButton
            aria-label={t('performance.menu.label', { name: workflow.name })}
            className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <EllipsisIcon className="size-5" />
          </MenuButton>
          <MenuItems
            anchor={{ to: 'bottom end', gap: 4 }}
            className="z-50 w-44 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-900/10 focus:outline-none"
          >
            <MenuItem>
              <button type="button" className={itemClasses} onClick={handleRunNow}>
                <PlayIcon className="size-4 text-slate-400" />
                {t('performance.menu.run_now')}
              </button>
            </MenuItem>
            <MenuItem>
              <button type="button" className={itemClasses} onClick={() => void navigate({ to: '/workflows' })}>
                <PencilIcon className="size-4 text-slate-400" />
                {t('performance.menu.edit')}
              </button>
            </MenuItem>
            <MenuItem>
              <button type="button" className={itemClasses} onClick={() => void navigate({ to: '/workflow-execution' })}>
                <ChartIcon className="size-4 text-slate-400" />
                {t('performance.menu.statistics')}
              </button>
            </MenuItem>
          </MenuItems>
        </Menu>
      </td>
    </tr>
  );
}
