// What is known about a run: status, how and by whom it started, its times, attempt, version and id.
import type { RunDetail } from '@shared/types/api';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { RunStatusBadge } from './run-status-badge';

export function RunFacts({ run }: { run: RunDetail }) {
  const { t } = useTranslation('flow_runs');
  const none = t('details.facts.none');
  const time = (value: string | null) => (value ? <time dateTime={value}>{formatDateTime(value)}</time> : none);
  const rows: Array<[string, ReactNode]> = [
    [t('details.facts.status'), <RunStatusBadge key="status" status={run.status} />],
    [t('details.facts.trigger'), t(`run.trigger.${run.trigger}`)],
    [t('details.facts.started_by'), run.startedByName ?? none],
    [t('details.facts.created'), time(run.createdAt)],
    [t('details.facts.started'), time(run.startedAt)],
    [t('details.facts.finished'), time(run.finishedAt)],
    [t('details.facts.attempt'), run.attempt],
    [t('details.facts.version'), run.workflowVersion],
    [t('details.facts.id'), <span key="id" className="font-mono break-all">{run.id}</span>],
  ];
  const inputs = Object.entries(run.inputs);
  const labels = new Map((run.inputsShown ?? []).map((input) => [input.name, input.label]));
  return (
    <section aria-label={t('details.facts.label')} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="mt-0.5 text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {inputs.length > 0 ? (
        <div className="mt-4 border-t border-slate-100 pt-4">
          <h2 className="text-sm font-semibold text-slate-900">{t('details.inputs')}</h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            {inputs.map(([name, value]) => (
              <div key={name} className="contents">
                <dt className={labels.get(name) ? 'text-slate-600' : 'font-mono text-slate-600'}>{labels.get(name) || name}</dt>
                <dd className="break-words text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
    </section>
  );
}
