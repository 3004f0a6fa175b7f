import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button-styles';
import { ExclamationTriangleIcon } from '@/components/ui/status-icons';

export function InvalidResetLink() {
  const { t } = useTranslation('auth');
  return (
    <div className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-900/5 sm:p-8">
      <ExclamationTriangleIcon className="mx-auto size-10 text-amber-500" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{t('reset.invalid_title')}</h1>
      <p className="mt-2 text-sm text-slate-600">{t('reset.invalid_description')}</p>
      <Link to="/auth" className={buttonClasses({ className: 'mt-6' })}>
        {t('reset.back_to_login')}
      </Link>
    </div>
  );
}
