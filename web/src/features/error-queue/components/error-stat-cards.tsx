// Four figures from GET /api/error-queue/stats: pending, resolved today, average resolution time
// (minutes, hours when long) and automatic recovery, each with its one-line definition (docs/product.md
// "Figures"). A figure nothing measured yet says so.
import { useQuery } from '@tanstack/react-query';
import type { ErrorQueueStats } from '@shared/types/api';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FigureDefinition } from '@/components/ui/figure-definition';
import { errorQueueStatsQueryOptions } from '../api/get-error-queue-stats';

/** From two hours on, the average is shown in hours. */
const HOURS_FROM_MINUTES = 120;

type Figure = { key: 'pending' | 'resolved_today' | 'average_time' | 'recovery'; label: string; value: string | null; hint?: string; tone: string };

function formatDuration(minutes: number, t: TFunction<'error_queue'>, language: string): string {
  if (minutes >= HOURS_FROM_MINUTES) {
    return t('stats.hours', { value: (minutes / 60).toLocaleString(language, { maximumFractionDigits: 1 }) });
  }
  return t('stats.minutes', { value: Math.round(minutes).toLocaleString(language) });
}

function figures(stats: ErrorQueueStats | undefined, t: TFunction<'error_queue'>, language: string): Figure[] {
  return [
    { key: 'pending', label: t('stats.pending'), value: stats ? String(stats.pending) : null, tone: 'text-red-600' },
    { key: 'resolved_today', label: t('stats.resolved_today'), value: stats ? String(stats.resolvedToday) : null, tone: 'text-emerald-600' },
    {
      key: 'average_time',
      label: t('stats.average_time'),
      value: stats?.averageResolutionMinutes == null ? null : formatDuration(stats.averageResolutionMinutes, t, language),
      hint: t('stats.average_time_hint'),
      tone: 'text-slate-900',
    },
    {
      key: 'recovery',
      label: t('stats.recovery'),
      value: stats?.automaticRecoveryRate == null ? null : t('stats.percent', { value: Math.round(stats.automaticRecoveryRate) }),
      hint: t('stats.recovery_hint'),
      tone: 'text-indigo-600',
    },
  ];
}

export function ErrorStatCards() {
  const { t, i18n } = useTranslation('error_queue');
  const stats = useQuery(errorQueueStatsQueryOptions());
  const missing = stats.isPending ? null : stats.isError ? t('stats.unavailable') : t('stats.no_data');
  return (
    <dl aria-label={t('stats.label')} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {figures(stats.data, t, i18n.language).map((figure) => (
        <div key={figure.key} className="relative rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
          <dt className="pr-5 text-sm font-medium text-slate-600">{figure.label}</dt>
          <dd className={`mt-2 text-3xl font-bold tracking-tight ${figure.value === null ? 'text-slate-500' : figure.tone}`}>
            {figure.value ?? t('stats.none')}
          </dd>
          {figure.value === null && missing ? (
            <dd className="mt-1 text-xs text-slate-600">{missing}</dd>
          ) : figure.hint && figure.value !== null ? (
            <dd className="mt-1 text-xs text-slate-600">{figure.hint}</dd>
          ) : null}
          <dd>
            <FigureDefinition label={t('stats.definitions.what', { figure: figure.label })} text={t(`stats.definitions.${figure.key}`)} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
