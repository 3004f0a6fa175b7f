// Four figures: pending errors (live count); resolved today, average time and recovery are static (SPEC §2).
import { useTranslation } from 'react-i18next';

export function ErrorStatCards({ pendingCount }: { pendingCount: number | null }) {
  const { t } = useTranslation('error_queue');
  const cards = [
    { label: t('stats.pending'), value: pendingCount === null ? '–' : String(pendingCount), tone: 'text-red-600' },
    { label: t('stats.resolved_today'), value: t('stats.resolved_today_value'), tone: 'text-emerald-600' },
    { label: t('stats.average_time'), value: t('stats.average_time_value'), tone: 'text-slate-900' },
    { label: t('stats.recovery'), value: t('stats.recovery_value'), tone: 'text-indigo-600' },
  ];
  return (
    <dl aria-label={t('stats.label')} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {cards.map((card) => (
        <div key={card.label} className="rounded-xl bg-white p-4 shadow-sm sm:p-5 ring-1 ring-slate-200">
          <dt className="text-sm font-medium text-slate-600">{card.label}</dt>
          <dd className={`mt-2 text-3xl font-bold tracking-tight ${card.tone}`}>{card.value}</dd>
        </div>
      ))}
    </dl>
  );
}
