// The auth screen's left half on wide screens: what Kollega promises, as benefit bullets.
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon } from '@/components/ui/status-icons';
import { Logo } from '@/components/ui/logo';

const benefits = ['no_code', 'logged', 'errors', 'time'] as const;

export function MarketingPanel() {
  const { t } = useTranslation('auth');
  return (
    <aside className="relative hidden overflow-hidden bg-gradient-to-br from-indigo-700 via-indigo-600 to-violet-700 text-white lg:sticky lg:top-0 lg:flex lg:h-screen lg:flex-col lg:justify-between lg:p-12 xl:p-16">
      <div aria-hidden="true" className="absolute -top-24 -right-24 size-96 rounded-full bg-white/10 blur-3xl" />
      <div aria-hidden="true" className="absolute -bottom-32 -left-16 size-96 rounded-full bg-violet-400/20 blur-3xl" />
      <Logo size="lg" variant="white" className="relative" />
      <div className="relative max-w-lg">
        <h2 className="text-4xl font-bold tracking-tight text-balance">{t('marketing.title')}</h2>
        <p className="mt-4 text-lg text-indigo-100">{t('marketing.description')}</p>
        <ul className="mt-10 space-y-4">
          {benefits.map((benefit) => (
            <li key={benefit} className="flex items-start gap-3">
              <CheckCircleIcon className="mt-0.5 size-6 shrink-0 text-emerald-300" />
              <span className="text-base text-white">{t(`marketing.benefits.${benefit}`)}</span>
            </li>
          ))}
        </ul>
      </div>
      <p className="relative text-sm text-indigo-200">{t('marketing.social_proof')}</p>
    </aside>
  );
}
