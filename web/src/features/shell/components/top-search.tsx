// The top bar's search: workflows by name (asked of the server, 250 ms after the last keystroke) and the
// open tasks whose workflow or step matches (from the list the bell and the sidebar already hold), as a
// listbox under the field. Enter or a click opens the workflow's editor, or the task's run.
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import type { HumanTask, Workflow } from '@shared/types/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '@/components/ui/icons';
import { openTasksQueryOptions } from '../api/get-open-tasks';
import { searchWorkflowsQueryOptions } from '../api/search-workflows';

export const SEARCH_DEBOUNCE_MS = 250;
/** How many workflows and how many tasks the list shows at the most. */
export const SEARCH_RESULTS_SHOWN = 8;

type Result = { kind: 'workflow'; workflow: Workflow } | { kind: 'task'; task: HumanTask };

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

const panelClasses = 'absolute right-0 z-40 mt-2 w-80 rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-200';
const groupHeading = 'px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase';
const optionClasses = 'cursor-pointer rounded-lg px-3 py-2 text-sm text-slate-900 data-focus:bg-indigo-50 data-focus:text-indigo-900';

export function TopSearch() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const text = query.trim();
  const debounced = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const workflows = useQuery({ ...searchWorkflowsQueryOptions(debounced), enabled: debounced !== '', placeholderData: keepPreviousData });
  const tasks = useQuery({ ...openTasksQueryOptions(), enabled: text !== '' });

  const lower = text.toLowerCase();
  const foundWorkflows = text === '' ? [] : (workflows.data ?? []).slice(0, SEARCH_RESULTS_SHOWN);
  const foundTasks =
    text === ''
      ? []
      : (tasks.data ?? [])
          .filter((task) => `${task.workflowName} ${task.title}`.toLowerCase().includes(lower))
          .slice(0, SEARCH_RESULTS_SHOWN);
  const searching = debounced !== text || workflows.isFetching;
  const nothing = foundWorkflows.length === 0 && foundTasks.length === 0;

  const groups = [
    {
      key: 'workflows',
      label: t('search.workflows'),
      options: foundWorkflows.map((workflow) => (
        <ComboboxOption key={workflow.id} value={{ kind: 'workflow', workflow }} className={optionClasses}>
          {workflow.name}
        </ComboboxOption>
      )),
    },
    {
      key: 'tasks',
      label: t('search.tasks'),
      options: foundTasks.map((task) => (
        <ComboboxOption key={task.id} value={{ kind: 'task', task }} className={optionClasses}>
          <span className="block">{task.workflowName}</span>
          <span className="block text-xs text-slate-600">{task.title || t(`notifications.task_kind.${task.kind}`)}</span>
        </ComboboxOption>
      )),
    },
  ];

  function open(result: Result | null) {
    if (!result) return;
    setQuery('');
    if (result.kind === 'workflow') void navigate({ to: '/workflows/$workflowId', params: { workflowId: result.workflow.id } });
    else void navigate({ to: '/workflow-execution/$runId', params: { runId: result.task.runId } });
  }

  return (
    <form role="search" className="relative hidden md:block" onSubmit={(event) => event.preventDefault()}>
      <Combobox<Result | null> value={null} onChange={open} onClose={() => setQuery('')}>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <ComboboxInput
          aria-label={t('top_bar.search_label')}
          placeholder={t('top_bar.search_placeholder')}
          displayValue={() => query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          className="w-56 rounded-lg border-0 bg-slate-100 py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:bg-white focus:ring-2 focus:ring-indigo-600 focus:outline-none lg:w-72"
        />
        {text === '' ? null : nothing ? (
          <p role="status" className={`${panelClasses} px-3 py-2 text-sm text-slate-600`}>
            {workflows.isError ? t('search.error') : searching ? t('search.searching') : t('search.no_results')}
          </p>
        ) : (
          <ComboboxOptions modal={false} className={`${panelClasses} max-h-96 overflow-y-auto`}>
            {groups.map((group) =>
              group.options.length > 0 ? (
                <div key={group.key} role="group" aria-label={group.label}>
                  <p aria-hidden="true" className={groupHeading}>
                    {group.label}
                  </p>
                  {group.options}
                </div>
              ) : null,
            )}
          </ComboboxOptions>
        )}
      </Combobox>
    </form>
  );
}
