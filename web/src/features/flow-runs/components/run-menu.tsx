// A run's menu: show details, export log (a download of GET /api/runs/{id}/log), copy to a new flow.
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { Run } from '@shared/types/api';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DownloadIcon, DuplicateIcon, EllipsisIcon, EyeIcon } from '@/components/ui/icons';
import { runLogUrl } from '../api/get-run-log';

type RunMenuProps = {
  run: Run;
  /** Copies the run's workflow into a new one (the workflows feature does it; the route passes it in). */
  onCopyToNewFlow?: (run: Run) => void;
};

const itemClasses =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900';

export function RunMenu({ run, onCopyToNewFlow }: RunMenuProps) {
  const { t } = useTranslation('flow_runs');
  return (
    <Menu>
      <MenuButton
        aria-label={t('actions.menu', { name: run.workflowName })}
        className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <EllipsisIcon className="size-5" />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 4 }}
        className="z-50 w-56 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-900/10 focus:outline-none"
      >
        <MenuItem>
          <Link to="/workflow-execution/$runId" params={{ runId: run.id }} className={itemClasses}>
            <EyeIcon className="size-4 text-slate-400" />
            {t('actions.show_details')}
          </Link>
        </MenuItem>
        <MenuItem>
          <a href={runLogUrl(run.id)} download className={itemClasses}>
            <DownloadIcon className="size-4 text-slate-400" />
            {t('actions.export_log')}
          </a>
        </MenuItem>
        {onCopyToNewFlow ? (
          <MenuItem>
            <button type="button" className={itemClasses} onClick={() => onCopyToNewFlow(run)}>
              <DuplicateIcon className="size-4 text-slate-400" />
              {t('actions.copy')}
            </button>
          </MenuItem>
        ) : null}
      </MenuItems>
    </Menu>
  );
}
