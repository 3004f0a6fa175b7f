// Any unknown path (SPEC §2): title 'Page Not Found', '404 Page Not Found' and the router hint.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button-styles';
import { ExclamationCircleIcon } from '@/components/ui/status-icons';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function NotFound() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('not_found.title'), { bare: true });
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-900/5">
        <div className="flex items-center gap-3">
          <ExclamationCircleIcon className="size-8 shrink-0 text-red-500" />
          <h1 className="text-2xl font-bold text-slate-900">{t('not_found.heading')}</h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">{t('not_found.description')}</p>
        <Link to="/" className={buttonClasses({ variant: 'secondary', className: 'mt-6' })}>
          {t('not_found.home')}
        </Link>
      </div>
    </main>
  );
}
