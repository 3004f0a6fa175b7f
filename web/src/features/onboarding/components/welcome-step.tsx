import { useTranslation } from 'react-i18next';
import { CheckCircleIcon } from '@/components/ui/icons';

const points = ['record', 'suggestions', 'activate'] as const;

export function WelcomeStep() {
  const { t } = useTranslation('onboarding');
  return (
    <div className="space-y-4">
      <h3 className="text-lg font-semibold text-slate-900">{t('steps.welcome.heading')}</h3>
      <p className="text-sm text-slate-600">{t('steps.welcome.description')}</p>
      <ul className="space-y-2">
        {points.map((point) => (
          <li key={point} className="flex items-center gap-2 text-sm text-slate-700">
            <CheckCircleIcon className="size-5 text-emerald-500" />
            {t(`steps.welcome.points.${point}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
