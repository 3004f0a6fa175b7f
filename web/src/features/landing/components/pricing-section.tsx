// Three plans (SPEC §1). Prices follow the language: kronor in Swedish, dollars in English.
import { useTranslation } from 'react-i18next';
import { PricingCard } from './pricing-card';
import { SectionHeading } from './section-heading';

export type Plan = {
  id: 'starter' | 'professional' | 'enterprise';
  monthly: boolean;
  popular?: boolean;
};

const plans: Plan[] = [
  { id: 'starter', monthly: true },
  { id: 'professional', monthly: true, popular: true },
  { id: 'enterprise', monthly: false },
];

export function PricingSection() {
  const { t } = useTranslation('landing');
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="pricing-title"
          eyebrow={t('pricing.eyebrow')}
          title={t('pricing.title')}
          description={t('pricing.description')}
        />
        <ul className="mx-auto mt-16 grid max-w-md gap-8 lg:max-w-none lg:grid-cols-3 lg:items-center">
          {plans.map((plan) => (
            <PricingCard key={plan.id} plan={plan} />
          ))}
        </ul>
      </div>
    </section>
  );
}
