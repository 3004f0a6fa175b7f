import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button-styles';
import { ArrowRightIcon } from '@/components/ui/icons';

export function CtaSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="cta-title" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-700 px-6 py-14 text-center shadow-xl sm:px-12">
          <div aria-hidden="true" className="absolute -top-20 -right-20 size-72 rounded-full bg-white/10 blur-2xl" />
          <h2 id="cta-title" className="relative text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            {t('cta.title')}
          </h2>
          <p className="relative mx-auto mt-4 max-w-xl text-lg text-indigo-100">{t('cta.description')}</p>
          <Link
            to="/auth"
            search={{ view: 'register' }}
            className={buttonClasses({ variant: 'inverse', size: 'lg', className: 'relative mt-8 whitespace-normal' })}
          >
            {t('cta.button')}
            <ArrowRightIcon className="size-5 shrink-0" />
          </Link>
          <p className="relative mt-4 text-sm text-indigo-200">{t('cta.note')}</p>
        </div>
      </div>
    </section>
  );
}
