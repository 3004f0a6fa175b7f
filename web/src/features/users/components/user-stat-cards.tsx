import type { UserStats } from '@shared/types/api';
import { useTranslation } from 'react-i18next';

export function UserStatCards({ stats }: { stats: UserStats }) {
  const { t } = useTranslation('users');
  const cards = [
    { label: t('stats.total'), value: stats.total },
    { label: t('stats.active'), value: stats.active },
    { label: t('stats.admins'), value: stats.admins },
    { label: t('stats.superusers'), value: stats.superusers },
  ];
  return (
    <dl aria-label={t('stats.label')} className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {cards.map((card) => (
        <div key={card.label} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
          <dt className="text-sm font-medium text-slate-600">{card.label}</dt>
          <dd className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{card.value}</dd>
        </div>
      ))}
    </dl>
  );
}
