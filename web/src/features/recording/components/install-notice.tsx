// Shown on Track & Trace (and the onboarding record step) when the Kollega Recorder extension is missing.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ExclamationCircleIcon } from '@/components/ui/status-icons';

export function InstallNotice() {
  const { t } = useTranslation('recording');
  return (
    <div role="status" className="flex gap-3 rounded-lg bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-inset ring-amber-200">
      <ExclamationCircleIcon className="size-5 shrink-0 text-amber-500" />
      <div className="space-y-1">
        <p className="font-semibold">{t('install_notice.title')}</p>
        <p>{t('install_notice.description')}</p>
        <Link to="/recorder-extension" className="font-semibold text-indigo-700 underline hover:text-indigo-600">
          {t('install_notice.link')}
        </Link>
      </div>
    </div>
  );
}
