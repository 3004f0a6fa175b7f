import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';

type DashboardGreetingProps = {
  fullName: string;
  organizationName: string;
  now?: Date;
};

function partOfDay(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  return 'evening';
}

export function DashboardGreeting({ fullName, organizationName, now = new Date() }: DashboardGreetingProps) {
  const { t } = useTranslation('dashboard');
  const firstName = fullName.trim().split(/\s+/)[0] ?? fullName;
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {t(`greeting.${partOfDay(now.getHours())}`, { name: firstName })}
      </h1>
      <p className="mt-2 text-sm text-slate-600">{t('today', { date: formatDate(now), organization: organizationName })}</p>
    </section>
  );
}
