import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';

export function FullPageSpinner() {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-screen items-center justify-center text-indigo-600">
      <Spinner label={t('loading')} className="size-8" />
    </div>
  );
}
