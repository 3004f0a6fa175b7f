// SPEC §2: running, paused, completed, failed, pending and total, over all the organisation's runs, and
// the runs a decision stopped for review.
import type { RunCounts } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import { RUN_STATUSES } from '../run-statuses';

export function RunCounters({ counts }: { counts: RunCounts | undefined }) {
  const { t } = useTranslation('flow_runs');
  return (
    <section aria-label={t('counters.label')}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-7">
        {[...RUN_STATUSES, 'total' as const].map((key) => (
          <div key={key} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <dt className="text-sm text-slate-600">{t(`counters.${key}`)}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">{counts ? counts[key] : t('counters.unknown')}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
