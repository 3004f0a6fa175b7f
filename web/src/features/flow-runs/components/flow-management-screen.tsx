// Flow management (SPEC §2 /workflow-execution): demo runs with client-side transitions (SPEC §4).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { notify } from '@/components/ui/notify';
import { SelectInput } from '@/components/ui/select-input';
import { demoRuns, demoSuggestions, type FlowRun, type RunAction, RUN_STATUSES, type RunStatus, transition } from '../model';
import { RunCard } from './run-card';
import { RunCounters } from './run-counters';
import { RunDetailsDialog } from './run-details-dialog';
import { SuggestionList } from './suggestion-list';

type Filter = RunStatus | 'all';

export function FlowManagementScreen() {
  const { t } = useTranslation('flow_runs');
  const [runs, setRuns] = useState<FlowRun[]>(() => demoRuns());
  const [suggestions, setSuggestions] = useState(demoSuggestions);
  const [filter, setFilter] = useState<Filter>('all');
  const [detailsId, setDetailsId] = useState<string | null>(null);

  const visible = filter === 'all' ? runs : runs.filter((run) => run.status === filter);
  const detailsRun = runs.find((run) => run.id === detailsId) ?? null;

  const handleAction = (id: string, action: RunAction) => setRuns((all) => all.map((run) => (run.id === id ? transition(run, action) : run)));

  const handleExportLog = (run: FlowRun) => {
    const blob = new Blob([JSON.stringify(run, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${run.id}-log.json`;
    link.click();
    URL.revokeObjectURL(url);
    notify.success(t('toast.log_exported'), t('toast.log_exported_description', { name: t(`demo.runs.${run.key}.name`) }));
  };

  const handleApply = (id: string) => {
    const suggestion = suggestions.find((s) => s.id === id);
    if (!suggestion) return;
    setSuggestions((all) => all.map((s) => (s.id === id ? { ...s, applied: true } : s)));
    notify.success(t('suggestions.toast.applied'), t('suggestions.toast.applied_description', { name: t(`demo.suggestions.${suggestion.key}.workflow`) }));
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <Breadcrumb label={t('breadcrumb.label')} homeLabel={t('breadcrumb.home')} current={t('breadcrumb.current')} />
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('description')}</p>
      </header>
      <RunCounters runs={runs} />
      <SelectInput
        className="max-w-xs"
        label={t('filter.label')}
        value={filter}
        options={[{ value: 'all', label: t('filter.all') }, ...RUN_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))]}
        onChange={(value) => setFilter(value as Filter)}
      />
      {visible.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-sm text-slate-500 ring-1 ring-slate-200">{t('run.empty')}</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {visible.map((run) => (
            <RunCard key={run.id} run={run} onAction={handleAction} onShowDetails={(r) => setDetailsId(r.id)} onExportLog={handleExportLog} />
          ))}
        </div>
      )}
      <SuggestionList
        suggestions={suggestions}
        onIgnore={(id) => setSuggestions((all) => all.filter((s) => s.id !== id))}
        onApply={handleApply}
      />
      <RunDetailsDialog run={detailsRun} onClose={() => setDetailsId(null)} />
    </div>
  );
}
