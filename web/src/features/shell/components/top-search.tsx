// The top bar's search: one question to the server (GET /api/search, 250 ms after the last keystroke) that
// finds the organisation's workflows by name, the newest runs of those workflows and the open tasks whose
// workflow or step matches, five of each, as a listbox grouped by kind under the field. Arrows move, Enter or a
// click opens the workflow's editor, the run, or the task's run.
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import type { SearchResults } from '@shared/types/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '@/components/ui/icons';
import { useDebounced } from '@/hooks/use-debounced';
import { formatDateTime } from '@/lib/format';
import { searchQueryOptions } from '../api/search';

export const SEARCH_DEBOUNCE_MS = 250;

/** What an option opens: a workflow's editor, or a run (a task is handled at its run). */
type Result = { kind: 'workflow' | 'run'; id: string };

const panelClasses = 'absolute right-0 z-40 mt-2 w-80 rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-200';
const groupHeading = 'px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase';
const optionClasses = 'cursor-pointer rounded-lg px-3 py-2 text-sm text-slate-900 data-focus:bg-indigo-50 data-focus:text-indigo-900';

const EMPTY: SearchResults = { workflows: [], runs: [], tasks: [] };

export function TopSearch() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const text = query.trim();
  const debounced = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const search = useQuery({ ...searchQueryOptions(debounced), enabled: debounced !== '', placeholderData: keepPreviousData });
  const found = text === '' ? EMPTY : (search.data ?? EMPTY);
  const searching = debounced !== text || search.isFetching;
  const nothing = found.workflows.length + found.runs.length + found.tasks.length === 0;

  const groups = [
    {
      key: 'workflows',
      label: t('search.workflows'),
      options: found.workflows.map((workflow) => (
        <ComboboxOption key={workflow.id} value={{ kind: 'workflow', id: workflow.id }} className={optionClasses}>
          {workflow.name}
        </ComboboxOption>
      )),
    },
    {
      key: 'runs',
      label: t('search.runs'),
      options: found.runs.map((run) => (
        <ComboboxOption key={run.id} value={{ kind: 'run', id: run.id }} className={optionClasses}>
          <span className="block">{run.workflowName}</span>
          <span className="block text-xs text-slate-600">
            {t(`search.run_status.${run.status}`)} · {formatDateTime(run.createdAt)}
          </span>
        </ComboboxOption>
      )),
    },
    {
      key: 'tasks',
      label: t('search.tasks'),
      options: found.tasks.map((task) => (
        <ComboboxOption key={task.id} value={{ kind: 'run', id: task.runId }} className={optionClasses}>
          <span className="block">{task.workflowName}</span>
          <span className="block text-xs text-slate-600">{task.title || t(`notifications.task_kind.${task.kind}`)}</span>
        </ComboboxOption>
      )),
    },
  ];

  function open(result: Result | null) {
    if (!result) return;
    setQuery('');
    if (result.kind === 'workflow') void navigate({ to: '/workflows/$workflowId', params: { workflowId: result.id } });
    else void navigate({ to: '/workflow-execution/$runId', params: { runId: result.id } });
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
            {search.isError ? t('search.error') : searching ? t('search.searching') : t('search.no_results')}
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
