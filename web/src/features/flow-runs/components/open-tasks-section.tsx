// The open human tasks of the organisation (flow management, run details): nothing while there are none.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { tasksQueryOptions, TASKS_REFRESH_MS, type TaskFilters } from '../api/get-tasks';
import { TaskCard } from './task-card';

export function OpenTasksSection({ filters = {} }: { filters?: TaskFilters }) {
  const { t } = useTranslation('flow_runs');
  const titleId = useId();
  const tasks = useQuery({ ...tasksQueryOptions(filters), refetchInterval: TASKS_REFRESH_MS });
  if (!tasks.data?.length) {
    return tasks.isError ? <p className="text-sm text-red-700">{t('tasks.section.error')}</p> : null;
  }
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <div>
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {t('tasks.section.title')}
        </h2>
        <p className="text-sm text-slate-600">{t('tasks.section.description')}</p>
      </div>
      <ul className="grid gap-4 lg:grid-cols-2">
        {tasks.data.map((task) => (
          <li key={task.id}>
            <TaskCard task={task} />
          </li>
        ))}
      </ul>
    </section>
  );
}
