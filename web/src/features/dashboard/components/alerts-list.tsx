// Alerts of three kinds; static sample data (SPEC §3 dashboard sample alert).
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { ExclamationCircleIcon, ExclamationTriangleIcon, SparklesIcon } from '@/components/ui/icons';

type SampleAlert = {
  id: 'invoice_error' | 'rent_warning' | 'ai_info';
  type: 'error' | 'warning' | 'info';
  to: '/error-queue' | '/workflow-execution';
};

const sampleAlerts: SampleAlert[] = [
  { id: 'invoice_error', type: 'error', to: '/error-queue' },
  { id: 'rent_warning', type: 'warning', to: '/workflow-execution' },
  { id: 'ai_info', type: 'info', to: '/workflow-execution' },
];

const looks = {
  error: { box: 'bg-red-50 ring-red-200', icon: 'text-red-500', Icon: ExclamationCircleIcon },
  warning: { box: 'bg-amber-50 ring-amber-200', icon: 'text-amber-500', Icon: ExclamationTriangleIcon },
  info: { box: 'bg-sky-50 ring-sky-200', icon: 'text-sky-500', Icon: SparklesIcon },
};

export function AlertsList() {
  const { t } = useTranslation('dashboard');
  return (
    <Card title={t('alerts.title')}>
      <ul className="space-y-3">
        {sampleAlerts.map(({ id, type, to }) => {
          const { box, icon, Icon } = looks[type];
          return (
            <li key={id} className={`flex gap-3 rounded-lg p-3 ring-1 ring-inset ${box}`}>
              <Icon className={`size-5 shrink-0 ${icon}`} />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-slate-900">
                  <span className="sr-only">{t(`alerts.types.${type}`)}: </span>
                  {t(`alerts.items.${id}.title`)}
                </p>
                <p className="text-sm text-slate-600">{t(`alerts.items.${id}.description`)}</p>
                <p className="mt-1 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
                  <span>{t(`alerts.items.${id}.time`)}</span>
                  <Link to={to} className="font-semibold text-indigo-700 hover:text-indigo-600">
                    {t(`alerts.items.${id}.action`)}
                  </Link>
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
