import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button-styles';
import { ArrowRightIcon, SparklesIcon } from '@/components/ui/icons';
import { HeroPreview } from './hero-preview';

const stats = ['less_admin', 'accuracy', 'companies'] as const;

export function HeroSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-indigo-50/80 via-white to-white">
      <div className="mx-auto grid max-w-7xl items-center gap-14 px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-2 lg:px-8 lg:pt-24 lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-indigo-700 shadow-sm ring-1 ring-indigo-100">
            <SparklesIcon className="size-4" />
            {t('hero.badge')}
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
            {t('hero.title_start')}{' '}
            <span className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent">{t('hero.title_highlight')}</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-600">{t('hero.description')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/auth" search={{ view: 'register' }} className={buttonClasses({ size: 'lg' })}>
              {t('hero.cta_primary')}
              <ArrowRightIcon className="size-5" />
            </Link>
            <Link to="/landing" hash="features" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
              {t('hero.cta_secondary')}
            </Link>
          </div>
          <p className="mt-4 text-sm text-slate-500">{t('hero.note')}</p>
          <dl aria-label={t('hero.stats_label')} className="mt-10 grid max-w-lg grid-cols-3 gap-4 border-t border-slate-200 pt-8">
            {stats.map((stat) => (
              <div key={stat} className="flex flex-col-reverse">
                <dt className="mt-1 text-sm text-slate-600">{t(`hero.stats.${stat}_label`)}</dt>
                <dd className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t(`hero.stats.${stat}_value`)}</dd>
              </div>
            ))}
          </dl>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}
