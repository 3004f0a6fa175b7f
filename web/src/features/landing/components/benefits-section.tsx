import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button-styles';
import { BoltIcon } from '@/components/ui/icons';

const benefits = ['hours', 'roi', 'implementation', 'productivity'] as const;

export function BenefitsSection() {
  const { t } = useTranslation('landing');
  return (
    <section id="benefits" aria-labelledby="benefits-title" className="scroll-mt-16 bg-indigo-950 py-20 text-white sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-indigo-300 uppercase">{t('benefits.eyebrow')}</p>
          <h2 id="benefits-title" className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {t('benefits.title')}
          </h2>
          <p className="mt-4 text-lg text-indigo-200">{t('benefits.description')}</p>
        </div>
        <dl className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {benefits.map((benefit) => (
            <div key={benefit} className="flex flex-col-reverse rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
              <dt className="mt-2 text-sm text-indigo-200">{t(`benefits.items.${benefit}.label`)}</dt>
              <dd className="text-4xl font-bold tracking-tight">{t(`benefits.items.${benefit}.value`)}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-10 flex flex-col items-start gap-6 rounded-2xl bg-gradient-to-r from-indigo-600 to-violet-600 p-8 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-4">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-white/15">
              <BoltIcon className="size-6" />
            </span>
            <div>
              <h3 className="text-xl font-semibold">{t('benefits.quick_start_title')}</h3>
              <p className="mt-1 text-indigo-100">{t('benefits.quick_start_description')}</p>
            </div>
          </div>
          <Link to="/auth" search={{ view: 'register' }} className={buttonClasses({ variant: 'inverse', size: 'lg' })}>
            {t('hero.cta_primary')}
          </Link>
        </div>
      </div>
    </section>
  );
}
