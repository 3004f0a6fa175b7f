import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';

/** SPEC §2: a client-side check; the server refuses non-admins anyway. */
export function AccessDenied() {
  const { t } = useTranslation('users');
  return (
    <section className="mx-auto max-w-2xl">
      <Alert variant="error" title={t('access_denied.title')}>
        {t('access_denied.description')}
      </Alert>
    </section>
  );
}
