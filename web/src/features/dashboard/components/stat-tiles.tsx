// Four key figures from GET /api/dashboard/stats: executions this month, hours saved per week (and
// this month), AI confidence, flows running now. A figure nothing measured yet says so; each tile's one-line
// definition (docs/product.md "Figures") shows on hover and is its accessible description. Test runs count in none.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BoltIcon, ClockIcon, type IconComponent, PlayCircleIcon, SparklesIcon } from '@/components/ui/icons';
import { dashboardStatsQueryOptions } from '../api/get-dashboard-stats';
import { DASHBOARD_REFRESH_MS } from '../types';

type Tile = { key: 'executions' | 'hours_saved' | 'confidence' | 'running'; label: string; icon: IconComponent; value: string | null; detail: string };

export function StatTiles() {
  const { t, i18n } = useTranslation('dashboard');
  const stats = useQuery({ ...dashboardStatsQueryOptions(), refetchInterval: DASHBOARD_REFRESH_MS });
  const data = stats.data;
  const hours = (value: number) => t('stats.hours', { hours: value.toLocaleString(i18n.language, { maximumFractionDigits: 1 }) });
  const monthHours = data?.hoursSavedThisMonth;

  const tiles: Tile[] = [
    {
      key: 'executions',
      label: t('stats.executions'),
      icon: BoltIcon,
      value: data ? data.executionsThisMonth.toLocaleString(i18n.language) : null,
      detail: t('stats.executions_detail'),
    },
    {
      key: 'hours_saved',
      label: t('stats.hours_saved'),
      icon: ClockIcon,
      value: data?.hoursSavedThisWeek == null ? null : hours(data.hoursSavedThisWeek),
      detail:
        monthHours == null
          ? t('stats.hours_saved_month_none')
          : t('stats.hours_saved_month', { hours: monthHours.toLocaleString(i18n.language, { maximumFractionDigits: 1 }) }),
    },
    {
      key: 'confidence',
      label: t('stats.confidence'),
      icon: SparklesIcon,
      value: data?.aiConfidence == null ? null : t('stats.confidence_value', { confidence: Math.round(data.aiConfidence) }),
      detail: t('stats.confidence_detail'),
    },
    {
      key: 'running',
      label: t('stats.running'),
      icon: PlayCircleIcon,
      value: data ? String(data.runningNow) : null,
      detail: t('stats.running_detail', { count: data?.waitingForPeople ?? 0 }),
    },
  ];

  const missing = stats.isPending ? t('stats.loading') : stats.isError ? t('stats.error') : t('stats.no_data');

  return (
    <section aria-label={t('stats.title')} aria-busy={stats.isPending || undefined}>
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {tiles.map(({ key, label, icon: Icon, value, detail }) => (
          <div key={key} title={t(`stats.definitions.${key}`)} aria-description={t(`stats.definitions.${key}`)} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
              <Icon className="size-5 text-indigo-500" />
              {label}
            </dt>
            <dd className={`mt-2 text-2xl font-bold ${value === null ? 'text-slate-500' : 'text-slate-900'}`}>{value ?? t('stats.none')}</dd>
            <dd className="mt-1 text-xs text-slate-600">{value === null ? missing : detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
