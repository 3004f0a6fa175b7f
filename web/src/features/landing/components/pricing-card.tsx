import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button-styles';
import { CheckIcon } from '@/components/ui/icons';
import type { Plan } from './pricing-section';

type PricingCardProps = {
  plan: Plan;
};

export function PricingCard({ plan }: PricingCardProps) {
  const { t } = useTranslation('landing');
  const titleId = `plan-${plan.id}`;
  const features = Object.values(t(`pricing.plans.${plan.id}.features`, { returnObjects: true }));
  return (
    <li
      aria-labelledby={titleId}
      className={`relative flex flex-col rounded-3xl bg-white p-8 ${
        plan.popular ? 'shadow-xl ring-2 ring-indigo-600 lg:-my-4 lg:py-12' : 'shadow-sm ring-1 ring-slate-900/10'
      }`}
    >
      {plan.popular ? (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-indigo-600 px-3 py-1 text-xs font-semibold text-white shadow-sm">
          {t('pricing.most_popular')}
        </p>
      ) : null}
      <h3 id={titleId} className="text-lg font-semibold text-slate-900">
        {t(`pricing.plans.${plan.id}.name`)}
      </h3>
      <p className="mt-2 text-sm text-slate-600">{t(`pricing.plans.${plan.id}.description`)}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className={`font-bold tracking-tight whitespace-nowrap text-slate-900 ${plan.monthly ? 'text-4xl' : 'text-3xl'}`}>{t(`pricing.plans.${plan.id}.price`)}</span>
        {plan.monthly ? <span className="text-sm font-medium text-slate-500">{t('pricing.period')}</span> : null}
      </p>
      <ul className="mt-8 flex-1 space-y-3 text-sm text-slate-700">
        {features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <CheckIcon className="size-5 shrink-0 text-indigo-600" />
            {feature}
          </li>
        ))}
      </ul>
      {plan.id === 'enterprise' ? (
        <a
          href={`mailto:${t('pricing.plans.enterprise.email')}`}
          className={buttonClasses({ variant: 'secondary', className: 'mt-8 w-full' })}
        >
          {t('pricing.plans.enterprise.cta')}
        </a>
      ) : (
        <Link
          to="/auth"
          search={{ view: 'register' }}
          className={buttonClasses({ variant: plan.popular ? 'primary' : 'secondary', className: 'mt-8 w-full' })}
        >
          {t(`pricing.plans.${plan.id}.cta`)}
        </Link>
      )}
    </li>
  );
}
