import { useTranslation } from 'react-i18next';
import { countByStatus, type FlowRun, RUN_STATUSES } from '../model';

export function RunCounters({ runs }: { runs: FlowRun[] }) {
  const { t } = useTranslation('flow_runs');
  const counts = countByStatus(runs);
  return (
    <section aria-label={t('counters.label')}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {[...RUN_STATUSES, 'total' as const].map((key) => (
          <div key={key} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <dt className="text-sm text-slate-600">{t(`counters.${key}`)}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid={`counter-${key}`}>
              {counts[key]}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
