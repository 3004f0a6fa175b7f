// Four key figures; static demonstration values (SPEC §2 dashboard).
import { useTranslation } from 'react-i18next';
import { BoltIcon, ClockIcon, type IconComponent, PlayCircleIcon, SparklesIcon } from '@/components/ui/icons';

type Tile = {
  key: 'executions' | 'hours_saved' | 'confidence' | 'running';
  detail: 'executions_trend' | 'hours_saved_month' | 'confidence_trend' | 'running_trend';
  icon: IconComponent;
};

const tiles: Tile[] = [
  { key: 'executions', detail: 'executions_trend', icon: BoltIcon },
  { key: 'hours_saved', detail: 'hours_saved_month', icon: ClockIcon },
  { key: 'confidence', detail: 'confidence_trend', icon: SparklesIcon },
  { key: 'running', detail: 'running_trend', icon: PlayCircleIcon },
];

export function StatTiles() {
  const { t } = useTranslation('dashboard');
  return (
    <section aria-label={t('stats.title')}>
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {tiles.map(({ key, detail, icon: Icon }) => (
          <div key={key} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
              <Icon className="size-5 text-indigo-500" />
              {t(`stats.${key}`)}
            </dt>
            <dd className="mt-2 text-2xl font-bold text-slate-900">{t(`stats.${key}_value`)}</dd>
            <dd className="mt-1 text-xs text-slate-500">{t(`stats.${detail}`)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
