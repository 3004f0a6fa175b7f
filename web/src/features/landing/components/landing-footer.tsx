import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/ui/logo';

const sections = ['features', 'benefits', 'industries', 'pricing'] as const;

export function LandingFooter() {
  const { t } = useTranslation('landing');
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-12 sm:px-6 lg:flex-row lg:items-start lg:justify-between lg:px-8">
        <div className="max-w-sm">
          <Logo size="sm" />
          <p className="mt-3 text-sm text-slate-600">{t('footer.tagline')}</p>
          <p className="mt-1 text-sm text-slate-500">{t('footer.data_location')}</p>
        </div>
        <nav aria-label={t('header.nav_label')} className="flex flex-wrap gap-x-6 gap-y-2">
          {sections.map((section) => (
            <Link key={section} to="/landing" hash={section} className="rounded text-sm text-slate-600 hover:text-slate-900">
              {t(`header.${section}`)}
            </Link>
          ))}
        </nav>
      </div>
      <div className="border-t border-slate-100">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-500 sm:px-6 lg:px-8">{t('footer.copyright')}</p>
      </div>
    </footer>
  );
}
